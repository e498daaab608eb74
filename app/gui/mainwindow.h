// The main window: the experiment panel, Run/Cancel with progress, the chart tabs, the runs
// panel, the results table and the system view, around one SessionDocument.
#pragma once

#include <QByteArray>
#include <QMainWindow>
#include <QPointer>
#include <QSize>
#include <QString>
#include <QStringList>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "accellab/engine.h"
#include "accellab/machine_cache.h"
#include "accellab/report.h"
#include "accellab/sysinfo.h"
#include "accellab/system_conditions.h"
#include "worker/runworker.h"

class QAction;
class QActionGroup;
class QDialog;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QTabWidget;
class QTableView;

namespace accellab::gui {

class ChartPanel;
class EngineSet;
class PluginsDialog;
struct PluginRow;
class ComparePanel;
class ExperimentPanel;
class Prompts;
enum class Theme;
class ResultsLoader;
class ResultsModel;
class RunFilterModel;
class RunsModel;
class RunsPanel;
class RunStatus;
class SessionDocument;
class SystemProbe;
class InsightsPanel;
class SystemView;

struct MainWindowOptions {
  Prompts* prompts = nullptr;    // null: real dialogs
  bool measureBandwidth = true;  // the start-up probe's STREAM copy (about a second)
  bool useSettings = true;  // QSettings: last experiment, geometry, theme, folder, recent files
  QString autosavePath;     // empty: no autosave and no recovery offer
  // Checked as each run starts, on the probe of the machine, its findings recorded with the
  // run and shown as warnings.
  std::function<std::vector<SystemCondition>(const SystemInfo&)> checkConditions =
      [](const SystemInfo& machine) { return checkSystemConditions({.system = &machine}); };
  // Where the measured ceilings are kept between starts (machine_cache.h); only read and
  // written with measureBandwidth.
  std::filesystem::path machineCache = defaultMachineCacheFile();
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

  // Starts reading `path` off the GUI thread, the status bar saying so; the document's
  // opened or openFailed follows (an error is shown). Nothing while a run goes.
  void openSession(const QString& path);
  // The File menu's actions without their dialogs; false after showing an error.
  bool saveSession(const QString& path);
  bool exportChartPng(int chart, const QString& path, QSize pixelSize);
  bool exportChartSvg(int chart, const QString& path, QSize logicalSize);
  // Every chart of the kernel shown, as PNG and SVG, into `dir`.
  bool exportAllCharts(const QString& dir);
  bool exportResults(const QString& path, ReportFormat format);
  // Reads another session (or results file) off the GUI thread, then compares its latest run
  // with this session's latest in the Compare tab; an error is shown when it cannot be read.
  void compareWith(const QString& path);

  void startRun();
  // Measures the unstable points of the run selected in the Runs panel (else the latest)
  // again, and puts the steadiest measurement of each in its place.
  void rerunUnstable();
  // Fills the Experiment panel with the selected run's (or the latest run's) settings and
  // runs them; when the panel cannot hold all of them it says what differs and waits for Run.
  void runAgain();
  // Cancels the run going, or the one waiting for the machine probe.
  void cancelRun();
  bool isRunning() const;
  bool isReady() const;  // the machine probe has finished: a run starts at once
  // Measures the machine's bandwidth again (Run > Re-measure Machine) and keeps it.
  void remeasureMachine();
  // Run > Python Interpreter…: the interpreter the python variants run from now on, a path or
  // a command name (empty: python3 from PATH), saved when the window uses settings. The
  // engines are made again off the GUI thread, since which variants run depends on it; Run
  // waits meanwhile, and enginesRemade follows. False, and nothing changes, while a run or a
  // probe goes, or where ACCELLAB_PYTHON in the environment decides.
  bool setPythonInterpreter(const QString& interpreter);
  QString pythonInterpreter() const { return python_; }
  // File > Load Kernel Plugin…: `file`'s kernels join the engines (made again off the GUI
  // thread, enginesRemade follows), it is measured in the worker with them, and loaded again
  // at the next start; a refusal is shown and changes nothing. removePlugin undoes it. False
  // when it cannot start now (a run, a probe, a change going) or nothing would change.
  bool loadPlugin(const QString& file);
  bool removePlugin(const QString& file);

