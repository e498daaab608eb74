#include "charts/firstcallchart.h"

#include <QLogValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "accellab/format.h"

namespace accellab::gui {

void FirstCallChart::build(const ChartInput& input) {
  const QString title = withKernel(tr("First call against steady state"), input);
  const auto drawn = [](const ChartPoint& p) {
    return p.result.firstCallS > 0 && p.result.stats.medianS > 0;
  };
  const auto slotOrder =
      openSlots(input, title, drawn, tr("no first call recorded"),
                tr("Run an experiment to see what the first call of every variant costs."));
  if (slotOrder.empty()) return;
  double low = std::numeric_limits<double>::max();
  double high = 0;
  for (const std::size_t slot : slotOrder) {
    const PointResult& r = input.points[slot].result;
    low = std::min({low, r.firstCallS, r.stats.medianS});
    high = std::max({high, r.firstCallS, r.stats.medianS});
  }
  const AxisUnit unit = timeUnit(std::sqrt(low * high));
  // Room above the tallest bar for its label.
  const double bottom = addLogAxis(Qt::AlignLeft, tr("time per run (%1, log)").arg(unit.unit),
                                   low * unit.factor / 2, high * unit.factor * 4)
                            ->min();
  const auto seconds = [](double s) { return formatted(s, ValueKind::duration); };
  const auto toolTip = [&](const ChartPoint& p) {
    return tr("first call %1 = %2 the median %3")
        .arg(seconds(p.result.firstCallS),
             formatted(p.result.firstCallS / p.result.stats.medianS, ValueKind::ratio),
             seconds(p.result.stats.medianS));
  };
  addSlots(input, slotOrder,
           {{tr("first call (warm-up)"),
             [&](const ChartPoint& p) { return bar(bottom, p.result.firstCallS * unit.factor); },
             toolTip, [&](const ChartPoint& p) { return seconds(p.result.firstCallS); }, true},
            {tr("median (steady state)"),
             [&](const ChartPoint& p) { return bar(bottom, p.result.stats.medianS * unit.factor); },
             toolTip, [&](const ChartPoint& p) { return seconds(p.result.stats.medianS); }}});
}

}  // namespace accellab::gui
