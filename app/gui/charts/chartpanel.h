// The chart tabs with the kernel and baseline they show. The main window sees charts only
// through this widget, so no Qt Charts type leaves app/gui/charts.
#pragma once

#include <QMetaType>
#include <QSize>
#include <QString>
#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

#include "accellab/report.h"
#include "accellab/session.h"
#include "charts/chartinput.h"
#include "charts/seriessnapshot.h"

class QComboBox;
class QTabWidget;

// reportOptionsChanged carries it; QSignalSpy in tests reads it back.
Q_DECLARE_METATYPE(accellab::ReportOptions)

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
  QSize chartSize(int index) const;  // on screen, logical pixels
  std::vector<SeriesSnapshot> snapshot(int index) const;
  // The title as drawn (rich text), with the notes on what the chart leaves out.
  QString chartTitle(int index) const;

  QString kernel() const;
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

 signals:
  void reportOptionsChanged(const accellab::ReportOptions& options);
  // After setVisibleRuns changed them, and when a new session no longer had some of them.
  void visibleRunsChanged(const std::vector<int>& runIds);

 private:
  void fillSelectors();
  // `runIds` sorted, without repeats and without ids the session does not have.
  std::vector<int> existingRuns(std::vector<int> runIds) const;
  // Made once for all the charts, until rebuildCharts.
  const ChartInput& input() const;
  // Marks every chart out of date and redraws the visible one: the others are redrawn when
  // shown, so a point arriving during a run costs one chart, not five.
  void rebuildCharts();
  void ensureBuilt(int index) const;
  std::unique_ptr<ChartView> detachedCopy(int index) const;

  const Session* session_ = nullptr;
  QComboBox* kernelBox_;
  QComboBox* baselineBox_;
  QComboBox* gpuTimeBox_;
  QTabWidget* tabs_;
  std::vector<ChartView*> charts_;  // owned by tabs_
  mutable std::vector<bool> stale_;
  mutable std::optional<ChartInput> input_;
  std::vector<int> visibleRuns_;  // sorted, unique; empty for the latest
};

}  // namespace accellab::gui
