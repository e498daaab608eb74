// Speedup of every point over the baseline variant of its own run, on a logarithmic axis with
// value labels.
#pragma once

#include "charts/slotchart.h"

namespace accellab::gui {

class SpeedupChart : public SlotChart {
  Q_OBJECT

 public:
  using SlotChart::SlotChart;
  QString fileStem() const override { return QStringLiteral("speedup"); }
  QString tabTitle() const override { return tr("Speedup"); }
  QString guideText() const override {
    return tr(
        "Each variant's speedup over the chosen baseline variant (default loop), with its value on "
        "the bar.");
  }

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
