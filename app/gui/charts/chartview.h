// The common base of every chart: a QChartView that follows the application's palette, a title
// with notes, a legend whose entries toggle what they stand for, tooltips, clickable and
// highlightable elements (each a measured point), rubber-band zoom where a chart allows it,
// and helpers for the axes and labels all charts use. Subclasses only turn a ChartInput into
// series and register what each element stands for.
#pragma once

#include <QBrush>
#include <QChartView>
#include <QColor>
#include <QFont>
#include <QPen>
#include <QString>
#include <QStringList>
#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "charts/chartinput.h"
#include "charts/seriessnapshot.h"

class QAbstractAxis;
class QAbstractBarSeries;
class QAbstractSeries;
class QCategoryAxis;
class QMenu;
class QBoxPlotSeries;
class QBoxSet;
class QLegendMarker;
class QRubberBand;
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
  // The chart's name that findings link to (Insight::chart): "time", "scaling".
  virtual QString fileStem() const = 0;
  virtual QString tabTitle() const = 0;
  // What the chart shows, as the user guide says it (its Charts section is made from these).
  virtual QString guideText() const = 0;
  // What the tab says for `input`: by default tabTitle().
  virtual QString tabTitleFor(const ChartInput& input) const;
  // The end of an exported file's name, as the tab names the chart for `input`: "time",
  // "bandwidth", "thread-scaling"; by default fileStem().
  virtual QString exportStemFor(const ChartInput& input) const;
  std::vector<SeriesSnapshot> snapshot() const;

  // What hovering shows now; "" when nothing is hovered.
  QString currentToolTip() const { return currentToolTip_; }
  // Draws the elements of `ids` highlighted (a thicker outline, a larger marker), the others
  // as usual; kept when the chart is rebuilt.
  void highlightPoints(const std::vector<PointId>& ids);
  // Hides what the legend entry `name` stands for (its marker dimmed) or shows it again; kept
  // when the chart is rebuilt with an entry of that name.
  void setEntryHidden(const QString& name, bool hidden);
  // The right click's menu (owned by the caller): Copy Values and Show in Table for the
  // element under the pointer, Reset Zoom when zoomed, then the view's actions (the window's
  // exports); empty where none applies.
  QMenu* contextMenu();
  QStringList hiddenEntries() const;
  // Where an element of `id` or the legend entry `name` is drawn, in viewport coordinates.
  std::optional<QPoint> elementPosition(PointId id) const;
  std::optional<QPoint> legendEntryPosition(const QString& name) const;
  // The value range of the axis along `orientation` (the first one), as shown now.
  std::pair<double, double> axisRange(Qt::Orientation orientation) const;
  void resetZoom();

 signals:
  // An element was clicked.
  void pointActivated(accellab::gui::PointId id);
  // The palette changed the theme, which resets the series' colours: build again.
  void rebuildNeeded();

 protected:
  virtual void build(const ChartInput& input) = 0;

  // Rubber-band zoom (drag with the left button) and its reset (double click, Esc, 0 or the
  // right click's menu): for charts with numeric axes.
  void setZoomable(bool zoomable) { zoomable_ = zoomable; }
  // What an element stands for: a box (hidden by the legend entries `entries`, with its value
  // label), or the point at `index` of a line (hidden with its line).
  // A box with its value label and the dots of its outliers, each null where it has none.
  void addElement(PointId id, QBoxSet* box, const QStringList& entries,
                  QGraphicsSimpleTextItem* valueLabel, QXYSeries* outliers = nullptr);
  void addElement(PointId id, QXYSeries* line, qsizetype index, bool flagged);
  // A column of bars standing `height` high (axis units), found but not restyled.
  void addElement(PointId id, QAbstractBarSeries* bars, int column, double height);

  void changeEvent(QEvent* event) override;
  bool viewportEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

  // Axes are created by the chart and attached to every series added after them.
  QLogValueAxis* addLogAxis(Qt::Alignment alignment, const QString& title, double minValue,
                            double maxValue);
  QValueAxis* addValueAxis(Qt::Alignment alignment, const QString& title, double minValue,
                           double maxValue);
  void addSeries(QAbstractSeries* series);
  // Stands the labels of `axis` upright where the widest line of `labels` fits one of `count`
  // slots across the plot, else turns them: at 200 % or in a small window upright labels
  // would be cut to "…". Judged for a typical plot now, and again at every layout.
  void turnLabelsToFit(QAbstractAxis* axis, const QStringList& labels, std::size_t count);
  // Shows `labels` where they fit upright, else `brief` (each as unique, never equal to a
  // label: a run's number under each of many slots, where "run 2" would be cut), else none.
  void fitLabels(QCategoryAxis* axis, const QStringList& labels, const QStringList& brief,
                 std::size_t count);
  // `fit` for a typical plot's width now, and for the plot's width at every layout.
  void fitNowAndOnLayout(QAbstractAxis* axis, const std::function<void(double)>& fit);
  // The axis' labels drawn, or in no colour.
  static void drawLabels(QAbstractAxis* axis, bool drawn);
  // Legend entries draw a piece of each line, so that the dash (the run) shows; for charts of
  // lines only.
  void showLineSamplesInLegend();
  // Wider than the theme's default, in the colour and dash given.
  static void styleLine(QXYSeries* series, const QColor& colour, Qt::PenStyle dash);
  // A dashed line in a fixed colour for what measurements are read against (the ideal
  // scaling, the bandwidth ceiling); added like addSeries.
  void addReferenceLine(QXYSeries* series, const QColor& color);
  // Gives a line's points the n-th marker shape (0: the plain dots).
  static void setMarkerShape(QXYSeries* series, std::size_t shape, const QColor& colour);
  // A legend entry for what no single series stands for: a variant in a run among boxes.
  void addLegendEntry(const QString& name, const QBrush& brush, const QPen& pen);
  void hideFromLegend(QAbstractSeries* series);
  // With runs overlaid, lines share legend entries: their variant's (its colour and marker)
  // and their run's (its dash, in grey), each hiding every line it stands for; a legend of each
  // variant in each run ran out of the chart. For each line once it is styled, then
  // addSharedRunEntries once.
  void shareLegendEntries(QXYSeries* line, const QString& variant, const QString& run);
  void addSharedRunEntries();
  // The same for any entries; the line shows while none of them is hidden.
  void shareLegendEntries(QXYSeries* line, const QStringList& entries);
  // A legend entry named `name` drawn as `pen` (and `markerOf`'s marker), that draws nothing
  // on the plot; none when the chart has one already.
  void addLegendLine(const QString& name, const QPen& pen, const QXYSeries* markerOf = nullptr);
  // `text` drawn just above `value` (in the coordinates of `series`), upright or read
  // bottom to top, and kept there when the chart is laid out again; in `colour` when valid,
  // else in the title's.
  QGraphicsSimpleTextItem* addValueLabel(QAbstractSeries* series, QPointF value,
                                         const QString& text, bool vertical,
                                         const QColor& colour = {});
  // The font of value labels, to tell whether they fit upright.
  QFont valueLabelFont() const;
  // Hovering a box shows its "toolTip" property; hovering a line's point, `toolTips` at the
  // point's index.
  void showToolTips(QBoxPlotSeries* series);
  void showToolTips(QXYSeries* series, const QStringList& toolTips);
  // Shows `text` by the cursor, or hides the tooltip for "": what currentToolTip() says; of
  // `element`, which the right click's menu then acts on.
  void showToolTip(const QString& text, std::optional<PointId> element = std::nullopt);
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
  // Axis text smaller on a small chart (200 % on a small screen): at the theme's size every
  // label would be elided to "…".
  void fitFontsToSize();
  void placeValueLabels();
  // The theme of the palette: dark or light, the window's background colour.
  void applyPalette();
  // Draws every element as hidden entries and highlighted points want.
  void restyleElements();
  void connectLegend();
  void layOutNow() const;
  void activateBox(QBoxSet* box);
  void activateLinePoint(QXYSeries* series, QPointF value);
  // A click no element took: the line point under it, if any.
  void activatePointUnder(QPointF chartPosition);
  // The nearest point on screen of `series` to `value`, or -1.
  qsizetype nearestIndex(QXYSeries* series, QPointF value) const;

  struct Element {
    PointId id;
    QBoxSet* box = nullptr;
    QBrush brush = {};  // the box's own, for when it is shown again
    QPen pen = {};
    QStringList entries = {};
    QGraphicsSimpleTextItem* valueLabel = nullptr;
    QXYSeries* outliers = nullptr;
    QXYSeries* line = nullptr;
    qsizetype index = 0;
    bool flagged = false;
    QAbstractBarSeries* bars = nullptr;
    double height = 0;
  };
  std::vector<Element> elements_;
  std::set<PointId> highlighted_;
  QStringList hiddenEntries_;
  QString currentToolTip_;
  std::optional<PointId> hovered_;  // the element whose tooltip shows
  bool zoomable_ = false;
  QRubberBand* rubberBand_ = nullptr;
  std::optional<QPoint> pressedAt_;
  bool zooming_ = false;         // a rubber band's release: no element is clicked
  bool clickActivated_ = false;  // an element took the click being released

  struct ValueLabel {
    QAbstractSeries* series;
    QPointF value;
    QGraphicsSimpleTextItem* item;
    bool vertical;
  };
  std::vector<ValueLabel> valueLabels_;
  QStringList limitNotes_;
};

}  // namespace accellab::gui
