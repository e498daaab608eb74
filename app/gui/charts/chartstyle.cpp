#include "charts/chartstyle.h"

#include <algorithm>
#include <array>

#include "accellab/quality.h"

namespace accellab::gui {

namespace {

// Tableau 10 without its red, which stays for ceilings and flags: distinct in print, on dark
// and light themes, and for the common forms of colour blindness.
constexpr std::array<QRgb, 9> kPalette = {0x4e79a7, 0xf28e2b, 0x59a14f, 0x76b7b2, 0xb07aa1,
                                          0xedc948, 0x9c755f, 0xff9da7, 0xbab0ac};
constexpr std::array<Qt::BrushStyle, 5> kPatterns = {
    Qt::SolidPattern, Qt::BDiagPattern, Qt::CrossPattern, Qt::FDiagPattern, Qt::DiagCrossPattern};
// Dots first: a dash longer than the legend's line sample would look solid there.
constexpr std::array<Qt::PenStyle, 5> kDashes = {Qt::SolidLine, Qt::DotLine, Qt::DashDotLine,
                                                 Qt::DashLine, Qt::DashDotDotLine};

// 0 for the latest run shown, 1 for the one before, ...
std::size_t age(const ChartInput& input, std::size_t run) { return input.runs.size() - 1 - run; }

}  // namespace

QColor variantColour(const ChartInput& input, const QString& label) {
  const auto found = std::find(input.labels.begin(), input.labels.end(), label);
  const auto index = static_cast<std::size_t>(found - input.labels.begin());
  return QColor::fromRgb(kPalette[index % kPalette.size()]);
}

Qt::BrushStyle runPattern(const ChartInput& input, std::size_t run) {
  return kPatterns[age(input, run) % kPatterns.size()];
}

Qt::PenStyle runDash(const ChartInput& input, std::size_t run) {
  return kDashes[age(input, run) % kDashes.size()];
}

QBrush elementBrush(const ChartInput& input, const QString& label, std::size_t run, bool light) {
  QColor colour = variantColour(input, label);
  if (light) colour = colour.lighter(130);
  return QBrush(colour, runPattern(input, run));
}

QPen elementPen(const ChartInput& input, const QString& label) {
  QPen pen(variantColour(input, label).darker(115));
  pen.setWidthF(1.5);
  return pen;
}

QColor flagColour() { return QColor(0xe1, 0x57, 0x59); }

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
      flagMark(),
      QString::fromStdString(flagAdvice(point.result, input.runs.at(point.run).limits)));
}

}  // namespace accellab::gui
