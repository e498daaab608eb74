#include "charts/speedupchart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <algorithm>
#include <limits>

namespace accellab::gui {

void SpeedupChart::build(const ChartInput& input) {
  const QString title =
      withKernel(tr("Speedup over %1").arg(QString::fromStdString(input.report.baseline)), input);
  double low = std::numeric_limits<double>::max();
  double high = 0;
  for (const ReportRow& row : input.rows) {
    if (!row.speedup) continue;
    low = std::min(low, *row.speedup);
    high = std::max(high, *row.speedup);
  }
  if (high == 0) {
    showEmpty(title, tr("Needs an ok 1-thread point of the baseline variant in the same problem."));
    return;
  }
  chart()->setTitle(title);
  auto* categories = new QBarCategoryAxis;
  for (const QString& label : input.variantLabels) categories->append(label);
  categories->setTitleText(tr("variant"));
  chart()->addAxis(categories, Qt::AlignBottom);
  // Room above the tallest bar for its label.
  const double floor = std::min(low / 2, 0.5);
  addLogAxis(Qt::AlignLeft, tr("speedup (\u00d7, log)"), floor, high * 4);

  auto* series = new QBarSeries;
  for (const std::string& group : input.groups) {
    auto* set = new QBarSet(input.groupLabel(group));
    for (const QString& label : input.variantLabels) {
      const auto index = input.find(group, label);
      const auto speedup = index ? input.rows[*index].speedup : std::nullopt;
      // Bars rise from the bottom of the log axis; a missing speedup stays flat there.
      set->append(speedup.value_or(floor));
    }
    series->append(set);
  }
  series->setLabelsVisible(true);
  series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
  series->setLabelsFormat(QStringLiteral("@value\u00d7"));
  series->setLabelsPrecision(3);
  // Upright labels would overlap on narrow bars.
  series->setLabelsAngle(-90);
  addSeries(series);
  for (QBarSet* set : series->barSets()) set->setLabelColor(chart()->titleBrush().color());
}

}  // namespace accellab::gui
