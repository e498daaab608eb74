// The chart tabs with the kernel and baseline they show. The main window sees charts only
// through this widget, so no Qt Charts type leaves app/gui/charts. The kernel is chosen
// elsewhere (the experiment panel) and set with setKernel; the panel offers the baseline and
// the GPU time. Charts follow the application's palette, hovering shows a point's numbers,
// clicking a legend entry hides what it stands for, and clicking an element names its point.
#pragma once

#include <QMetaType>
#include <QPoint>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "accellab/report.h"
#include "accellab/session.h"
#include "charts/chartinput.h"
#include "charts/seriessnapshot.h"

class QComboBox;
class QTabWidget;
class QWidget;

// reportOptionsChanged carries it; QSignalSpy in tests reads it back.
Q_DECLARE_METATYPE(accellab::ReportOptions)

class QMenu;

namespace accellab::gui {

class ChartView;

class ChartPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ChartPanel(QWidget* parent = nullptr);
  ~ChartPanel() override;

  // The session must outlive the panel or the next setSession; call again after it changed.
  void setSession(const Session* session);
  void refresh();

  int chartCount() const;
  int currentChart() const;
  void setCurrentChart(int index);
  QString chartStem(int index) const;
  // A file's name for the chart of `index` as shown, without its extension: the kernel, the
  // runs drawn and the chart as its tab names it ("add-run2-bandwidth").
  QString exportName(int index) const;
  QSize chartSize(int index) const;  // on screen, logical pixels
  std::vector<SeriesSnapshot> snapshot(int index) const;
  // The title as drawn (rich text), with the notes on what the chart leaves out.
  QString chartTitle(int index) const;

  // The kernel set (the window's one selection), with runs or not; before one is set, the
  // kernel the latest run measured last.
  QString kernel() const;
  // The kernels the session measured, in order of first appearance.
  QStringList sessionKernels() const;
  std::string baseline() const;
  // The baseline and which time gpu points show, as the charts and the table use them.
  ReportOptions reportOptions() const;
  void setKernel(const QString& kernel);
  void setBaseline(const QString& variant);
  void setGpuTime(GpuTime time);

  // The runs the charts show, by id. Empty (the default) shows the latest run that measured
  // the current kernel; otherwise those of the runs that measured it, overlaid. Ids the
  // session does not have are dropped.
  void setVisibleRuns(std::vector<int> runIds);
  std::vector<int> visibleRuns() const;
  // The runs the current kernel's charts draw, oldest first: what visibleRuns() comes to.
  std::vector<int> drawnRuns() const;

  // The chart as drawn on screen, redrawn at another size; errors as messages.
  std::optional<QString> exportPng(int index, const QString& path, QSize logicalSize,
                                   qreal scale) const;
  std::optional<QString> exportSvg(int index, const QString& path, QSize logicalSize) const;
  // With `caption` (exportCaption()) drawn under the chart.
  std::optional<QString> exportPng(int index, const QString& path, QSize logicalSize, qreal scale,
                                   const QString& caption) const;
  std::optional<QString> exportSvg(int index, const QString& path, QSize logicalSize,
                                   const QString& caption) const;
  // Every tab of the kernel shown, as DIR/<kernel>-run<N>-<chart>.png and .svg at the size of the
  // charts on screen, with the caption; the paths written are appended to `written`.
  std::optional<QString> exportAllCharts(const QString& dir, QStringList& written) const;
  // The machine, the date and the runs of the charts shown: "AMD EPYC 7B13 · 2026-11-30 04:33
  // UTC · run 3 “add 4 sizes”".
  QString exportCaption() const;

  // What hovering the current chart shows now; "" when nothing is hovered.
  QString currentToolTip() const;
  // The legend entries of chart `index` hidden by a click.
  QStringList hiddenEntries(int index) const;
  void setEntryHidden(int index, const QString& name, bool hidden);
  // Chart `index`'s right-click menu as the pointer is now (ChartView::contextMenu).
  QMenu* contextMenu(int index) const;
  // `actions` end every chart's right-click menu (the window's exports).
  void addChartActions(const QList<QAction*>& actions);
  // Where chart `index` draws the point `id` or its legend entry `name`, in the coordinates
  // of chartViewport(index), which takes the mouse: for tests and tools driving the charts.
  std::optional<QPoint> elementPosition(int index, PointId id) const;
  std::optional<QPoint> legendEntryPosition(int index, const QString& name) const;
  QWidget* chartViewport(int index) const;
  // The shown range of chart `index`'s first axis along `orientation`.
  std::pair<double, double> axisRange(int index, Qt::Orientation orientation) const;
  void resetZoom(int index);

 public slots:
  // Draws the elements of these points highlighted in every chart (e.g. the table's
  // selection); an empty list highlights none.
  void highlightPoints(const std::vector<accellab::gui::PointId>& ids);

 signals:
  void reportOptionsChanged(const accellab::ReportOptions& options);
  // After setVisibleRuns changed them, and when a new session no longer had some of them.
  void visibleRunsChanged(const std::vector<int>& runIds);
  // A chart element (a box, a bar, a point on a line) was clicked.
  void pointActivated(int runId, std::size_t pointIndex);

 private:
  void fillSelectors();
  // "add-run2", "add-runs1-3": what every exported file's name starts with.
  QString exportPrefix() const;
  // `runIds` sorted, without repeats and without ids the session does not have.
  std::vector<int> existingRuns(std::vector<int> runIds) const;
  // Made once for all the charts, until rebuildCharts.
  const ChartInput& input() const;
  // Marks every chart out of date and redraws the visible one: the others are redrawn when
  // shown, so a point arriving during a run costs one chart, not five.
  void rebuildCharts();
  void ensureBuilt(int index) const;
  std::unique_ptr<ChartView> detachedCopy(int index) const;
  ChartView* chartAt(int index) const;

  const Session* session_ = nullptr;
  QString kernel_;  // as set; may be one the session does not have (yet)
  QComboBox* baselineBox_;
  QComboBox* gpuTimeBox_;
  QTabWidget* tabs_;
  std::vector<ChartView*> charts_;  // owned by tabs_
  mutable std::vector<bool> stale_;
  mutable std::optional<ChartInput> input_;
  std::vector<int> visibleRuns_;  // sorted, unique; empty for the latest
  std::vector<PointId> highlighted_;
};

}  // namespace accellab::gui
