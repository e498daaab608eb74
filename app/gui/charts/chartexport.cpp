#include "charts/chartexport.h"

#include <QBuffer>
#include <QChart>
#include <QCoreApplication>
#include <QDir>
#include <QGraphicsLayout>
#include <QPainter>
#include <QPalette>
#include <QSvgGenerator>
#include <map>
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

void paint(ChartView& view, QPainter& painter, QSize logicalSize) {
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setRenderHint(QPainter::TextAntialiasing);
  view.chart()->scene()->render(&painter, QRectF(QPointF(0, 0), logicalSize),
                                view.chart()->geometry());
}

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

QImage renderChart(ChartView& view, QSize logicalSize, qreal scale) {
  layOut(view, logicalSize);
  QImage image(logicalSize * scale, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(scale);
  image.fill(view.palette().color(QPalette::Window));
  QPainter painter(&image);
  paint(view, painter, logicalSize);
  return image;
}

std::optional<QString> saveChartPng(ChartView& view, const QString& path, QSize logicalSize,
                                    qreal scale) {
  return writePng(renderChart(view, logicalSize, scale), path);
}

std::optional<QString> saveChartSvg(ChartView& view, const QString& path, QSize logicalSize) {
  layOut(view, logicalSize);
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QSvgGenerator svg;
  svg.setOutputDevice(&buffer);
  svg.setSize(logicalSize);
  svg.setViewBox(QRect(QPoint(0, 0), logicalSize));
  svg.setTitle(view.chart()->title());
  QPainter painter;
  if (!painter.begin(&svg))
    return QCoreApplication::translate("ChartExport", "Cannot encode the drawing %1")
        .arg(QDir::toNativeSeparators(path));
  paint(view, painter, logicalSize);
  painter.end();
  return writeBytes(path, bytes);
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
      if (auto error = sink(kernel, chart->fileStem(), renderChart(*chart, logicalSize, scale)))
        return error;
    }
  }
  return std::nullopt;
}

std::optional<QString> exportSessionCharts(const Session& session, const QString& dir,
                                           QStringList& written, const std::vector<int>& runIds) {
  // Nothing to chart writes nothing, not even the folder.
  QString why;
  if (chartedKernels(session, runIds, why).empty()) return why;
  if (!QDir().mkpath(dir))
    return QCoreApplication::translate("ChartExport", "Cannot create the folder %1")
        .arg(QDir::toNativeSeparators(dir));
  std::map<std::string, QString> slugOf;
  QStringList slugs;
  return renderSessionCharts(session, runIds, kExportLogicalSize, kExportScale,
                             [&](const std::string& kernel, const QString& stem,
                                 const QImage& image) -> std::optional<QString> {
                               const auto [slug, added] = slugOf.try_emplace(kernel);
                               if (added) slugs << (slug->second = fileSlug(kernel, slugs));
                               const QString path = QDir(dir).filePath(
                                   QStringLiteral("%1-%2.png").arg(slug->second, stem));
                               if (auto error = writePng(image, path)) return error;
                               written << path;
                               return std::nullopt;
                             });
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