  SessionDocument& document() { return *document_; }
  ExperimentPanel& experimentPanel() { return *experiment_; }
  ChartPanel& chartPanel() { return *charts_; }
  ResultsModel& resultsModel() { return *results_; }
  QTableView& resultsView() { return *table_; }
  RunsModel& runsModel() { return *runs_; }
  RunsPanel& runsPanel() { return *runsPanel_; }
  SystemView& systemView() { return *systemView_; }
  InsightsPanel& insightsPanel() { return *insights_; }
  ComparePanel& comparePanel() { return *compare_; }
  QDockWidget& experimentDock() { return *experimentDock_; }
  QDockWidget& resultsDock() { return *resultsDock_; }

  // View > Theme; saved in the settings when the window uses them.
  void setTheme(Theme theme);
  // The folder the next file dialog opens in: the one a file was last chosen in.
  QString lastFolder() const { return lastFolder_; }

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
  void createActions();
  void createMenus();
  void createViewActions();
  void createHelpActions();
  void createLayout();
  void connectDocument();
  void connectWorker();
  void updateActions();
  void updateTitle();
  void onProgress(const accellab::Progress& progress);
  void onPointRemeasured(int position, const accellab::PointResult& result);
  void onRunEnded();
  void onProbeFinished(const accellab::SystemInfo& system, const QString& warning);
  // The runs checked in the Runs panel, in the table and the charts.
  void showCheckedRuns();
  // What the table shows by default, as the charts do: the selected kernel's latest run.
  std::vector<int> latestRunOfKernel() const;
  void updateSystemView();
  // The Insights tab: the findings of the runs the table shows, its title counting them.
  void updateInsights();
  // The runs the results table shows: the checked ones, or the kernel's latest.
  std::vector<int> tableRuns() const;
  void choosePythonInterpreter();
  // The plugins remembered from the last start, each refused one said in the Plugins dialog.
  void loadRememberedPlugins();
  bool canRemakeEngines() const;
  // The engines are made again with `plugins`, `doing` in the status bar meanwhile.
  void remakeEngines(std::vector<std::filesystem::path> plugins, const QString& doing);
  void onEnginesRemade();
  void loadPluginWithDialog();
  void openPythonWithDialog();
  void showPluginsDialog();
  // The Plugins dialog, when open, shows the engines' plugins and the refused ones.
  void showPlugins();
  std::vector<PluginRow> pluginRows();
  // Sets ACCELLAB_PYTHON for this process and the workers it starts (empty: unset).
  void applyPythonInterpreter() const;
  // The run the run actions act on: the one selected in the Runs panel, else the latest.
  const Run* targetRun() const;
  void removeSelectedRun();
  // A run or re-run of `points` points begins: the status bar shows `text` and the progress.
  void showProgress(const QString& text, std::size_t points);
  // The experiment panel's kernel box lists the session's kernels, the latest run's chosen
  // when `selectLatest` (a session opened; not when the engines were remade).
  void showSessionKernels(bool selectLatest = true);

  void newSession();
  void openWithDialog();
  void compareWithDialog();
  bool save();
  bool saveAs();
  // Asks about unsaved changes; false when the user cancelled.
  bool maybeSave();
  void exportPngWithDialog();
  void exportSvgWithDialog();
  void exportAllChartsWithDialog();
  // Clicking a chart element selects its row in the results table; the table's selected rows
  // are highlighted in the charts.
  void connectChartSelection();
  void exportResultsWithDialog(ReportFormat format);
  void copySelection();

  // `name` in the last folder a file dialog chose from, and the folder to offer next.
  QString inLastFolder(const QString& name) const;
  void rememberFolder(const QString& folder);
  void resetLayout();
  void showUserGuide();
  void showShortcuts();
  void showAbout();
  // The window's first geometry, or the saved one, inside the screen it opens on.
  void fitToScreen(bool restored);
  QRect availableGeometry() const;

  void addRecentFile(const QString& path);
  void fillRecentMenu();
  // True when it restored a saved window geometry.
  bool loadSettings();
  void saveSettings() const;

  // The engine of the GPU chosen in the experiment panel, made on first use and kept: the
  // experiment panel reads the kernels of device 0's engine for the window's lifetime.
  const Engine& engineFor(int gpuDevice);
  // Where a run on `gpuDevice` measures: the worker, with the panel's crash policy and
  // timeout; empty without a worker command.
  std::optional<WorkerOptions> isolationFor(int gpuDevice) const;

