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
  QString guideText() const override {
    return tr(
        "Each point's FLOP rate against its arithmetic intensity, under the machine's measured "
        "roofs: memory's and each cache's copy bandwidth, and the FMA peak of each instruction "
        "set.");
  }

 protected:
  void build(const ChartInput& input) override;
};

}  // namespace accellab::gui
