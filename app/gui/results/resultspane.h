// The window's lower half: the Runs panel beside the tabs Results (the table of the runs
// shown, with a filter field), Insights (their findings), Output (what the current row's code
// printed), Compare (two runs side by side) and System (the machine of the run selected), all kept
// up to date with the session document. By default the table shows what the charts draw, the
// kernel's latest run; checked runs replace it.
#pragma once

#include <QSplitter>
#include <functional>
#include <vector>

#include "accellab/result.h"
#include "accellab/sysinfo.h"

class QAction;
class QLineEdit;
class QMenu;
class QPlainTextEdit;
class QTabWidget;
class QTableView;

namespace accellab::gui {

class ChartPanel;
class ComparePanel;
class InsightsPanel;
class ResultsModel;
class RunFilterModel;
class RunsModel;
class RunsPanel;
class SessionDocument;
class SystemView;

class ResultsPane : public QSplitter {
  Q_OBJECT

 public:
  // `running` says whether a run goes (its run is then the one shown); `machine` is this
  // machine's probe once it finished (null before), shown when no run is.
  ResultsPane(SessionDocument& document, RunsModel& runs, ChartPanel& charts,
              std::function<bool()> running, std::function<const SystemInfo*()> machine,
              QWidget* parent = nullptr);

  // The table's context menu for the row at `at` (viewport coordinates): Copy, Measure Again
  // (measureAgainRequested), and where the row's failure names a file and line of the user's
  // code, Open FILE (line N). Owned by the caller.
  QMenu* contextMenuAt(QPoint at);
  // `copy` in the table's context menu; each of `runActions` a button under the runs.
  void addActions(QAction* copy, const std::vector<QAction*>& runActions);
  // The kernel the charts show: the table shows its rows.
  void setKernel(const QString& kernel);
  // A run ended: its columns fitted, the comparison and the findings made again.
  void runEnded();
  void updateSystemView();
  // The Compare tab in front: a comparison was just made.
  void showComparison();

  QTableView& table() { return *table_; }
  // The Output tab: what the code of the table's current row printed (PointResult::output).
  QPlainTextEdit& outputView() { return *output_; }
  QLineEdit& filterField() { return *filter_; }
  ResultsModel& results() { return *results_; }
  RunFilterModel& sorted() { return *sorted_; }
  RunsPanel& runsPanel() { return *runsPanel_; }
  SystemView& systemView() { return *systemView_; }
  InsightsPanel& insights() { return *insights_; }
  ComparePanel& compare() { return *compare_; }
  QTabWidget& tabs() { return *tabs_; }

 signals:
  // The row's point, of run `runId`, is to be measured again as a new run.
  void measureAgainRequested(int runId, const accellab::Point& point);

 private:
  // The Results tab: the filter field over the table.
  QWidget* withFilterField();
  void connectDocument();
  void showOutput();
  // The runs checked in the Runs panel, in the table and the charts.
  void showCheckedRuns();
  // The runs the table shows: the checked ones, or the kernel's latest.
  std::vector<int> tableRuns() const;
  std::vector<int> latestRunOfKernel() const;
  // The Insights tab: the findings of the runs the table shows, its title counting them.
  void updateInsights();

  SessionDocument& document_;
  RunsModel& runs_;
  ChartPanel& charts_;
  std::function<bool()> running_;
  std::function<const SystemInfo*()> machine_;
  ResultsModel* results_;
  RunFilterModel* sorted_;
  QTableView* table_;
  QLineEdit* filter_ = nullptr;
  InsightsPanel* insights_;
  ComparePanel* compare_;
  SystemView* systemView_;
  QPlainTextEdit* output_;
  QTabWidget* tabs_;
  RunsPanel* runsPanel_;
};

}  // namespace accellab::gui