  EngineSet* engines_;
  MainWindowOptions options_;
  std::unique_ptr<Prompts> ownedPrompts_;
  Prompts* prompts_;
  SystemInfo machine_;  // this machine's probe, for new sessions
  bool probed_ = false;
  // Python: the window's setting (empty: python3 from PATH), and ACCELLAB_PYTHON as the
  // environment set it at the start, which decides when set. The engines are being made again.
  QString python_;
  QString environmentPython_;
  // "plugin FILE: why" of each plugin that could not be loaded, for the Plugins dialog.
  QStringList refusedPlugins_;
  bool runWaitsForProbe_ = false;  // Run was pressed while the probe was measuring

  SessionDocument* document_;
  RunWorker* worker_;
  SystemProbe* probe_;
  ResultsModel* results_;
  RunFilterModel* sorted_;
  RunsModel* runs_;
  ResultsLoader* compareLoader_;
  // The re-run going: which run, and where in it each re-measured point goes.
  struct Rerun {
    int runId;
    std::vector<std::size_t> positions;
  };
  std::optional<Rerun> rerun_;

  ExperimentPanel* experiment_ = nullptr;
  ChartPanel* charts_ = nullptr;
  QTableView* table_ = nullptr;
  SystemView* systemView_ = nullptr;
  InsightsPanel* insights_ = nullptr;
  RunsPanel* runsPanel_ = nullptr;
  ComparePanel* compare_ = nullptr;
  QTabWidget* bottomTabs_ = nullptr;
  RunStatus* runStatus_ = nullptr;
  // What the machine probe found or is doing: lasting state, a permanent widget of the status
  // bar, so that the transient messages (a hovered action's tip) never wipe it.
  QLabel* machineStatus_ = nullptr;
  // How the run going will end, for the status it leaves (whether it was cancelled, the run
  // status knows): failed, or finished.
  std::size_t runPoints_ = 0;
  std::optional<QString> runFailure_;
  // Why the run stopped before its end when the runner stopped it (crashes of the measured
  // code in a row): the reason its unmeasured points carry.
  std::optional<QString> runStopped_;

  QAction* newAction_ = nullptr;
  QAction* openAction_ = nullptr;
  QAction* compareAction_ = nullptr;
  QAction* saveAction_ = nullptr;
  QAction* saveAsAction_ = nullptr;
  QAction* exportPngAction_ = nullptr;
  QAction* exportSvgAction_ = nullptr;
  QAction* exportAllChartsAction_ = nullptr;
  QAction* exportCsvAction_ = nullptr;
  QAction* exportMarkdownAction_ = nullptr;
  QAction* quitAction_ = nullptr;
  QAction* runAction_ = nullptr;
  QAction* cancelAction_ = nullptr;
  QAction* rerunAction_ = nullptr;
  QAction* runAgainAction_ = nullptr;
  QAction* removeRunAction_ = nullptr;
  QAction* remeasureAction_ = nullptr;
  QAction* pythonAction_ = nullptr;
  QAction* loadPluginAction_ = nullptr;
  QAction* openPythonAction_ = nullptr;
  QAction* pluginsAction_ = nullptr;
  QAction* copyAction_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QStringList recentFiles_;

  // The View and Help menus, the docks they show, the dialogs they open.
  QDockWidget* experimentDock_ = nullptr;
  QDockWidget* resultsDock_ = nullptr;
  QByteArray defaultLayout_;  // saveState() as built, for View > Reset Layout
  QAction* resetLayoutAction_ = nullptr;
  QAction* nextChartAction_ = nullptr;
  QAction* previousChartAction_ = nullptr;
  QActionGroup* themeActions_ = nullptr;
  QAction* guideAction_ = nullptr;
  QAction* shortcutsAction_ = nullptr;
  QAction* aboutAction_ = nullptr;
  QAction* aboutQtAction_ = nullptr;
  QPointer<QDialog> guideDialog_;
  QPointer<PluginsDialog> pluginsDialog_;
  QPointer<QDialog> shortcutsDialog_;
  QPointer<QDialog> aboutDialog_;
  QString lastFolder_;
  // Closing during a run: the run is cancelled and the window closes once it has ended.
  bool closeAfterRun_ = false;
  bool firstShow_ = true;
};

}  // namespace accellab::gui
