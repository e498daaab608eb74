// Throughput against problem size (log-log), one line per variant and run, with the measured
// bandwidth ceiling drawn for kernels that move memory, and the data caches' sizes where a
// point's working set (its bytes per run) would fill them. Named after the table's column it
// plots: "Bandwidth" (bytes per second) for those, "Throughput" (elements per second) else.
#pragma once

#include "charts/chartview.h"

namespace accellab::gui {

class ThroughputChart : public ChartView {
  Q_OBJECT

 public:
  explicit ThroughputChart(QWidget* parent = nullptr) : ChartView(parent) { setZoomable(true); }
  QString fileStem() const override { return QStringLiteral("throughput"); }
  QString tabTitle() const override { return tr("Throughput"); }
  QString guideText() const override {
    return tr(
        "Bandwidth (or elements per second where the points move no memory) against size, with the "
        "machine's measured copy ceiling and a line where each data cache fills: a line at the "
        "ceiling is memory-bound.");
  }
  QString tabTitleFor(const ChartInput& input) const override;
  QString exportStemFor(const ChartInput& input) const override;

 protected:
  void build(const ChartInput& input) override;

 private:
  // A labelled vertical line per cache whose size falls on the x axis (elements), at
  // size / `bytesPerElement`.
  void addCacheLines(const std::vector<CacheInfo>& caches, double bytesPerElement,
                     const QLogValueAxis& xAxis, const QLogValueAxis& yAxis);
};

}  // namespace accellab::gui
