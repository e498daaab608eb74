// The charts that give each drawn point a slot of its own along the x axis: time boxes,
// speedup bars, first call against steady state. Slots go by problem (smallest first), then
// variant, then run, so that a variant's runs stand side by side; each slot names its variant
// (or its run, under its variant's span) and each problem is named under its slots. Qt Charts
// places a box by its index in its series, so only what is drawn gets a slot: a point that was not
// measured has none, and the title's notes name it.
#pragma once

#include <functional>
#include <vector>

#include "charts/chartview.h"

namespace accellab::gui {

class SlotChart : public ChartView {
  Q_OBJECT

 public:
  using ChartView::ChartView;

 protected:
  // A box's five values in axis units. A bar is a box whose upper values are all its value.
  struct Box {
    double low, lowerQuartile, median, upperQuartile, high;
  };
  static Box bar(double floor, double value) { return {floor, floor, value, value, value}; }

  // What one series of boxes draws for each slot's point.
  struct Layer {
    QString name;
    std::function<Box(const ChartPoint&)> box;
    std::function<QString(const ChartPoint&)> toolTip;     // the flags' advice is added
    std::function<QString(const ChartPoint&)> valueLabel;  // above the box; "" for none
    bool light = false;                                    // the lighter of two shades
    // A flagged point's box is outlined in the flag colour; boxes too thin for an outline to
    // leave their colour visible have their mark, above them, only.
    bool outlineFlagged = true;
    // Samples drawn as dots beyond the whiskers, each in axis units with its tool tip; none
    // where empty.
    struct Outlier {
      double value;
      QString toolTip;
    };
    std::function<std::vector<Outlier>(const ChartPoint&)> outliers = {};
  };

  // What every slot chart opens with: the slots of the points `drawn` accepts (slotsOf) and
  // the title, whose notes name each point left out, `leftOut` saying why. Empty, the chart
  // showing `hint` (or the notes, where there are any), when nothing is drawn.
  std::vector<std::size_t> openSlots(const ChartInput& input, const QString& title,
                                     const std::function<bool(const ChartPoint&)>& drawn,
                                     const QString& leftOut, const QString& hint);
  // The x axes (variant under each slot, or with runs overlaid the run under each slot and
  // the variant under its runs; problem under its slots), one box series per layer, a dot
  // series per slot's outliers, and a legend of the colours (variants), the patterns (runs) and the
  // shades (layers) drawn. Add the value axis first.
  void addSlots(const ChartInput& input, const std::vector<std::size_t>& slotOrder,
                const std::vector<Layer>& layers);

 private:
  // Indexes into input.points in slot order, of the points `drawn` accepts: the first
  // kMaxSlots of them, noted in the title when there were more.
  std::vector<std::size_t> slotsOf(const ChartInput& input,
                                   const std::function<bool(const ChartPoint&)>& drawn);
  // The dots of `point`'s outliers, at `x`, over its box; null where it has none.
  QXYSeries* addOutliers(const ChartInput& input, const ChartPoint& point,
                         const std::vector<Layer::Outlier>& outliers, double x);
  void addSlotLegend(const ChartInput& input, const std::vector<std::size_t>& slotOrder,
                     const std::vector<Layer>& layers);
};

}  // namespace accellab::gui
