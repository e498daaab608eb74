// The first call (the warm-up, kept out of the samples) beside the median of every point drawn:
// what page faults, module loading or a JIT compile cost once, apart from the steady state.
#pragma once

#include "charts/slotchart.h"

namespace accellab::gui {

class FirstCallChart : public SlotChart {
  Q_OBJECT

 public:
  using SlotChart::SlotChart;
  QString fileStem() const override { return QStringLiteral("first-call"); }
  QString tabTitle() const override { return tr("First call"); }
  QString guideText() const override {
    return tr(
        "The first call of every point (page faults, loading, a JIT compile) beside its median.");
  }

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
