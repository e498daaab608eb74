// Time per run of every point drawn, with the spread of its repetitions as a box plot.
#pragma once

#include "charts/slotchart.h"

namespace accellab::gui {

class TimeChart : public SlotChart {
  Q_OBJECT

 public:
  using SlotChart::SlotChart;
  QString fileStem() const override { return QStringLiteral("time"); }
  QString tabTitle() const override { return tr("Time"); }
  QString guideText() const override {
    return tr(
        "Each variant's time with its spread (a box of its samples' quartiles, whiskers to "
        "Tukey's fences, a dot for each sample beyond them), on a log axis.");
  }

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
