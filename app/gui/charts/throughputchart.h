// Throughput against problem size (log-log), one line per variant and run, with the measured
// bandwidth ceiling drawn for kernels that move memory.
#pragma once

#include "charts/chartview.h"

namespace accellab::gui {

class ThroughputChart : public ChartView {
  Q_OBJECT

 public:
  using ChartView::ChartView;
  QString fileStem() const override { return QStringLiteral("throughput"); }
  QString tabTitle() const override { return tr("Throughput"); }

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
