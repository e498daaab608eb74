#include "charts/chartstyle.h"

#include <QPainter>
#include <QPolygonF>
#include <QTextDocument>
#include <QtMath>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <set>

#include "accellab/quality.h"
#include "i18n/adviceterms.h"

namespace accellab::gui {

namespace {

// Okabe & Ito's palette without its black, which vanishes on a dark theme: told apart by
// the common forms of colour blindness, in print, and on light and dark backgrounds; then,
// for the variants beyond its seven, Paul Tol's muted and ColorBrewer's Dark2 hues of middle
// lightness (readable on both themes).
constexpr QRgb kBlue = 0x0072b2, kOrange = 0xe69f00, kGreen = 0x009e73, kSky = 0x56b4e9,
               kPurple = 0xcc79a7, kYellow = 0xf0e442, kVermillion = 0xd55e00, kBrown = 0xa6761d,
               kRose = 0xcc6677, kIndigo = 0x7570b3, kGrey = 0x8f8f8f, kMagenta = 0xe7298a,
               kLime = 0x66a61e, kTeal = 0x44aa99, kSand = 0xddcc77, kCyan = 0x88ccee,
               kOlive = 0x999933;
// The variants AccelLab ships; any other variant gets a colour from its name's hash.
struct KnownVariant {
  const char* name;
  QRgb colour;
};
// Every variant AccelLab ships has a colour of its own, so any of them shown together (add
// has fifteen with its Python ones) are told apart on every tab, run and export.
constexpr std::array<KnownVariant, 17> kKnownVariants = {{{"loop", kBlue},
                                                          {"loop-strided", kPurple},
                                                          {"vectorized", kOrange},
                                                          {"parallel", kGreen},
                                                          {"gpu", kSky},
                                                          {"gpu-lib", kVermillion},
                                                          {"std-par", kYellow},
                                                          {"blocked", kBrown},
                                                          {"blas", kRose},
                                                          {"mpi", kIndigo},
                                                          {"python-loop", kGrey},
                                                          {"numpy", kMagenta},
                                                          {"numpy-out", kLime},
                                                          {"numba", kTeal},
                                                          {"numba-prange", kSand},
                                                          {"dask", kOlive},
                                                          {"numba-cuda", kCyan}}};
constexpr std::array<QRgb, 16> kPalette = {kBlue,       kOrange, kGreen, kSky,    kPurple, kYellow,
                                           kVermillion, kBrown,  kRose,  kIndigo, kGrey,   kMagenta,
                                           kLime,       kTeal,   kSand,  kCyan};
constexpr std::array<Qt::BrushStyle, 5> kPatterns = {
    Qt::SolidPattern, Qt::BDiagPattern, Qt::CrossPattern, Qt::FDiagPattern, Qt::DiagCrossPattern};
// Dots first: a dash longer than the legend's line sample would look solid there.
constexpr std::array<Qt::PenStyle, 5> kDashes = {Qt::SolidLine, Qt::DotLine, Qt::DashDotLine,
                                                 Qt::DashLine, Qt::DashDotDotLine};

std::optional<QRgb> knownColour(const std::string& variant) {
  for (const KnownVariant& known : kKnownVariants)
    if (variant == known.name) return known.colour;
  return std::nullopt;
}

// The palette index of a name's hash: FNV-1a, the same in every build and process, unlike
// qHash's seeded one.
std::size_t hashed(const std::string& variant) {
  std::uint32_t hash = 2166136261u;
  for (const char c : variant) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  return hash % kPalette.size();
}

// 0 for the latest run shown, 1 for the one before, ...
std::size_t age(const ChartInput& input, std::size_t run) { return input.runs.size() - 1 - run; }

}  // namespace

QColor variantColour(const std::string& variant) {
  if (const auto known = knownColour(variant)) return QColor::fromRgb(*known);
  return QColor::fromRgb(kPalette[hashed(variant)]);
}

QColor variantColour(const ChartInput& input, const std::string& variant) {
  if (const auto known = knownColour(variant)) return QColor::fromRgb(*known);
  std::vector<std::string> variants;
  for (const QString& label : input.labels) {
    std::string named = variantOfLabel(input, label);
    if (std::ranges::find(variants, named) == variants.end()) variants.push_back(std::move(named));
  }
  std::set<QRgb> taken;
  for (const std::string& other : variants)
    if (const auto known = knownColour(other)) taken.insert(*known);
  for (const std::string& other : variants) {
    if (knownColour(other)) continue;
    const std::size_t start = hashed(other);
    for (std::size_t step = 0; step < kPalette.size(); ++step) {
      const QRgb colour = kPalette[(start + step) % kPalette.size()];
      if (taken.contains(colour)) continue;
      taken.insert(colour);
      if (other == variant) return QColor::fromRgb(colour);
      break;
    }
  }
  return variantColour(variant);  // not in the chart, or more variants than colours
}

std::string variantOfLabel(const ChartInput& input, const QString& label) {
  for (const ChartPoint& point : input.points)
    if (point.label == label) return point.result.point.variant;
  // A label of a point not drawn: "parallel ×2" is the variant, then its threads.
  const qsizetype times = label.lastIndexOf(QStringLiteral(" \u00d7"));
  return (times > 0 ? label.left(times) : label).toStdString();
}

QColor labelColour(const ChartInput& input, const QString& label) {
  return variantColour(input, variantOfLabel(input, label));
}

std::size_t labelShape(const ChartInput& input, const QString& label) {
  const std::string variant = variantOfLabel(input, label);
  std::size_t shape = 0;
  for (const QString& other : input.labels) {
    if (other == label) return shape;
    if (variantOfLabel(input, other) == variant) ++shape;
  }
  return shape;
}

QImage markerImage(std::size_t shape, const QColor& colour, qreal size) {
  constexpr qreal kScale = 2;  // sharp on high-density screens and in exports
  QImage image(QSize(qCeil(size * kScale), qCeil(size * kScale)),
               QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::transparent);
  image.setDevicePixelRatio(kScale);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(QPen(colour.darker(130), 1));
  painter.setBrush(colour);
  const QRectF box(1, 1, size - 2, size - 2);
  switch (shape % 5) {
    case 0:
      painter.drawEllipse(box);
      break;
    case 1:
      painter.drawRect(box.adjusted(1, 1, -1, -1));
      break;
    case 2:
      painter.drawPolygon(
          QPolygonF{{box.center().x(), box.top()}, box.bottomRight(), box.bottomLeft()});
      break;
    case 3:
      painter.drawPolygon(QPolygonF{{box.center().x(), box.top()},
                                    {box.right(), box.center().y()},
                                    {box.center().x(), box.bottom()},
                                    {box.left(), box.center().y()}});
      break;
    default:
      painter.drawPolygon(
          QPolygonF{box.topLeft(), box.topRight(), {box.center().x(), box.bottom()}});
      break;
  }
  return image;
}

Qt::BrushStyle runPattern(const ChartInput& input, std::size_t run) {
  return kPatterns[age(input, run) % kPatterns.size()];
}

Qt::PenStyle runDash(const ChartInput& input, std::size_t run) {
  return kDashes[age(input, run) % kDashes.size()];
}

QBrush elementBrush(const ChartInput& input, const QString& label, std::size_t run, bool light) {
  QColor colour = labelColour(input, label);
  if (light) colour = colour.lighter(130);
  return QBrush(colour, runPattern(input, run));
}

QPen elementPen(const ChartInput& input, const QString& label) {
  QPen pen(labelColour(input, label).darker(115));
  pen.setWidthF(1.5);
  return pen;
}

QColor flagColour() { return QColor(0xe1, 0x57, 0x59); }

double widestLabel(const QStringList& labels, const QFont& font) {
  // Laid out as Qt Charts lays a label out, as rich text: there the invisible characters that
  // keep axis labels apart take room too.
  QTextDocument document;
  document.setDocumentMargin(0);
  document.setDefaultFont(font);
  double widest = 0;
  for (const QString& label : labels) {
    document.setHtml(label);
    widest = std::max(widest, document.idealWidth());
  }
  return widest;
}

double labelRoom(double widest) {
  // Qt Charts keeps a label's padding free on both sides of it (5 px each).
  constexpr double kPadding = 2 * 5;
  return widest * 1.15 + kPadding;
}

bool fitsUpright(double room, std::size_t count, double plotWidth) {
  return room <= plotWidth / static_cast<double>(std::max<std::size_t>(count, 1));
}

bool fitsUpright(const QStringList& labels, const QFont& font, std::size_t count,
                 double plotWidth) {
  return fitsUpright(labelRoom(widestLabel(labels, font)), count, plotWidth);
}

QPen flagPen() {
  QPen pen(flagColour());
  pen.setWidthF(2.5);
  pen.setStyle(Qt::DashLine);
  return pen;
}

QString flagMark() { return QStringLiteral("\u26a0"); }

QString flagNote(const ChartInput& input, const ChartPoint& point) {
  if (!point.result.flags.any()) return {};
  return QStringLiteral("%1 %2").arg(
      flagMark(), QString::fromStdString(flagAdvice(point.result, input.runs.at(point.run).limits,
                                                    windowAdviceTerms())));
}

}  // namespace accellab::gui
