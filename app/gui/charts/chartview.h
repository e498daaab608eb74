// The common base of every chart: a QChartView with the application's theme, a title, a
// legend, and helpers for the axes all charts use. Subclasses only turn a ChartInput into series.
#pragma once

#include <QChartView>
#include <QColor>
#include <QString>
#include <vector>

#include "charts/chartinput.h"
#include "charts/seriessnapshot.h"

class QAbstractAxis;
class QAbstractSeries;
class QLogValueAxis;
class QValueAxis;
class QXYSeries;

namespace accellab::gui {

class ChartView : public QChartView {
  Q_OBJECT

 public:
  explicit ChartView(QWidget* parent = nullptr);

  // Replaces everything drawn with `input`.
  void setInput(const ChartInput& input);
  // A short name for files and tabs: "time", "speedup".
  virtual QString fileStem() const = 0;
  virtual QString tabTitle() const = 0;
  std::vector<SeriesSnapshot> snapshot() const;

 protected:
  virtual void build(const ChartInput& input) = 0;

  // Axes are created by the chart and attached to every series added after them.
  QLogValueAxis* addLogAxis(Qt::Alignment alignment, const QString& title, double minValue,
                            double maxValue);
  QValueAxis* addValueAxis(Qt::Alignment alignment, const QString& title, double minValue,
                           double maxValue);
  void addSeries(QAbstractSeries* series);
  // Wider than the theme's default; call after addSeries, which assigns the theme's colour.
  static void thickenLine(QXYSeries* series);
  // A dashed line in a fixed colour for what measurements are read against (the ideal
  // scaling, the bandwidth ceiling); added like addSeries.
  void addReferenceLine(QXYSeries* series, const QColor& color);
  // "Time per run — add"; without a kernel (nothing measured yet) the title alone.
  static QString withKernel(const QString& title, const ChartInput& input);
  // Shown as the chart's title when there is nothing to draw yet.
  void showEmpty(const QString& title, const QString& hint);
};

}  // namespace accellab::gui
