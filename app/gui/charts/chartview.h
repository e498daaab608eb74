// The common base of every chart: a QChartView with the application's theme, a title with
// notes, a legend, and helpers for the axes, labels and tooltips all charts use. Subclasses
// only turn a ChartInput into series.
#pragma once

#include <QBrush>
#include <QChartView>
#include <QColor>
#include <QFont>
#include <QPen>
#include <QString>
#include <QStringList>
#include <algorithm>
#include <vector>

#include "charts/chartinput.h"
#include "charts/seriessnapshot.h"

class QAbstractAxis;
class QAbstractSeries;
class QBoxPlotSeries;
class QGraphicsSimpleTextItem;
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
  // Legend entries draw a piece of each line, so that the dash (the run) shows; for charts of
  // lines only.
  void showLineSamplesInLegend();
  // Wider than the theme's default, in the colour and dash given.
  static void styleLine(QXYSeries* series, const QColor& colour, Qt::PenStyle dash);
  // A dashed line in a fixed colour for what measurements are read against (the ideal
  // scaling, the bandwidth ceiling); added like addSeries.
  void addReferenceLine(QXYSeries* series, const QColor& color);
  // Draws the point at `index` of a line larger and in the flag colour.
  static void markFlagged(QXYSeries* series, qsizetype index);
  // A legend entry for what no single series stands for: a variant in a run among boxes.
  void addLegendEntry(const QString& name, const QBrush& brush, const QPen& pen);
  void hideFromLegend(QAbstractSeries* series);
  // `text` drawn just above `value` (in the coordinates of `series`), upright or read
  // bottom to top, and kept there when the chart is laid out again; in `colour` when valid,
  // else in the title's.
  void addValueLabel(QAbstractSeries* series, QPointF value, const QString& text, bool vertical,
                     const QColor& colour = {});
  // The font of value labels, to tell whether they fit upright.
  QFont valueLabelFont() const;
  // Hovering a box shows its "toolTip" property; hovering a line's point, `toolTips` at the
  // point's index.
  void showToolTips(QBoxPlotSeries* series);
  void showToolTips(QXYSeries* series, const QStringList& toolTips);
  // "Time per run — add · run 2"; without a kernel (nothing measured yet) the title alone.
  static QString withKernel(const QString& title, const ChartInput& input);
  // The title with `notes` under it in small type: what the chart leaves out and why, after
  // what noteLimit noted.
  void setChartTitle(const QString& title, QStringList notes = {});
  // What a chart cut short at kMaxSlots, kMaxLines or kMaxLinePoints (chartinput.h): the
  // title says it shows the first `shown` of `total`. Call before setChartTitle.
  enum class Limited { slotPoints, lines, linePoints };
  void noteLimit(Limited what, std::size_t shown, std::size_t total);
  // Cuts `lines` (each with a `points` vector) to kMaxLines lines of kMaxLinePoints points,
  // noting what was left out.
  template <typename Line>
  void limitLines(std::vector<Line>& lines) {
    if (lines.size() > kMaxLines) {
      noteLimit(Limited::lines, kMaxLines, lines.size());
      lines.resize(kMaxLines);
    }
    std::size_t longest = 0;
    for (Line& line : lines) {
      longest = std::max(longest, line.points.size());
      line.points.resize(std::min(line.points.size(), kMaxLinePoints));
    }
    if (longest > kMaxLinePoints) noteLimit(Limited::linePoints, kMaxLinePoints, longest);
  }
  // Shown as the chart's title when there is nothing to draw: the notes on why, when points
  // were tried, else the hint on what to measure.
  void showEmpty(const QString& title, const QString& hint, const QStringList& notes = {});

 private:
  void placeValueLabels();

  struct ValueLabel {
    QAbstractSeries* series;
    QPointF value;
    QGraphicsSimpleTextItem* item;
    bool vertical;
  };
  std::vector<ValueLabel> valueLabels_;
  qsizetype hiddenFromLegend_ = 0;
  QStringList limitNotes_;
};

}  // namespace accellab::gui
