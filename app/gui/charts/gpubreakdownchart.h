// Where a GPU point's time goes (host to device, kernel, device to host) next to the
// CPU variants' end-to-end time for the same problem.
#pragma once

#include "charts/chartview.h"

namespace accellab::gui {

class GpuBreakdownChart : public ChartView {
  Q_OBJECT

 public:
  using ChartView::ChartView;
  QString fileStem() const override { return QStringLiteral("gpu-breakdown"); }
  QString tabTitle() const override { return tr("GPU breakdown"); }

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
