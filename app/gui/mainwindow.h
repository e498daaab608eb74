// The main window: the experiment panel, Run/Cancel with progress, the chart tabs, the runs
// panel, the results table and the system view, around one SessionDocument. It lays them out
// and wires them; what its menus do lives in the pieces it delegates to: RunController (run,
// re-run, cancel, the machine probe), SessionCommands (open, save, compare, export),
// EngineChoices (plugins and the Python interpreter) and WindowActions (actions and menus).
#pragma once

#include <QByteArray>
#include <QMainWindow>
#include <QSize>
#include <QString>
#include <QStringList>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "accellab/engine.h"
#include "accellab/machine_cache.h"
#include "accellab/report.h"
#include "accellab/sysinfo.h"
#include "accellab/system_conditions.h"
#include "run/runcontroller.h"

class QDockWidget;
class QLabel;
class QTableView;
class QVBoxLayout;

namespace accellab::gui {

class ChartPanel;
class EngineChoices;
class EngineSet;
class ComparePanel;
class ExperimentPanel;
class Prompts;
enum class Theme;
class ResultsModel;
class ResultsPane;
class RunFilterModel;
class RunsModel;
class RunsPanel;
class RunStatus;
class SessionDocument;
class InsightsPanel;
class LastFolder;
class RunController;
class SessionCommands;
class SystemView;
class WindowActions;

struct MainWindowOptions {
  Prompts* prompts = nullptr;    // null: real dialogs
  bool measureBandwidth = true;  // the start-up probe's STREAM copy (about a second)
  bool useSettings = true;  // QSettings: last experiment, geometry, theme, folder, recent files
  QString autosavePath;     // empty: no autosave and no recovery offer
  // Checked as each run starts, on the probe of the machine, its findings recorded with the
  // run and shown as warnings.
  std::function<std::vector<SystemCondition>(const SystemInfo&)> checkConditions =
      [](const SystemInfo& machine) { return checkSystemConditions({.system = &machine}); };
  // Where the measured ceilings are kept between starts, and how competing work is watched
  // while they are measured (machine_cache.h); only read and written with measureBandwidth.
  MachineCache machineCache{defaultMachineCacheFile()};
  // The worker every point is measured in ({"/usr/bin/accellab-cli", "worker", "--replies-fd",
  // "3"}: docs/worker-protocol.md), so a crash costs its point and not the window; empty:
  // measured in this process (tests on fake engines, an accellab-cli that was not found).
  std::vector<std::string> workerCommand{};
  // "plugin FILE: why" of each plugin main() found but could not load, for the Plugins dialog.
  QStringList refusedPlugins{};
};

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  // `engines` makes the engine of each GPU the user picks (device 0 first): the same
  // factory the CLI uses, so both run the same engine.
  MainWindow(EngineFactory engines, MainWindowOptions options, QWidget* parent = nullptr);
  ~MainWindow() override;

  // Offers to recover an autosaved session left by a crash; call once the window is shown.
  void offerRecovery();

  // The File menu's commands without their dialogs (SessionCommands); false after showing an
  // error. openSession reads off the GUI thread, the document's opened or openFailed follows;
  // compareWith compares the other file's latest run with this session's in the Compare tab.
  void openSession(const QString& path);
  bool saveSession(const QString& path);
  bool exportChartPng(int chart, const QString& path, QSize pixelSize);
  bool exportChartSvg(int chart, const QString& path, QSize logicalSize);
  // Every chart of the kernel shown, as PNG and SVG, into `dir`.
  bool exportAllCharts(const QString& dir);
  bool exportResults(const QString& path, ReportFormat format);
  void compareWith(const QString& path);

  // The Run menu's commands, on the Experiment panel's settings (RunController).
  void startRun();
  // Measures the unstable points of the run selected in the Runs panel (else the latest)
  // again, and puts the steadiest measurement of each in its place.
  void rerunUnstable();
  // Fills the Experiment panel with the selected run's (or the latest run's) settings and
  // runs them; when the panel cannot hold all of them it says what differs and waits for Run.
  void runAgain();
  // Run > Run Every Kernel of the File: every kernel of the Python file or plugin that the
  // selected kernel comes from, a run each, the selected one first as the panel has it, the
  // others with their own parameters and the panel's threads and measurement settings.
  void runFile();
  // The table's Measure Again: `point` of run `runId` as a new run, with that run's
  // measurement settings; refused with why when its kernel is not loaded.
  void measureAgain(int runId, const Point& point);
  // Cancels the run going (and those runFile has not begun), or the one waiting for the
  // machine probe.
  void cancelRun();
  void removeSelectedRun();
  bool isRunning() const;
  bool isReady() const;  // the machine probe has finished: a run starts at once
  // Measures the machine's bandwidth again (Run > Re-measure Machine) and keeps it.
  void remeasureMachine();
  // The engines' choices (EngineChoices): false, and nothing changes, while a run, a probe
  // or a change goes; the engines are made again off the GUI thread and enginesRemade follows.
  bool setPythonInterpreter(const QString& interpreter);
  QString pythonInterpreter() const;
  bool loadPlugin(const QString& file);
  bool removePlugin(const QString& file);

