#include "charts/chartexport.h"

#include <QChart>
#include <QCoreApplication>
#include <QDir>
#include <QGraphicsLayout>
#include <QPainter>
#include <QPalette>
#include <QSvgGenerator>

#include "charts/chartset.h"
#include "charts/chartview.h"

namespace accellab::gui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("ChartExport", text); }

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
  const QImage image = renderChart(view, logicalSize, scale);
  if (!image.save(path, "PNG"))
    return tr("Cannot write the image %1").arg(QDir::toNativeSeparators(path));
  return std::nullopt;
}

std::optional<QString> saveChartSvg(ChartView& view, const QString& path, QSize logicalSize) {
  layOut(view, logicalSize);
  QSvgGenerator svg;
  svg.setFileName(path);
  svg.setSize(logicalSize);
  svg.setViewBox(QRect(QPoint(0, 0), logicalSize));
  svg.setTitle(view.chart()->title());
  QPainter painter;
  if (!painter.begin(&svg))
    return tr("Cannot write the drawing %1").arg(QDir::toNativeSeparators(path));
  paint(view, painter, logicalSize);
  painter.end();
  return std::nullopt;
}

std::optional<QString> exportSessionCharts(const Session& session, const QString& dir,
                                           QStringList& written, const std::vector<int>& runIds) {
  for (const int id : runIds)
    if (!findRun(session, id)) return tr("The session has no run %1.").arg(id);
  std::vector<std::string> kernels = kernelsIn(session);
  std::erase_if(kernels, [&](const std::string& kernel) {
    return runsShown(session, kernel, runIds).empty();
  });
  if (kernels.empty())
    return runIds.empty() ? tr("The session holds no points to chart.")
                          : tr("The runs chosen hold no points to chart.");
  if (!QDir().mkpath(dir))
    return tr("Cannot create the folder %1").arg(QDir::toNativeSeparators(dir));
  for (const std::string& kernel : kernels) {
    const ChartInput input =
        makeChartInput(session, kernel, {.baseline = defaultBaseline(session, kernel)}, runIds);
    for (const auto& chart : createCharts()) {
      chart->setInput(input);
      const QString path = QDir(dir).filePath(
          QStringLiteral("%1-%2.png").arg(QString::fromStdString(kernel), chart->fileStem()));
      if (auto error = saveChartPng(*chart, path, kExportLogicalSize, kExportScale)) return error;
      written << path;
    }
  }
  return std::nullopt;
}

}  // namespace accellab::gui
