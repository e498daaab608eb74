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
  QString guideText() const override {
    return tr(
        "A gpu point's copies to and from the device beside its kernel time, from pinned and from "
        "pageable memory, next to the CPU variants' time.");
  }

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
