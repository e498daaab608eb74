// The roofline (log-log): each ok point that counted its FLOPs, at its arithmetic intensity
// (FLOPs per byte moved) against the FLOP/s it reached, under the roofs of where it ran: the
// bandwidth roof (ceiling × intensity) up to the compute roofs, each flat from its ridge on;
// the GPU's roofs in their own colour.
#pragma once

#include "charts/chartview.h"

namespace accellab::gui {

class RooflineChart : public ChartView {
  Q_OBJECT

 public:
  explicit RooflineChart(QWidget* parent = nullptr) : ChartView(parent) { setZoomable(true); }
  QString fileStem() const override { return QStringLiteral("roofline"); }
  QString tabTitle() const override { return tr("Roofline"); }

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
