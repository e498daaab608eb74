#include "charts/gpubreakdownchart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QStackedBarSeries>
#include <algorithm>

namespace accellab::gui {

namespace {

// One bar: a CPU variant's time, or a GPU run's copies and kernel.
struct Column {
  QString label;
  double h2dS = 0;
  double kernelS = 0;
  double d2hS = 0;
  double cpuS = 0;
  double total() const { return h2dS + kernelS + d2hS + cpuS; }
};

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

  // A GPU point gets a second bar with the copies from and to pageable memory (what the
  // tutorial's to_device does) when they were measured.
  std::vector<Column> columns;
  for (std::size_t i = 0; i < input.points.size(); ++i) {
    if (input.rows[i].group != group) continue;
    const PointResult& r = input.points[i];
    if (!r.gpu) {
      columns.push_back({input.variantLabel(i), 0, 0, 0, r.stats.medianS});
      continue;
    }
    const GpuTiming& gpu = *r.gpu;
    const bool pageable = gpu.h2dPageableS > 0 || gpu.d2hPageableS > 0;
    columns.push_back(
        {pageable ? tr("%1, pinned").arg(input.variantLabel(i)) : input.variantLabel(i), gpu.h2dS,
         gpu.kernelS, gpu.d2hS, 0});
    if (pageable)
      columns.push_back({tr("%1, pageable").arg(input.variantLabel(i)), gpu.h2dPageableS,
                         gpu.kernelS, gpu.d2hPageableS, 0});
  }
  double high = 0;
  for (const Column& column : columns) high = std::max(high, column.total());
  const AxisUnit unit = timeUnit(high);
  auto* categories = new QBarCategoryAxis;
  for (const Column& column : columns) categories->append(column.label);
  categories->setTitleText(tr("variant"));
  chart()->addAxis(categories, Qt::AlignBottom);
  addValueAxis(Qt::AlignLeft, tr("time per run (%1)").arg(unit.unit), 0, high * unit.factor * 1.05);

  auto* h2d = new QBarSet(tr("host \u2192 device"));
  auto* kernel = new QBarSet(tr("GPU kernel"));
  auto* d2h = new QBarSet(tr("device \u2192 host"));
  auto* cpu = new QBarSet(tr("CPU end-to-end"));
  for (const Column& column : columns) {
    h2d->append(column.h2dS * unit.factor);
    kernel->append(column.kernelS * unit.factor);
    d2h->append(column.d2hS * unit.factor);
    cpu->append(column.cpuS * unit.factor);
  }
  auto* series = new QStackedBarSeries;
  series->append({h2d, kernel, d2h, cpu});
  addSeries(series);
}

}  // namespace accellab::gui
