// Rank scaling of the distributed variants (MPI): each line's speedup over its 1-rank point
// (strong scaling: a fixed total problem) or its parallel efficiency (weak scaling: a fixed
// problem per rank), as the run's launch chose, against the ideal; every point labelled with
// its efficiency, and a bar from its fastest to its slowest rank's own median.
#pragma once

#include "charts/chartview.h"

namespace accellab::gui {

class RankScalingChart : public ChartView {
  Q_OBJECT

 public:
  explicit RankScalingChart(QWidget* parent = nullptr) : ChartView(parent) { setZoomable(true); }
  QString fileStem() const override { return QStringLiteral("rank-scaling"); }
  QString tabTitle() const override { return tr("Rank scaling"); }
  QString guideText() const override {
    return tr(
        "An MPI variant's speedup (strong scaling) or efficiency (weak scaling) against ranks, "
        "from runs made under mpirun.");
  }

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
