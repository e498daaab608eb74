#include "charts/timechart.h"

#include <QBarCategoryAxis>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>

#include "accellab/format.h"
#include "accellab/stats.h"

namespace accellab::gui {

void TimeChart::build(const ChartInput& input) {
  const QString title = withKernel(tr("Time per run"), input);
  if (input.empty()) {
    showEmpty(title, tr("Run an experiment to see the time of every variant."));
    return;
  }
  chart()->setTitle(title);
  double low = std::numeric_limits<double>::max();
  double high = 0;
  for (const PointResult& result : input.points) {
    for (double s : result.samplesS) {
      low = std::min(low, s);
      high = std::max(high, s);
    }
  }
  // Log axes span decades: a unit from the middle of the range keeps their labels short.
  const AxisUnit unit = timeUnit(std::sqrt(low * high));
  auto* categories = new QBarCategoryAxis;
  for (const QString& label : input.variantLabels) categories->append(label);
  categories->setTitleText(tr("variant"));
  chart()->addAxis(categories, Qt::AlignBottom);
  addLogAxis(Qt::AlignLeft, tr("time per run (%1, log)").arg(unit.unit), low * unit.factor,
             high * unit.factor);

  for (const std::string& group : input.groups) {
    auto* series = new QBoxPlotSeries;
    series->setName(input.groupLabel(group));
    for (const QString& label : input.variantLabels) {
      const auto index = input.find(group, label);
      if (!index) {
        // Boxes are placed by position: an unmeasured variant keeps its slot, drawn flat.
        const double floor = low * unit.factor;
        series->append(new QBoxSet(floor, floor, floor, floor, floor, label));
        continue;
      }
      const auto& samples = input.points[*index].samplesS;
      // Whiskers end at Tukey's fences: one preempted repetition is an outlier (counted in
      // the table), not spread.
      const auto [whiskerLow, whiskerHigh] = tukeyWhiskers(samples);
      auto* box = new QBoxSet(whiskerLow * unit.factor, quantile(samples, 0.25) * unit.factor,
                              median(samples) * unit.factor, quantile(samples, 0.75) * unit.factor,
                              whiskerHigh * unit.factor, label);
      box->setProperty("medianS", input.points[*index].stats.medianS);
      box->setProperty("madS", input.points[*index].stats.madS);
      series->append(box);
    }
    connect(series, &QBoxPlotSeries::hovered, this, [](bool status, QBoxSet* box) {
      if (!status || !box->property("medianS").isValid()) return QToolTip::hideText();
      QToolTip::showText(QCursor::pos(),
                         tr("%1: median %2 \u00b1 %3")
                             .arg(box->label(),
                                  QString::fromStdString(formatValue(
                                      box->property("medianS").toDouble(), ValueKind::duration)),
                                  QString::fromStdString(formatValue(
                                      box->property("madS").toDouble(), ValueKind::duration))));
    });
    addSeries(series);
  }
}

}  // namespace accellab::gui