  // Edit > Copy: the table's selected cells (every row shown when none is).
  void copySelection();
  // View > Reset Layout: every panel where it was at first.
  void resetLayout();
  // View > Theme; saved in the settings when the window uses them.
  void setTheme(Theme theme);
  // The folder the next file dialog opens in: the one a file was last chosen in.
  QString lastFolder() const;

  SessionDocument& document() { return *document_; }
  RunController& runController() { return *run_; }
  ExperimentPanel& experimentPanel() { return *experiment_; }
  ChartPanel& chartPanel() { return *charts_; }
  ResultsPane& resultsPane() { return *pane_; }
  ResultsModel& resultsModel();
  QTableView& resultsView();
  RunsModel& runsModel() { return *runs_; }
  RunsPanel& runsPanel();
  SystemView& systemView();
  InsightsPanel& insightsPanel();
  ComparePanel& comparePanel();
  QDockWidget& experimentDock() { return *experimentDock_; }
  QDockWidget& resultsDock() { return *resultsDock_; }

 signals:
  void runFinished();
  void systemReady();
  // The engines were made again (another Python interpreter, a plugin loaded or removed),
  // and the machine probed again: the panel and the System tab show what they offer.
  void enginesRemade();

 protected:
  bool event(QEvent* event) override;
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void createLayout();
  void createRunButtons(QVBoxLayout& layout);
  void createResultsDock();
  void connectDocument();
  void connectRun();
  void connectEngines();
  void updateActions();
  void updateTitle();
  void onMachineProbed(const accellab::SystemInfo& system, const QString& warning);
  void onRunEnded(const QString& outcome);
  void onEnginesRemade();
  // Where the run's points are measured, as the Experiment panel says.
  RunPlacement placement() const;
  // The panel's experiment as a run, and with `wholeFile` the other kernels of its file, a
  // run each (runFile).
  void startRuns(bool wholeFile);
  // The other kernels of the file the selected kernel comes from; none for a built-in one.
  std::vector<const Kernel*> otherKernelsOfItsFile() const;
  // The run the run actions act on: the one selected in the Runs panel, else the latest.
  const Run* targetRun() const;
  // The experiment panel's kernel box lists the session's kernels, the latest run's chosen
  // when `selectLatest` (a session opened; not when the engines were remade).
  void showSessionKernels(bool selectLatest = true);
  // True when it restored a saved window geometry.
  bool loadSettings();
  void saveSettings() const;

  MainWindowOptions options_;
  std::unique_ptr<Prompts> ownedPrompts_;
  Prompts* prompts_;
  std::unique_ptr<LastFolder> folder_;
  EngineSet* engines_;
  SessionDocument* document_;
  RunController* run_;
  EngineChoices* choices_;
  RunsModel* runs_;

  ExperimentPanel* experiment_ = nullptr;
  ChartPanel* charts_ = nullptr;
  ResultsPane* pane_ = nullptr;
  QDockWidget* experimentDock_ = nullptr;
  QDockWidget* resultsDock_ = nullptr;
  RunStatus* runStatus_ = nullptr;
  // What the machine probe found or is doing: lasting state, a permanent widget of the status
  // bar, so that the transient messages (a hovered action's tip) never wipe it.
  QLabel* machineStatus_ = nullptr;
  SessionCommands* session_ = nullptr;
  WindowActions* actions_ = nullptr;
  QByteArray defaultLayout_;  // saveState() as built, for View > Reset Layout
  // Closing during a run: the run is cancelled and the window closes once it has ended.
  bool closeAfterRun_ = false;
  bool firstShow_ = true;
  bool probedOnce_ = false;  // the machine's GPUs are in the experiment panel
};

}  // namespace accellab::gui
