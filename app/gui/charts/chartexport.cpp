#include "charts/chartexport.h"

#include <QBuffer>
#include <QChart>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFontInfo>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QLegend>
#include <QPainter>
#include <QPalette>
#include <QSvgGenerator>
#include <string_view>

#include "charts/chartset.h"
#include "charts/chartview.h"
#include "session/enginefiles.h"

namespace accellab::gui {

namespace {

void layOut(ChartView& view, QSize logicalSize) {
  view.resize(logicalSize);
  view.chart()->resize(logicalSize);
  if (view.chart()->layout()) view.chart()->layout()->activate();
}

// The caption's line under the chart: its height, 0 without a caption.
int captionHeight(const ChartView& view, const QString& caption) {
  return caption.isEmpty() ? 0 : QFontMetrics(view.chart()->legend()->font()).height() + 12;
}

// The chart laid out at `logicalSize` less the caption's line, then the caption in the
// chart's colours under it, elided to its width: the file has the size asked for.
void paint(ChartView& view, QPainter& painter, QSize logicalSize, const QString& caption) {
  const int below = captionHeight(view, caption);
  const QSize chartSize = logicalSize - QSize(0, below);
  layOut(view, chartSize);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setRenderHint(QPainter::TextAntialiasing);
  view.chart()->scene()->render(&painter, QRectF(QPointF(0, 0), chartSize),
                                view.chart()->geometry());
  if (caption.isEmpty()) return;
  const QRectF line(0, chartSize.height(), logicalSize.width(), below);
  painter.fillRect(line, view.chart()->backgroundBrush());
  // In pixels of the chart's layout: a size in points would grow again with the image's dpi.
  QFont font = view.chart()->legend()->font();
  font.setPixelSize(QFontInfo(font).pixelSize());
  painter.setFont(font);
  painter.setPen(view.chart()->legend()->labelColor());
  const QString text =
      QFontMetrics(font).elidedText(caption, Qt::ElideMiddle, logicalSize.width() - 16);
  painter.drawText(line.adjusted(8, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
}

// Dots per metre of an image drawn at `scale` image pixels per logical pixel of 96 dpi.
int dotsPerMeter(qreal scale) { return qRound(scale * 96 / 0.0254); }

std::optional<QString> writeBytes(const QString& path, const QByteArray& bytes) {
  return writeFile(path,
                   std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
}

// Encoded whole in memory, then written at once.
std::optional<QString> writePng(const QImage& image, const QString& path) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (!image.save(&buffer, "PNG"))
    return QCoreApplication::translate("ChartExport", "Cannot encode the image %1")
        .arg(QDir::toNativeSeparators(path));
  return writeBytes(path, bytes);
}

// The kernels renderSessionCharts draws; when there are none, `why` says why.
std::vector<std::string> chartedKernels(const Session& session, const std::vector<int>& runIds,
                                        QString& why) {
  for (const int id : runIds) {
    if (!findRun(session, id)) {
      why = QCoreApplication::translate("ChartExport", "The session has no run %1.").arg(id);
      return {};
    }
  }
  std::vector<std::string> kernels = kernelsIn(session);
  std::erase_if(kernels, [&](const std::string& kernel) {
    return runsShown(session, kernel, runIds).empty();
  });
  if (kernels.empty())
    why = runIds.empty()
              ? QCoreApplication::translate("ChartExport", "The session holds no points to chart.")
              : QCoreApplication::translate("ChartExport",
                                            "The runs chosen hold no points to chart.");
  return kernels;
}

bool isSlugCharacter(QChar c) {
  return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
         (c >= QLatin1Char('A') && c <= QLatin1Char('Z')) ||
         (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('-') ||
         c == QLatin1Char('_');
}

}  // namespace

QImage renderChart(ChartView& view, QSize logicalSize, qreal scale, const QString& caption) {
  QImage image(logicalSize * scale, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(scale);
  image.setDotsPerMeterX(dotsPerMeter(scale));
  image.setDotsPerMeterY(dotsPerMeter(scale));
  image.fill(view.palette().color(QPalette::Window));
  QPainter painter(&image);
  paint(view, painter, logicalSize, caption);
  return image;
}

std::optional<QString> saveChartPng(ChartView& view, const QString& path, QSize logicalSize,
                                    qreal scale, const QString& caption) {
  return writePng(renderChart(view, logicalSize, scale, caption), path);
}

std::optional<QString> saveChartSvg(ChartView& view, const QString& path, QSize logicalSize,
                                    const QString& caption) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QSvgGenerator svg;
  svg.setOutputDevice(&buffer);
  svg.setSize(logicalSize);
  svg.setViewBox(QRect(QPoint(0, 0), logicalSize));
  svg.setTitle(view.chart()->title());
  if (!caption.isEmpty()) svg.setDescription(caption);
  QPainter painter;
  if (!painter.begin(&svg))
    return QCoreApplication::translate("ChartExport", "Cannot encode the drawing %1")
        .arg(QDir::toNativeSeparators(path));
  paint(view, painter, logicalSize, caption);
  painter.end();
  return writeBytes(path, bytes);
}

QString chartCaption(const Session& session, const std::vector<int>& runIds) {
  QStringList runs;
  const Run* latest = nullptr;
  for (const int id : runIds) {
    const Run* run = findRun(session, id);
    if (!run) continue;
    latest = run;
    runs << (run->name.empty() ? QCoreApplication::translate("ChartExport", "run %1").arg(id)
                               : QCoreApplication::translate("ChartExport", "run %1 \u201c%2\u201d")
                                     .arg(id)
                                     .arg(elidedName(QString::fromStdString(run->name), 80)));
  }
  if (!latest) return {};
  QStringList parts;
  if (!latest->system.cpuModel.empty())
    parts << elidedName(QString::fromStdString(latest->system.cpuModel));
  // "2026-11-30T04:33:24Z" as "2026-11-30 04:33 UTC".
  const QDateTime created =
      QDateTime::fromString(QString::fromStdString(latest->created), Qt::ISODate);
  if (created.isValid())
    parts << QCoreApplication::translate("ChartExport", "%1 UTC")
                 .arg(created.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm")));
  parts << runs.join(QStringLiteral(", "));
  return parts.join(QStringLiteral(" \u00b7 "));
}

std::optional<QString> writeChartFiles(const ChartInput& input, const QString& dir,
                                       const QString& prefix, const ChartFiles& files,
                                       QStringList& written) {
  if (!QDir().mkpath(dir))
    return QCoreApplication::translate("ChartExport", "Cannot create the folder %1")
        .arg(QDir::toNativeSeparators(dir));
  for (const auto& chart : createCharts()) {
    chart->setInput(input);
    const QString base =
        QDir(dir).filePath(QStringLiteral("%1-%2").arg(prefix, chart->exportStemFor(input)));
    const QString png = base + QStringLiteral(".png");
    if (auto error = saveChartPng(*chart, png, files.logicalSize, files.scale, files.caption))
      return error;
    written << png;
    if (!files.svg) continue;
    const QString svg = base + QStringLiteral(".svg");
    if (auto error = saveChartSvg(*chart, svg, files.logicalSize, files.caption)) return error;
    written << svg;
  }
  return std::nullopt;
}

std::optional<QString> renderSessionCharts(const Session& session, const std::vector<int>& runIds,
                                           QSize logicalSize, qreal scale,
                                           const ChartImageSink& sink) {
  QString why;
  const std::vector<std::string> kernels = chartedKernels(session, runIds, why);
  if (kernels.empty()) return why;
  const auto charts = createCharts();
  for (const std::string& kernel : kernels) {
    const ChartInput input =
        makeChartInput(session, kernel, {.baseline = defaultBaseline(session, kernel)}, runIds);
    for (const auto& chart : charts) {
      chart->setInput(input);
      if (auto error =
              sink(kernel, chart->exportStemFor(input), renderChart(*chart, logicalSize, scale)))
        return error;
    }
  }
  return std::nullopt;
}

std::optional<QString> exportSessionCharts(const Session& session, const QString& dir,
                                           QStringList& written, const std::vector<int>& runIds,
                                           bool caption) {
  // Nothing to chart writes nothing, not even the folder.
  QString why;
  const std::vector<std::string> kernels = chartedKernels(session, runIds, why);
  if (kernels.empty()) return why;
  QStringList slugs;
  for (const std::string& kernel : kernels) {
    slugs << fileSlug(kernel, slugs);
    const ChartFiles files{
        kExportLogicalSize, kExportScale,
        caption ? chartCaption(session, runsShown(session, kernel, runIds)) : QString(), false};
    const ChartInput input =
        makeChartInput(session, kernel, {.baseline = defaultBaseline(session, kernel)}, runIds);
    if (auto error = writeChartFiles(input, dir, slugs.back(), files, written)) return error;
  }
  return std::nullopt;
}

QString fileSlug(const std::string& name, const QStringList& taken) {
  QString slug;
  for (const QChar c : QString::fromStdString(name)) {
    if (slug.size() >= kMaxSlugLength) break;
    const QChar kept = isSlugCharacter(c) ? c : QLatin1Char('_');
    // "../x" is "x", not "___x".
    if (kept == QLatin1Char('_') && (slug.isEmpty() || slug.endsWith(QLatin1Char('_')))) continue;
    if (kept == QLatin1Char('-') && slug.isEmpty()) continue;
    slug += kept;
  }
  while (slug.endsWith(QLatin1Char('_'))) slug.chop(1);
  if (slug.isEmpty()) slug = QStringLiteral("kernel");
  const auto isTaken = [&](const QString& candidate) {
    return taken.contains(candidate, Qt::CaseInsensitive);
  };
  QString unique = slug;
  for (int n = 2; isTaken(unique); ++n) {
    const QString suffix = QStringLiteral("-%1").arg(n);
    unique = slug.left(kMaxSlugLength - suffix.size()) + suffix;
  }
  return unique;
}

}  // namespace accellab::gui
