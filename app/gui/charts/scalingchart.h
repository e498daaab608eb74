// Thread scaling: each threaded variant's speedup over its own 1-thread run, with the
// ideal line and the engine's Amdahl fit of each line, its serial fraction in the legend.
#pragma once

#include <QColor>

#include "charts/chartview.h"

namespace accellab::gui {

class ScalingChart : public ChartView {
  Q_OBJECT

 public:
  explicit ScalingChart(QWidget* parent = nullptr) : ChartView(parent) { setZoomable(true); }
  QString fileStem() const override { return QStringLiteral("scaling"); }
  QString tabTitle() const override { return tr("Thread scaling"); }
  QString guideText() const override {
    return tr(
        "Speedup over one thread against threads, beside the ideal line, with Amdahl's law fitted "
        "to each variant (its serial fraction in the legend); a point whose process kept more "
        "cores busy than it declared sits at the cores it used. A problem below the machine's "
        "split crossover (the System tab's Splitting line) runs on one thread, and its note says "
        "so.");
  }
  QString exportStemFor(const ChartInput&) const override {
    return QStringLiteral("thread-scaling");
  }

 protected:
  void build(const ChartInput& input) override;

 private:
  // Amdahl's speedup 1 / (s + (1 - s) / p) from 1 to `maxThreads` threads, dashed in `colour`,
  // added right after the line it fits: its legend entry follows that line's and need not
  // repeat its name (which the legend cut short: "serial fraction 100.0 % (A…").
  // Its tooltip names the line (`name` of `run`) in full.
  void addAmdahlCurve(const AmdahlFit& fit, const QString& name, std::size_t run,
                      const QColor& colour, int maxThreads, const ChartInput& input);
};

}  // namespace accellab::gui
