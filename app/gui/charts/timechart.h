// Time per run of every variant, with the spread of the repetitions as a box plot.
#pragma once

#include "charts/chartview.h"

namespace accellab::gui {

class TimeChart : public ChartView {
  Q_OBJECT

 public:
  using ChartView::ChartView;
  QString fileStem() const override { return QStringLiteral("time"); }
  QString tabTitle() const override { return tr("Time"); }

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
