#include "charts/speedupchart.h"

#include <QLogValueAxis>
#include <algorithm>
#include <limits>

#include "accellab/format.h"

namespace accellab::gui {

void SpeedupChart::build(const ChartInput& input) {
  const QString baseline = elidedName(QString::fromStdString(input.report.baseline));
  const QString title = withKernel(tr("Speedup over %1").arg(baseline), input);
  // ChartInput keeps only speedups a log axis can draw.
  const auto drawn = [](const ChartPoint& p) { return p.row.speedup.has_value(); };
  const auto slotOrder =
      openSlots(input, title, drawn, tr("no ok 1-thread %1 point in its run").arg(baseline),
                tr("Needs an ok 1-thread point of the baseline variant in the same problem and "
                   "run."));
  if (slotOrder.empty()) return;
  double low = std::numeric_limits<double>::max();
  double high = 0;
  for (const std::size_t slot : slotOrder) {
    low = std::min(low, *input.points[slot].row.speedup);
    high = std::max(high, *input.points[slot].row.speedup);
  }
  // Bars rise from the bottom of the log axis; room above the tallest for its label.
  const double floor = std::min(low / 2, 0.5);
  const double bottom =
      addLogAxis(Qt::AlignLeft, tr("speedup (\u00d7, log)"), floor, high * 4)->min();
  // As the table writes it: "3.62x".
  const auto times = [](double value) { return formatted(value, ValueKind::ratio); };
  addSlots(input, slotOrder,
           {{tr("speedup"), [&](const ChartPoint& p) { return bar(bottom, *p.row.speedup); },
             [&](const ChartPoint& p) {
               return tr("%1 over the median of %2 in %3 (this median: %4)")
                   .arg(times(*p.row.speedup), baseline, input.runName(p.run),
                        formatted(p.row.medianS, ValueKind::duration));
             },
             [&](const ChartPoint& p) { return times(*p.row.speedup); }}});
}

}  // namespace accellab::gui
