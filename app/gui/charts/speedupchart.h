// Speedup of every variant over the baseline variant, on a logarithmic axis with value labels.
#pragma once

#include "charts/chartview.h"

namespace accellab::gui {

class SpeedupChart : public ChartView {
  Q_OBJECT

 public:
  using ChartView::ChartView;
  QString fileStem() const override { return QStringLiteral("speedup"); }
  QString tabTitle() const override { return tr("Speedup"); }

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
