#include "charts/throughputchart.h"

#include <QChart>
#include <QColor>
#include <QLineSeries>
#include <algorithm>
#include <limits>

#include "accellab/format.h"

namespace accellab::gui {

void ThroughputChart::build(const ChartInput& input) {
  const QString title = withKernel(tr("Throughput against size"), input);
  if (input.empty()) {
    showEmpty(title, tr("Run an experiment to see throughput against problem size."));
    return;
  }
  chart()->setTitle(title);
  // Kernels that move memory are read in bytes per second against the bandwidth ceiling;
  // sampling kernels in samples per second.
  const bool movesMemory = std::any_of(input.points.begin(), input.points.end(),
                                       [](const PointResult& r) { return r.bytes > 0; });
  const bool sampling = input.points.front().point.params.samples.has_value();
  const auto rateOf = [movesMemory](const PointResult& r) {
    return movesMemory ? r.bytesPerS : r.elementsPerS;
  };
  double xLow = std::numeric_limits<double>::max();
  double xHigh = 0;
  double yLow = std::numeric_limits<double>::max();
  double yHigh = 0;
  for (const PointResult& r : input.points) {
    const double size = static_cast<double>(problemSize(r.point.params));
    xLow = std::min(xLow, size);
    xHigh = std::max(xHigh, size);
    yLow = std::min(yLow, rateOf(r));
    yHigh = std::max(yHigh, rateOf(r));
  }
  // Each kind of point is held against the ceiling of where it ran.
  struct Ceiling {
    double bytesPerS;
    QString name;
    QColor colour;
  };
  std::vector<Ceiling> ceilings;
  const auto ranOnGpu = [](const PointResult& r) { return r.gpu.has_value(); };
  if (movesMemory) {
    if (input.ceilings.hostBytesPerS > 0 && !std::ranges::all_of(input.points, ranOnGpu))
      ceilings.push_back({input.ceilings.hostBytesPerS, tr("host copy ceiling %1"), Qt::red});
    if (input.ceilings.deviceBytesPerS > 0 && std::ranges::any_of(input.points, ranOnGpu))
      ceilings.push_back(
          {input.ceilings.deviceBytesPerS, tr("GPU copy ceiling %1"), QColor(0x8e, 0x44, 0xad)});
  }
  for (const Ceiling& ceiling : ceilings) {
    yLow = std::min(yLow, ceiling.bytesPerS);
    yHigh = std::max(yHigh, ceiling.bytesPerS);
  }
  const AxisUnit unit =
      rateUnit(yHigh, movesMemory ? tr("B/s") : (sampling ? tr("samples/s") : tr("elements/s")));
  addLogAxis(Qt::AlignBottom, sampling ? tr("samples per run (log)") : tr("array elements (log)"),
             xLow, xHigh);
  addLogAxis(Qt::AlignLeft, tr("throughput (%1, log)").arg(unit.unit), yLow * unit.factor,
             yHigh * unit.factor);

  for (const QString& label : input.variantLabels) {
    auto* line = new QLineSeries;
    line->setName(label);
    line->setPointsVisible(true);
    for (std::size_t i = 0; i < input.points.size(); ++i) {
      if (input.variantLabel(i) != label) continue;
      const PointResult& r = input.points[i];
      line->append(static_cast<double>(problemSize(r.point.params)), rateOf(r) * unit.factor);
    }
    addSeries(line);
    thickenLine(line);
  }
  for (const Ceiling& ceiling : ceilings) {
    auto* line = new QLineSeries;
    line->setName(ceiling.name.arg(
        QString::fromStdString(formatValue(ceiling.bytesPerS, ValueKind::byteRate))));
    // A single size still gets a visible segment.
    const double left = xLow == xHigh ? xLow / 2 : xLow;
    const double right = xLow == xHigh ? xHigh * 2 : xHigh;
    line->append(left, ceiling.bytesPerS * unit.factor);
    line->append(right, ceiling.bytesPerS * unit.factor);
    addReferenceLine(line, ceiling.colour);
  }
}

}  // namespace accellab::gui
