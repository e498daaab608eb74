#include "charts/gpubreakdownchart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QStackedBarSeries>
#include <algorithm>

namespace accellab::gui {

namespace {

// The problem to show: the last one with a GPU point, else the last one measured.
std::string chosenGroup(const ChartInput& input) {
  for (std::size_t i = input.points.size(); i-- > 0;)
    if (input.points[i].gpu) return input.rows[i].group;
  return input.groups.back();
}

}  // namespace

void GpuBreakdownChart::build(const ChartInput& input) {
  const QString title = withKernel(tr("Where the time goes"), input);
  if (input.empty()) {
    showEmpty(title, tr("Run an experiment with the gpu variant to see transfer costs."));
    return;
  }
  const std::string group = chosenGroup(input);
  const bool anyGpu = std::any_of(input.points.begin(), input.points.end(),
                                  [](const PointResult& r) { return r.gpu.has_value(); });
  chart()->setTitle(anyGpu ? QStringLiteral("%1, %2").arg(title, input.groupLabel(group))
                           : QStringLiteral("%1, %2<br><small>%3</small>")
                                 .arg(title, input.groupLabel(group),
                                      tr("No GPU points in this session: %1")
                                          .arg(input.gpuReason.empty()
                                                   ? tr("gpu variant not run")
                                                   : QString::fromStdString(input.gpuReason))));

  std::vector<std::size_t> indexes;
  double high = 0;
  for (std::size_t i = 0; i < input.points.size(); ++i) {
    if (input.rows[i].group != group) continue;
    indexes.push_back(i);
    const PointResult& r = input.points[i];
    high = std::max(high,
                    r.gpu ? std::max(r.gpu->endToEndS, r.gpu->h2dS + r.gpu->kernelS + r.gpu->d2hS)
                          : r.stats.medianS);
  }
  const AxisUnit unit = timeUnit(high);
  auto* categories = new QBarCategoryAxis;
  for (std::size_t i : indexes) categories->append(input.variantLabel(i));
  categories->setTitleText(tr("variant"));
  chart()->addAxis(categories, Qt::AlignBottom);
  addValueAxis(Qt::AlignLeft, tr("time per run (%1)").arg(unit.unit), 0, high * unit.factor * 1.05);

  auto* h2d = new QBarSet(tr("host \u2192 device"));
  auto* kernel = new QBarSet(tr("GPU kernel"));
  auto* d2h = new QBarSet(tr("device \u2192 host"));
  auto* cpu = new QBarSet(tr("CPU end-to-end"));
  for (std::size_t i : indexes) {
    const PointResult& r = input.points[i];
    const GpuTiming gpu = r.gpu.value_or(GpuTiming{});
    h2d->append(gpu.h2dS * unit.factor);
    kernel->append(gpu.kernelS * unit.factor);
    d2h->append(gpu.d2hS * unit.factor);
    cpu->append(r.gpu ? 0.0 : r.stats.medianS * unit.factor);
  }
  auto* series = new QStackedBarSeries;
  series->append({h2d, kernel, d2h, cpu});
  addSeries(series);
}

}  // namespace accellab::gui
