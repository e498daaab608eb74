#include "charts/timechart.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "accellab/format.h"
#include "accellab/stats.h"

namespace accellab::gui {

void TimeChart::build(const ChartInput& input) {
  const QString title = withKernel(tr("Time per run"), input);
  // A log axis cannot draw a sample of 0 s (a timer's resolution on a very fast kernel).
  const auto drawn = [](const ChartPoint& p) {
    return !p.result.samplesS.empty() && tukeyWhiskers(p.result.samplesS).first > 0;
  };
  const auto slotOrder = openSlots(input, title, drawn, tr("no samples above 0 s to draw"),
                                   tr("Run an experiment to see the time of every variant."));
  if (slotOrder.empty()) return;
  // The axis spans the outliers too (those above 0 s: a log axis cannot place 0).
  double low = std::numeric_limits<double>::max();
  double high = 0;
  for (const std::size_t slot : slotOrder) {
    // The lowest sample above 0, at most the low whisker (above 0: drawn says so).
    const auto& samples = input.points[slot].result.samplesS;
    for (const double s : samples)
      if (s > 0) low = std::min(low, s);
    high = std::max(high, *std::ranges::max_element(samples));
  }
  // Log axes span decades: a unit from the middle of the range keeps their labels short.
  const AxisUnit unit = timeUnit(std::sqrt(low * high));
  addLogAxis(Qt::AlignLeft, tr("time per run (%1, log)").arg(unit.unit), low * unit.factor,
             high * unit.factor);
  const auto seconds = [](double s) { return formatted(s, ValueKind::duration); };
  addSlots(input, slotOrder,
           {{tr("time per run"),
             [&](const ChartPoint& p) {
               // Whiskers end at Tukey's fences: one preempted repetition is an outlier (counted
               // in the table), not spread.
               const auto& samples = p.result.samplesS;
               const auto [whiskerLow, whiskerHigh] = tukeyWhiskers(samples);
               return Box{whiskerLow * unit.factor, quantile(samples, 0.25) * unit.factor,
                          median(samples) * unit.factor, quantile(samples, 0.75) * unit.factor,
                          whiskerHigh * unit.factor};
             },
             [&](const ChartPoint& p) {
               const auto& samples = p.result.samplesS;
               const auto [whiskerLow, whiskerHigh] = tukeyWhiskers(samples);
               QString text =
                   tr("quartiles %1 \u2013 %2, whiskers %3 \u2013 %4")
                       .arg(seconds(quantile(samples, 0.25)), seconds(quantile(samples, 0.75)),
                            seconds(whiskerLow), seconds(whiskerHigh));
               // A heavy tail lies beyond the whiskers, where the box does not show it.
               // Copies: clang 14 cannot capture structured bindings.
               const double lowFence = whiskerLow, highFence = whiskerHigh;
               const auto outside = std::count_if(samples.begin(), samples.end(), [&](double s) {
                 return s < lowFence || s > highFence;
               });
               if (outside > 0)
                 text += tr("; %1 of %2 samples outside them (Tukey's fences), the slowest %3")
                             .arg(outside)
                             .arg(samples.size())
                             .arg(seconds(*std::max_element(samples.begin(), samples.end())));
               return text;
             },
             [](const ChartPoint&) { return QString(); }, false, false,
             [&](const ChartPoint& p) {
               // One dot per outlier, but those within 1 % above the first of a dot share it (on a
               // log axis they would be drawn over each other), never across the whiskers.
               std::vector<double> samples = p.result.samplesS;
               std::ranges::sort(samples);
               const auto [whiskerLow, whiskerHigh] = tukeyWhiskers(samples);
               std::vector<Layer::Outlier> dots;
               for (std::size_t i = 0; i < samples.size();) {
                 const double first = samples[i];
                 if (first <= 0 || (first >= whiskerLow && first <= whiskerHigh)) {
                   ++i;
                   continue;
                 }
                 std::size_t end = i + 1;
                 while (end < samples.size() && samples[end] <= first * 1.01 &&
                        (first > whiskerHigh || samples[end] < whiskerLow))
                   ++end;
                 const double last = samples[end - 1];
                 dots.push_back({last * unit.factor,
                                 end - i == 1
                                     ? tr("an outlier: %1").arg(seconds(last))
                                     : tr("%1 outliers up to %2").arg(end - i).arg(seconds(last))});
                 i = end;
               }
               return dots;
             }}});
}

}  // namespace accellab::gui
