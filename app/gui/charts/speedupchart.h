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

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
