// Thread scaling: each threaded variant's speedup over its own 1-thread run, with the
// ideal line.
#pragma once

#include "charts/chartview.h"

namespace accellab::gui {

class ScalingChart : public ChartView {
  Q_OBJECT

 public:
  explicit ScalingChart(QWidget* parent = nullptr) : ChartView(parent) { setZoomable(true); }
  QString fileStem() const override { return QStringLiteral("scaling"); }
  QString tabTitle() const override { return tr("Thread scaling"); }

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
