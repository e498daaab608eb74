#include "mainwindow.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextEdit>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>
#include <sstream>
#include <utility>

#include "accellab/format.h"
#include "accellab/kernels/builtin.h"
#include "accellab/plugin_loader.h"
#include "accellab/sweep.h"
#include "actiontext.h"
#include "charts/chartpanel.h"
#include "compare/comparepanel.h"
#include "engines/engineset.h"
#include "engines/pluginsdialog.h"
#include "experiment/experimentpanel.h"
#include "help/aboutdialog.h"
#include "help/shortcutsdialog.h"
#include "help/userguidedialog.h"
#include "i18n/languagemenu.h"
#include "insights/insightspanel.h"
#include "models/resultsmodel.h"
#include "models/runfiltermodel.h"
#include "models/runsmodel.h"
#include "models/selectiontext.h"
#include "prompts.h"
#include "runs/runspanel.h"
#include "session/enginefiles.h"
#include "session/resultsloader.h"
#include "session/sessiondocument.h"
#include "system/pythondialog.h"
#include "system/systemprobe.h"
#include "system/systemview.h"
#include "theme/theme.h"
#include "windowgeometry.h"
#include "worker/progresstext.h"
#include "worker/runstatus.h"
#include "worker/runworker.h"

// Q_INIT_RESOURCE must be called from the global namespace; the resources live in a static
// library, which the linker would otherwise drop.
static void initAccellabResources() { Q_INIT_RESOURCE(accellab); }

namespace accellab::gui {

namespace {

constexpr int kMaxRecentFiles = 8;
const QString kRecentKey = QStringLiteral("recentFiles");
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kThemeKey = QStringLiteral("view/theme");
const QString kPythonKey = QStringLiteral("python/interpreter");
const QString kPluginsKey = QStringLiteral("plugins/files");
const QString kLastFolderKey = QStringLiteral("lastFolder");

QString qs(const std::string& text) { return QString::fromStdString(text); }

// The platform's keys for `key`, else `fallback`: some desktops have no Save As key.
QList<QKeySequence> standardKeys(QKeySequence::StandardKey key, const QKeySequence& fallback) {
  const QList<QKeySequence> keys = QKeySequence::keyBindings(key);
  return keys.isEmpty() ? QList<QKeySequence>{fallback} : keys;
}

bool editsText(const QWidget* widget) {
  return qobject_cast<const QLineEdit*>(widget) || qobject_cast<const QAbstractSpinBox*>(widget) ||
         qobject_cast<const QTextEdit*>(widget) || qobject_cast<const QPlainTextEdit*>(widget);
}

void raiseDialog(QDialog& dialog) {
  dialog.show();
  dialog.raise();
  dialog.activateWindow();
}

QString sessionFilter() {
  return QObject::tr("AccelLab sessions and Google Benchmark JSON (*.json);;All files (*)");
}

}  // namespace

MainWindow::MainWindow(EngineFactory engines, MainWindowOptions options, QWidget* parent)
    : QMainWindow(parent),
      engines_(new EngineSet(std::move(engines), this)),
      options_(std::move(options)),
      ownedPrompts_(options_.prompts ? nullptr : std::make_unique<DialogPrompts>()),
      prompts_(options_.prompts ? options_.prompts : ownedPrompts_.get()),
      document_(new SessionDocument(this)),
      worker_(new RunWorker(this)),
      probe_(new SystemProbe(this)),
      results_(new ResultsModel(this)),
      sorted_(new RunFilterModel(this)),
      runs_(new RunsModel(*document_, this)),
      compareLoader_(new ResultsLoader(this)) {
  initAccellabResources();
  setObjectName(QStringLiteral("mainWindow"));
  // Before the first engine asks which variants Python can run.
  environmentPython_ = qEnvironmentVariable("ACCELLAB_PYTHON");
  if (options_.useSettings) python_ = QSettings().value(kPythonKey).toString();
  applyPythonInterpreter();
  refusedPlugins_ = options_.refusedPlugins;
  if (options_.useSettings) loadRememberedPlugins();
  // Said once the window shows (not in a demo's or a test's window, which use no settings).
  if (!refusedPlugins_.isEmpty() && options_.useSettings)
    QTimer::singleShot(0, this, [this] {
      prompts_->error(this, tr("Plugins not loaded"),
                      refusedPlugins_.join(QLatin1Char('\n')) +
                          tr("\n\nFile \u25b8 Plugins\u2026 lists them."));
    });
  connect(engines_, &EngineSet::remade, this, &MainWindow::onEnginesRemade);
  connect(engines_, &EngineSet::refused, this, [this](const QString& why) {
    machineStatus_->setText(probe_->status());
    updateActions();
    showPlugins();
    prompts_->error(this, tr("Cannot load"), why);
  });
  setWindowIcon(QIcon(QStringLiteral(":/icons/accellab.svg")));
  setAcceptDrops(true);
  document_->setAutosavePath(options_.autosavePath);
  sorted_->setSourceModel(results_);

  createActions();
  createViewActions();
  createHelpActions();
  createLayout();
  createMenus();
  connectDocument();
  connectWorker();
  connectChartSelection();

  // Run is available at once: a run started while the probe measures waits for it.
  connect(probe_, &SystemProbe::measuring, this, [this](const QString& status) {
    if (runWaitsForProbe_) runStatus_->end(status);
    machineStatus_->setText(status);
    updateActions();
  });
  connect(probe_, &SystemProbe::finished, this, &MainWindow::onProbeFinished);
  probe_->start(engineFor(0), options_.measureBandwidth, options_.machineCache);
  machineStatus_->setText(probe_->status());

  lastFolder_ = QDir::homePath();
  defaultLayout_ = saveState();
  fitToScreen(options_.useSettings && loadSettings());
  updateTitle();
  updateActions();
}

MainWindow::~MainWindow() {
  // The worker joins its thread when destroyed; cancel first so that takes < 0.5 s.
  worker_->cancel();
}

void MainWindow::createActions() {
  const auto action = [this](const char* name, const QString& text, const QString& icon,
                             const QKeySequence& keys, auto slot) {
    auto* a = new QAction(text, this);
    a->setObjectName(QLatin1String(name));  // for tests and accessibility tools
    if (!icon.isEmpty()) a->setIcon(QIcon(QStringLiteral(":/icons/%1.svg").arg(icon)));
    if (!keys.isEmpty()) a->setShortcut(keys);
    connect(a, &QAction::triggered, this, slot);
    addAction(a);
    return a;
  };
  newAction_ = action("newAction", tr("&New"), QStringLiteral("new"), QKeySequence::New, [this] {
    if (maybeSave()) newSession();
  });
  openAction_ = action("openAction", tr("&Open\u2026"), QStringLiteral("open"), QKeySequence::Open,
                       [this] { openWithDialog(); });
  compareAction_ =
      action("compareAction", tr("Compare &With\u2026"), {}, {}, [this] { compareWithDialog(); });
  compareAction_->setToolTip(
      tr("Open another session beside this one and compare its runs with this session's"));
  saveAction_ = action("saveAction", tr("&Save"), QStringLiteral("save"), QKeySequence::Save,
                       [this] { save(); });
  saveAsAction_ = action("saveAsAction", tr("Save &As\u2026"), {}, {}, [this] { saveAs(); });
  saveAsAction_->setShortcuts(standardKeys(QKeySequence::SaveAs, QKeySequence(tr("Ctrl+Shift+S"))));
  exportPngAction_ = action("exportPngAction", tr("Export Chart as &PNG\u2026"),
                            QStringLiteral("export"), {}, [this] { exportPngWithDialog(); });
  exportSvgAction_ = action("exportSvgAction", tr("Export Chart as S&VG\u2026"), {}, {},
                            [this] { exportSvgWithDialog(); });
  exportAllChartsAction_ =
      action("exportAllChartsAction", tr("Export &All Charts\u2026"), {},
             QKeySequence(tr("Ctrl+Shift+E")), [this] { exportAllChartsWithDialog(); });
  exportAllChartsAction_->setToolTip(
      tr("Write every chart of the kernel shown to a folder, as PNG and SVG (Ctrl+Shift+E)"));
  exportCsvAction_ = action("exportCsvAction", tr("Export Results as &CSV\u2026"), {}, {},
                            [this] { exportResultsWithDialog(ReportFormat::csv); });
  exportMarkdownAction_ =
      action("exportMarkdownAction", tr("Export Results as &Markdown\u2026"), {}, {},
             [this] { exportResultsWithDialog(ReportFormat::markdown); });
  quitAction_ = action("quitAction", tr("&Quit"), {}, {}, [this] { close(); });
  quitAction_->setShortcuts(standardKeys(QKeySequence::Quit, QKeySequence(tr("Ctrl+Q"))));
  quitAction_->setMenuRole(QAction::QuitRole);
  runAction_ = action("runAction", tr("&Run"), QStringLiteral("run"), {}, [this] { startRun(); });
  runAction_->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(tr("Ctrl+R"))});
  cancelAction_ = action("cancelAction", tr("&Cancel"), QStringLiteral("cancel"),
                         QKeySequence(Qt::Key_Escape), [this] { cancelRun(); });
  // Enabled only while a run goes, so Esc belongs to dialogs and editors the rest of the time;
  // a dialog is a window of its own, where this window's shortcut does not apply.
  cancelAction_->setToolTip(tr("Stop the run; points already measured are kept (Esc)"));
  rerunAction_ = action("rerunAction", tr("Re-run &Unstable Points"), QStringLiteral("rerun"),
                        QKeySequence(tr("Ctrl+Shift+R")), [this] { rerunUnstable(); });
  rerunAction_->setToolTip(
      tr("Measure the unstable points of the selected run (or the latest) again and keep the "
         "steadiest measurement of each"));
  runAgainAction_ = action("runAgainAction", tr("Run &Again with These Settings"), {}, {},
                           [this] { runAgain(); });
  runAgainAction_->setToolTip(
      tr("Fill the Experiment panel with the selected run's (or the latest run's) settings and "
         "measure them again as a new run"));
  removeRunAction_ =
      action("removeRunAction", tr("&Delete Run"), {}, {}, [this] { removeSelectedRun(); });
  removeRunAction_->setToolTip(tr("Delete the selected run and its measurements"));
  remeasureAction_ =
      action("remeasureAction", tr("Re-&measure Machine"), {}, {}, [this] { remeasureMachine(); });
  remeasureAction_->setToolTip(
      tr("Measure the machine's memory bandwidth again (a few seconds) instead of using the "
         "measurement kept from an earlier start"));
  loadPluginAction_ = action("loadPluginAction", tr("Load Kernel &Plugin\u2026"), {}, {},
                             [this] { loadPluginWithDialog(); });
  loadPluginAction_->setToolTip(
      tr("Load your own kernels from a plugin built against AccelLab's SDK (docs/plugins.md); "
         "it is loaded again at the next start"));
  openPythonAction_ = action("openPythonAction", tr("Open P&ython Benchmarks\u2026"), {}, {},
                             [this] { openPythonWithDialog(); });
  openPythonAction_->setToolTip(
      tr("Measure your own Python: an asv-style benchmark file (docs/python.md), its benchmarks "
         "as kernels; it is opened again at the next start"));
  pluginsAction_ =
      action("pluginsAction", tr("Plu&gins\u2026"), {}, {}, [this] { showPluginsDialog(); });
  pluginsAction_->setToolTip(tr("The kernel plugins loaded, and those that could not be"));
  pythonAction_ = action("pythonAction", tr("&Python Interpreter\u2026"), {}, {},
                         [this] { choosePythonInterpreter(); });
  pythonAction_->setToolTip(
      tr("Choose the python3 that runs the Python variants (python-loop, numpy, numba)"));
  copyAction_ =
      action("copyAction", tr("&Copy"), {}, QKeySequence::Copy, [this] { copySelection(); });
  copyAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  removeAction(copyAction_);
}

void MainWindow::createViewActions() {
  resetLayoutAction_ = new QAction(tr("&Reset Layout"), this);
  resetLayoutAction_->setObjectName(QStringLiteral("resetLayoutAction"));
  resetLayoutAction_->setToolTip(tr("Show every panel where it was at first"));
  connect(resetLayoutAction_, &QAction::triggered, this, &MainWindow::resetLayout);
  // From anywhere in the window, as in Qt Creator: the tab widget's own Ctrl+Tab works only
  // while the focus is inside it.
  const auto chartStep = [this](const char* name, const QString& text, int step,
                                QList<QKeySequence> keys) {
    auto* a = new QAction(text, this);
    a->setObjectName(QLatin1String(name));
    a->setShortcuts(keys);
    a->setShortcutContext(Qt::WindowShortcut);
    connect(a, &QAction::triggered, this, [this, step] {
      const int count = charts_->chartCount();
      if (count > 0) charts_->setCurrentChart((charts_->currentChart() + step + count) % count);
    });
    addAction(a);
    return a;
  };
  nextChartAction_ =
      chartStep("nextChartAction", tr("&Next Chart"), 1,
                {QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageDown)});
  previousChartAction_ = chartStep(
      "previousChartAction", tr("&Previous Chart"), -1,
      {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageUp)});
  themeActions_ = new QActionGroup(this);
  themeActions_->setExclusive(true);
  const struct {
    Theme theme;
    const char* name;
    QString text;
  } themes[] = {{Theme::followSystem, "themeSystemAction", tr("Follow &System")},
                {Theme::light, "themeLightAction", tr("&Light")},
                {Theme::dark, "themeDarkAction", tr("&Dark")}};
  for (const auto& [theme, name, text] : themes) {
    QAction* a = themeActions_->addAction(text);
    a->setObjectName(QLatin1String(name));
    a->setCheckable(true);
    a->setData(static_cast<int>(theme));
    a->setChecked(theme == Theme::followSystem);
    connect(a, &QAction::triggered, this, [this, theme = theme] { setTheme(theme); });
  }
}

void MainWindow::createHelpActions() {
  const auto action = [this](const char* name, const QString& text, auto slot) {
    auto* a = new QAction(text, this);
    a->setObjectName(QLatin1String(name));
    connect(a, &QAction::triggered, this, slot);
    addAction(a);
    return a;
  };
  guideAction_ = action("guideAction", tr("AccelLab &User Guide"), [this] { showUserGuide(); });
  guideAction_->setShortcuts(standardKeys(QKeySequence::HelpContents, QKeySequence(Qt::Key_F1)));
  shortcutsAction_ =
      action("shortcutsAction", tr("&Keyboard Shortcuts"), [this] { showShortcuts(); });
  aboutAction_ = action("aboutAction", tr("&About AccelLab"), [this] { showAbout(); });
  aboutAction_->setMenuRole(QAction::AboutRole);
  aboutQtAction_ = action("aboutQtAction", tr("About &Qt"), [] { QApplication::aboutQt(); });
  aboutQtAction_->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(newAction_);
  file->addAction(openAction_);
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  file->addAction(compareAction_);
  file->addSeparator();
  file->addAction(loadPluginAction_);
  file->addAction(openPythonAction_);
  file->addAction(pluginsAction_);
  file->addSeparator();
  file->addAction(saveAction_);
  file->addAction(saveAsAction_);
  file->addSeparator();
  file->addAction(exportPngAction_);
  file->addAction(exportSvgAction_);
  file->addAction(exportAllChartsAction_);
  file->addAction(exportCsvAction_);
  file->addAction(exportMarkdownAction_);
  file->addSeparator();
  file->addAction(quitAction_);
  QMenu* run = menuBar()->addMenu(tr("&Run"));
  run->addAction(runAction_);
  run->addAction(cancelAction_);
  run->addSeparator();
  run->addAction(runAgainAction_);
  run->addAction(rerunAction_);
  run->addAction(removeRunAction_);
  run->addSeparator();
  run->addAction(remeasureAction_);
  run->addAction(pythonAction_);
  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  edit->addAction(copyAction_);
  fillRecentMenu();

  QToolBar* tools = addToolBar(tr("Main"));
  tools->setObjectName(QStringLiteral("mainToolBar"));
  tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  tools->addAction(openAction_);
  tools->addAction(saveAction_);
  tools->addAction(exportPngAction_);
  tools->addSeparator();
  tools->addAction(runAction_);
  tools->addAction(cancelAction_);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(experimentDock_->toggleViewAction());
  view->addAction(resultsDock_->toggleViewAction());
  view->addAction(tools->toggleViewAction());
  view->addSeparator();
  view->addAction(nextChartAction_);
  view->addAction(previousChartAction_);
  view->addSeparator();
  view->addAction(resetLayoutAction_);
  view->addSeparator();
  QMenu* theme = view->addMenu(tr("&Theme"));
  theme->addActions(themeActions_->actions());
  view->addMenu(makeLanguageMenu(view));
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(guideAction_);
  help->addAction(shortcutsAction_);
  help->addSeparator();
  help->addAction(aboutAction_);
  help->addAction(aboutQtAction_);
}

void MainWindow::createLayout() {
  const Engine& engine = engineFor(0);
  experiment_ = new ExperimentPanel(engine.registry(), engine.memoryAvailable(),
                                    QThread::idealThreadCount(), this);
  auto* runButton = new QPushButton(this);
  runButton->setObjectName(QStringLiteral("runButton"));
  auto* cancelButton = new QPushButton(this);
  cancelButton->setObjectName(QStringLiteral("cancelButton"));
  for (auto [button, action] :
       {std::pair{runButton, runAction_}, std::pair{cancelButton, cancelAction_}}) {
    button->setText(withoutMnemonic(action->text()));
    button->setIcon(action->icon());
    connect(button, &QPushButton::clicked, action, &QAction::trigger);
    connect(action, &QAction::enabledChanged, button, &QPushButton::setEnabled);
  }
  runButton->setDefault(true);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(runButton);
  buttons->addWidget(cancelButton);
  auto* side = new QWidget(this);
  auto* sideLayout = new QVBoxLayout(side);
  sideLayout->setContentsMargins(0, 0, 0, 0);
  sideLayout->addWidget(experiment_);
  sideLayout->addLayout(buttons);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(side);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  // Narrower than the panel only on a small screen (it scrolls then), never so narrow that its
  // labels are cut.
  scroll->setMinimumWidth(
      std::min(side->minimumSizeHint().width(), fontMetrics().averageCharWidth() * 28));
  // Docks, named for saveState(): View shows and hides them, Reset Layout puts them back.
  experimentDock_ = new QDockWidget(tr("Experiment"), this);
  experimentDock_->setObjectName(QStringLiteral("experimentDock"));
  experimentDock_->setWidget(scroll);
  addDockWidget(Qt::LeftDockWidgetArea, experimentDock_);

  charts_ = new ChartPanel(this);
  table_ = new QTableView(this);
  // Tab leaves the table for the next field; the arrows move within it.
  table_->setTabKeyNavigation(false);
  table_->setObjectName(QStringLiteral("resultsTable"));
  table_->setModel(sorted_);
  table_->setSortingEnabled(true);
  table_->sortByColumn(-1, Qt::AscendingOrder);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setAlternatingRowColors(true);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  table_->setContextMenuPolicy(Qt::ActionsContextMenu);
  table_->addAction(copyAction_);
  systemView_ = new SystemView(this);
  insights_ = new InsightsPanel(this);
  insights_->setObjectName(QStringLiteral("insightsPanel"));
  bottomTabs_ = new QTabWidget(this);
  bottomTabs_->setObjectName(QStringLiteral("bottomTabs"));
  compare_ = new ComparePanel(document_->session(), this);
  compare_->setCurrentName(document_->displayName());
  bottomTabs_->addTab(table_, tr("Results"));
  bottomTabs_->addTab(insights_, tr("Insights"));
  bottomTabs_->addTab(compare_, tr("Compare"));
  bottomTabs_->addTab(systemView_, tr("System"));

  runsPanel_ = new RunsPanel(*runs_, this);
  runsPanel_->setObjectName(QStringLiteral("runsPanel"));
  runsPanel_->addButton(runAgainAction_);
  runsPanel_->addButton(rerunAction_);
  runsPanel_->addButton(removeRunAction_);
  auto* bottom = new QSplitter(Qt::Horizontal, this);
  bottom->setObjectName(QStringLiteral("bottomSplitter"));
  bottom->addWidget(runsPanel_);
  bottom->addWidget(bottomTabs_);
  bottom->setStretchFactor(0, 2);
  bottom->setStretchFactor(1, 5);
  bottom->setSizes({520, 900});
  // Scrolled, as the experiment panel is, so that a small screen can hold the window.
  auto* bottomScroll = new QScrollArea(this);
  bottomScroll->setWidget(bottom);
  bottomScroll->setWidgetResizable(true);
  bottomScroll->setFrameShape(QFrame::NoFrame);
  resultsDock_ = new QDockWidget(tr("Results"), this);
  resultsDock_->setObjectName(QStringLiteral("resultsDock"));
  resultsDock_->setWidget(bottomScroll);
  // The experiment panel keeps the full height on the left, as before the results were a dock.
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  addDockWidget(Qt::BottomDockWidgetArea, resultsDock_);
  resizeDocks({resultsDock_}, {330}, Qt::Vertical);
  resizeDocks({experimentDock_}, {side->sizeHint().width()}, Qt::Horizontal);
  setCentralWidget(charts_);

  runStatus_ = new RunStatus(statusBar());
  machineStatus_ = new QLabel(statusBar());
  machineStatus_->setObjectName(QStringLiteral("machineStatus"));
  statusBar()->addPermanentWidget(machineStatus_);
}

void MainWindow::connectDocument() {
  charts_->setSession(&document_->session());
  connect(document_, &SessionDocument::sessionReplaced, this, [this] {
    results_->setRuns(document_->session().runs);
    compare_->currentReplaced();
    charts_->refresh();
    showSessionKernels();
    table_->resizeColumnsToContents();
    updateActions();
  });
  connect(document_, &SessionDocument::runStarted, this,
          [this](int runId) { results_->appendRun(*findRun(document_->session(), runId)); });
  connect(document_, &SessionDocument::pointAppended, this,
          [this](int runId, const PointResult& point) {
            results_->appendPoint(runId, point);
            charts_->refresh();
            updateActions();
          });
  connect(document_, &SessionDocument::pointReplaced, this,
          [this](int runId, int index, const PointResult& point) {
            results_->replacePoint(runId, index, point);
            charts_->refresh();
          });
  connect(document_, &SessionDocument::runRemoved, this, [this](int runId) {
    results_->removeRun(runId);
    compare_->refresh();
    charts_->refresh();
    updateActions();
  });
  connect(document_, &SessionDocument::conditionsChanged, this, [this](int runId) {
    updateSystemView();
    const Run* run = findRun(document_->session(), runId);
    if (!isRunning() || !run || run->conditions.empty()) return;
    const auto count = static_cast<int>(run->conditions.size());
    statusBar()->showMessage(count == 1 ? tr("1 system warning: see System")
                                        : tr("%1 system warnings: see System").arg(count));
  });
  connect(runs_, &RunsModel::shownRunsChanged, this, &MainWindow::showCheckedRuns);
  connect(runsPanel_, &RunsPanel::selectionChanged, this, [this] {
    updateSystemView();
    updateActions();
  });
  connect(document_, &SessionDocument::modifiedChanged, this, [this] { updateTitle(); });
  connect(document_, &SessionDocument::pathChanged, this, [this] {
    updateTitle();
    compare_->setCurrentName(document_->displayName());
  });
  connect(document_, &SessionDocument::runRenamed, compare_, &ComparePanel::refresh);
  connect(document_, &SessionDocument::opened, this, [this](const QString& path) {
    // Also when it was imported and the document is untitled.
    addRecentFile(QFileInfo(path).absoluteFilePath());
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 4000);
    updateActions();
  });
  connect(document_, &SessionDocument::openFailed, this,
          [this](const QString&, const QString& message) {
            statusBar()->clearMessage();
            updateActions();
            prompts_->error(this, tr("Cannot open session"), message);
          });
  connect(document_, &SessionDocument::recovered, this, [this] {
    statusBar()->showMessage(tr("Recovered the autosaved session"), 4000);
    updateActions();
  });
  connect(document_, &SessionDocument::recoverFailed, this, [this](const QString& message) {
    statusBar()->clearMessage();
    updateActions();
    prompts_->error(this, tr("Cannot recover"), message);
  });
  // A run goes on when its autosave fails: its points stay in the window, to be saved.
  connect(document_, &SessionDocument::autosaveFailed, this, [this](const QString& message) {
    statusBar()->showMessage(
        tr("Autosave failed, trying again after the next change; the results are kept in the "
           "window: %1")
            .arg(message));
  });
  connect(document_, &SessionDocument::autosaveResumed, this,
          [this] { statusBar()->showMessage(tr("Autosave works again"), 4000); });
  connect(compare_, &ComparePanel::comparisonChanged, this, &MainWindow::updateSystemView);
  connect(charts_, &ChartPanel::reportOptionsChanged, results_, &ResultsModel::setReportOptions);
  connect(charts_, &ChartPanel::reportOptionsChanged, this, [this] { updateInsights(); });
  // The experiment panel's kernel box is the window's one kernel selector.
  connect(experiment_, &ExperimentPanel::kernelSelected, charts_, &ChartPanel::setKernel);
  connect(experiment_, &ExperimentPanel::kernelSelected, this, [this](const QString& kernel) {
    sorted_->setKernel(kernel);
    showCheckedRuns();
  });
  connect(experiment_, &ExperimentPanel::kernelSelected, this, [this] { updateActions(); });
  // Run waits for valid input, and says what is wrong.
  connect(experiment_, &ExperimentPanel::changed, this, [this] { updateActions(); });
  charts_->setKernel(experiment_->kernel());
  sorted_->setKernel(experiment_->kernel());
}

void MainWindow::showSessionKernels(bool selectLatest) {
  const Session& session = document_->session();
  QStringList kernels;
  QMap<QString, QString> plugins;
  QString latest;
  for (const Run& run : session.runs) {
    for (const PointResult& point : run.points) {
      const QString kernel = qs(point.point.kernel);
      if (!kernels.contains(kernel)) kernels << kernel;
      if (run.plugin) plugins.insert(kernel, qs(describe(*run.plugin)));
      latest = kernel;
    }
  }
  experiment_->setSessionKernels(kernels, plugins);
  if (selectLatest && !latest.isEmpty()) experiment_->selectKernel(latest);
}

void MainWindow::connectWorker() {
  connect(worker_, &RunWorker::progress, this, &MainWindow::onProgress);
  connect(worker_, &RunWorker::pointRemeasured, this, &MainWindow::onPointRemeasured);
  connect(worker_, &RunWorker::conditionsChecked, this,
          [this](const std::vector<SystemCondition>& conditions) {
            // Runs begun here are the latest until they end.
            const auto& runs = document_->session().runs;
            if (!runs.empty()) document_->setConditions(runs.back().id, conditions);
          });
  connect(worker_, &RunWorker::pointFinished, this, [this](const PointResult& result) {
    // Cancelled points were never measured: the session keeps only what was. One cancelled
    // for another reason than the user's cancel was left by the runner, which stopped the
    // run ("not measured: 3 points in a row crashed their worker"): the run's end says why.
    if (result.status != PointStatus::cancelled) {
      document_->appendPoint(result);
    } else if (!runStopped_ && !runStatus_->cancelRequested()) {
      constexpr std::string_view kNotMeasured = "not measured: ";
      std::string_view why = result.reason;
      if (why.starts_with(kNotMeasured)) why.remove_prefix(kNotMeasured.size());
      runStopped_ = QString::fromUtf8(why.data(), static_cast<qsizetype>(why.size()));
    }
  });
  connect(worker_, &RunWorker::failed, this, [this](const QString& message) {
    runFailure_ = message;
    prompts_->error(this, tr("Run failed"), message);
  });
  connect(worker_, &RunWorker::finished, this, &MainWindow::onRunEnded);
  connect(worker_, &RunWorker::finished, this, [this] {
    prompts_->runEnded();
    // Closed during the run and told to stop it: the run has ended, so close now (after
    // the run's own end is handled, its points in the document).
    if (std::exchange(closeAfterRun_, false)) QTimer::singleShot(0, this, &QWidget::close);
  });
}

void MainWindow::startRun() {
  if (isRunning() || document_->isLoading() || runWaitsForProbe_) return;
  const auto experiment = experiment_->experiment();
  if (!experiment) {
    prompts_->error(this, tr("Cannot run"), experiment_->error());
    return;
  }
  if (probe_->isRunning()) {
    // Started when the probe finishes; the experiment panel is locked until then. The probe's
    // status moves beside Cancel (no progress bar: the probe's own progress is unknown).
    runWaitsForProbe_ = true;
    statusBar()->clearMessage();
    runStatus_->end(probe_->status());
    updateActions();
    return;
  }
  const Engine& engine = engineFor(experiment_->gpuDevice());
  const std::string baseline = charts_->reportOptions().baseline;
  SweepSpec sweep = experiment->sweep;
  sweep.baseline = baseline;
  std::vector<Point> points;
  try {
    points = expandSweep(sweep, engine.registry());
  } catch (const SweepError& e) {
    prompts_->error(this, tr("Cannot run"), qs(e.what()));
    return;
  }
  machine_.gpuDevice = experiment_->gpuDevice();
  MeasureConfig measure = experiment->measure;
  measure.streamingFromBytes = machine_.streamingFromBytes;
  measure.splitFromBytes = machine_.splitFromBytes;
  Run run;
  run.created = nowIso8601();
  run.name = defaultRunName(run.created, points);
  run.settings = {measure, baseline, "desktop app"};
  if (const Kernel* kernel = engine.registry().find(sweep.kernel))
    run.plugin = kernel->info().plugin;
  run.system = machine_;
  document_->beginRun(std::move(run));
  worker_->start(
      engine, points, measure,
      [check = options_.checkConditions, machine = machine_] { return check(machine); },
      machine_.bandwidthCeilingBytesPerS, isolationFor(machine_.gpuDevice));
  showProgress(tr("Starting %n point(s)\u2026", nullptr, static_cast<int>(points.size())),
               points.size());
}

void MainWindow::rerunUnstable() {
  const Run* run = targetRun();
  if (isRunning() || document_->isLoading() || !probed_ || !run) return;
  Rerun rerun{run->id, unstablePoints(*run)};
  if (rerun.positions.empty()) return;
  std::vector<PointResult> points;
  for (const std::size_t position : rerun.positions) points.push_back(run->points[position]);
  // On the GPU the run measured, with the run's own settings and limits.
  worker_->startRerun(engineFor(run->system.gpuDevice), points, run->settings.measure,
                      experiment_->rerunAttempts(), run->system.bandwidthCeilingBytesPerS,
                      isolationFor(run->system.gpuDevice));
  rerun_ = std::move(rerun);
  showProgress(tr("Re-running %n unstable point(s) of run %1\u2026", nullptr,
                  static_cast<int>(points.size()))
                   .arg(run->id),
               points.size());
}

void MainWindow::runAgain() {
  const Run* run = targetRun();
  if (isRunning() || document_->isLoading() || !run || run->points.empty()) return;
  // A run of several kernels (the CLI's --kernel add,pi): the one shown, else its first.
  std::vector<std::string> kernels;
  for (const PointResult& result : run->points)
    if (std::find(kernels.begin(), kernels.end(), result.point.kernel) == kernels.end())
      kernels.push_back(result.point.kernel);
  const std::string shown = experiment_->kernel().toStdString();
  const std::string& name =
      std::find(kernels.begin(), kernels.end(), shown) != kernels.end() ? shown : kernels.front();
  const Kernel* kernel = engineFor(experiment_->gpuDevice()).registry().find(name);
  if (!kernel) {
    // The panel knows why (an import, a plugin not loaded) and shows it on the kernel too.
    experiment_->selectKernel(qs(name));
    prompts_->error(this, tr("Cannot run again"), experiment_->runBlocker());
    return;
  }
  std::vector<Point> points;
  for (const PointResult& result : run->points)
    if (result.point.kernel == name) points.push_back(result.point);
  QStringList lost = experiment_->restore({sweepOf(points, kernel->info()), run->settings.measure});
  if (kernels.size() > 1) {
    QStringList names;
    for (const std::string& each : kernels) names << qs(each);
    lost.prepend(tr("The run measured the kernels %1; the panel measures one at a time: %2.")
                     .arg(names.join(QStringLiteral(", ")), qs(name)));
  }
  if (lost.isEmpty()) {
    startRun();
    return;
  }
  prompts_->notice(this, tr("Run Again"),
                   tr("The Experiment panel now holds run %1's settings, except:\n\n\u2022 %2\n\n"
                      "Check them, then press Run.")
                       .arg(run->id)
                       .arg(lost.join(QStringLiteral("\n\u2022 "))));
}

void MainWindow::showProgress(const QString& text, std::size_t points) {
  runPoints_ = points;
  runFailure_.reset();
  runStopped_.reset();
  runStatus_->begin(text);
  updateActions();
}

void MainWindow::onPointRemeasured(int position, const PointResult& result) {
  if (!rerun_ || position < 0 || static_cast<std::size_t>(position) >= rerun_->positions.size())
    return;
  const auto index = static_cast<int>(rerun_->positions[static_cast<std::size_t>(position)]);
  const Run* run = findRun(document_->session(), rerun_->runId);
  // After a cancel the points not measured again come back as they were.
  if (run && run->points[static_cast<std::size_t>(index)] != result)
    document_->replacePoint(rerun_->runId, index, result);
}

const Run* MainWindow::targetRun() const {
  const auto& runs = document_->session().runs;
  if (const auto selected = runsPanel_->selectedRun())
    return findRun(document_->session(), *selected);
  return runs.empty() ? nullptr : &runs.back();
}

void MainWindow::showCheckedRuns() {
  // By default the charts show each kernel's latest run: the latest run may not have
  // measured the kernel charted. The table shows what the charts draw.
  charts_->setVisibleRuns(runs_->showsLatestOnly() ? std::vector<int>{} : runs_->shownRuns());
  const std::vector<int> table = tableRuns();
  sorted_->setRuns({table.begin(), table.end()});
  updateSystemView();
  updateInsights();
}

std::vector<int> MainWindow::tableRuns() const {
  return runs_->showsLatestOnly() ? latestRunOfKernel() : runs_->shownRuns();
}

void MainWindow::updateInsights() {
  insights_->showFindings(document_->session(), tableRuns(), charts_->kernel().toStdString(),
                          charts_->reportOptions());
  const int tab = bottomTabs_->indexOf(insights_);
  bottomTabs_->setTabText(
      tab, insights_->count() > 0 ? tr("Insights (%1)").arg(insights_->count()) : tr("Insights"));
}

std::vector<int> MainWindow::latestRunOfKernel() const {
  const auto& runs = document_->session().runs;
  // The run going measures the kernel selected (the panel waits meanwhile), from before its
  // first point: the document has it before the worker starts.
  if (!runs.empty() && (isRunning() || runs.back().points.empty())) return {runs.back().id};
  const std::string kernel = charts_->kernel().toStdString();
  for (auto run = runs.rbegin(); run != runs.rend(); ++run)
    if (std::ranges::any_of(run->points,
                            [&](const PointResult& p) { return p.point.kernel == kernel; }))
      return {run->id};
  return {};
}

void MainWindow::updateSystemView() {
  std::size_t warnings = 0;
  const Run* base = compare_->comparison() ? compare_->baseRun() : nullptr;
  const Run* next = compare_->comparison() ? compare_->newRun() : nullptr;
  if (base && next) {
    // While two runs are compared, their machines side by side.
    systemView_->setSystems(compare_->baseTitle(), *base, compare_->newTitle(), *next);
    warnings = base->conditions.size() + next->conditions.size();
  } else {
    const auto selected = runsPanel_->selectedRun();
    const std::vector<int> shown = runs_->shownRuns();
    const Run* run = selected         ? findRun(document_->session(), *selected)
                     : !shown.empty() ? findRun(document_->session(), shown.back())
                                      : nullptr;
    if (run) {
      systemView_->setSystem(run->system, run->conditions, run->mpi);
      warnings = run->conditions.size();
    } else if (probed_) {
      systemView_->setSystem(machine_);
    }
  }
  // The tab says there is something to read before the numbers.
  const int tab = bottomTabs_->indexOf(systemView_);
  bottomTabs_->setTabIcon(tab, warnings > 0 ? QIcon(QStringLiteral(":/icons/flag.svg")) : QIcon());
  bottomTabs_->setTabToolTip(tab, warnings > 0
                                      ? tr("%n system warning(s) recorded as the run started",
                                           nullptr, static_cast<int>(warnings))
                                      : QString());
}

void MainWindow::removeSelectedRun() {
  const auto selected = runsPanel_->selectedRun();
  if (isRunning() || !selected) return;
  const Run* run = findRun(document_->session(), *selected);
  if (run && prompts_->askRemoveRun(this, qs(run->name))) document_->removeRun(*selected);
}

void MainWindow::cancelRun() {
  if (runWaitsForProbe_) {
    runWaitsForProbe_ = false;
    runStatus_->end(QString());
    statusBar()->showMessage(tr("Run cancelled before it started"), 5000);
    updateActions();
    return;
  }
  if (!isRunning()) return;
  worker_->cancel();
  runStatus_->cancelling();
}

bool MainWindow::isRunning() const { return worker_->isRunning(); }

std::optional<WorkerOptions> MainWindow::isolationFor(int gpuDevice) const {
  if (options_.workerCommand.empty()) return std::nullopt;
  WorkerOptions isolation;
  isolation.command = options_.workerCommand;
  for (const std::filesystem::path& file : engines_->plugins())
    isolation.command.insert(isolation.command.end(),
                             {file.extension() == ".py" ? "--python" : "--plugin", file.string()});
  // Device 0 is the worker's default; naming it would be refused where there is no GPU.
  if (gpuDevice != 0)
    isolation.command.insert(isolation.command.end(), {"--device", std::to_string(gpuDevice)});
  isolation.onCrash = experiment_->onCrash();
  isolation.pointTimeoutS = experiment_->pointTimeoutS();
  return isolation;
}

const Engine& MainWindow::engineFor(int gpuDevice) { return engines_->forDevice(gpuDevice); }
bool MainWindow::isReady() const { return probed_ && !probe_->isRunning(); }

void MainWindow::remeasureMachine() {
  if (isRunning() || runWaitsForProbe_ || probe_->isRunning() || !options_.measureBandwidth) return;
  probe_->remeasure(engineFor(0), options_.machineCache);
}

void MainWindow::applyPythonInterpreter() const {
  if (!environmentPython_.isEmpty()) return;
  if (python_.isEmpty())
    qunsetenv("ACCELLAB_PYTHON");
  else
    qputenv("ACCELLAB_PYTHON", python_.toLocal8Bit());
}

void MainWindow::loadRememberedPlugins() {
  // Each checked alone first (a file since removed or rebuilt against another ABI), then all
  // together with the built-in kernels (a name taken twice): a refused one is left out and
  // said, never the reason the window cannot start.
  std::vector<std::filesystem::path> kept;
  for (const QString& file : QSettings().value(kPluginsKey).toStringList()) {
    try {
      // A Python file is listed by a child interpreter when the engine is made, below.
      if (!file.endsWith(QLatin1String(".py"))) accellab::loadPlugin(toFilePath(file));
      kept.push_back(toFilePath(file));
    } catch (const PluginError& error) {
      refusedPlugins_ << qs(error.what());
    }
  }
  engines_->setPlugins(kept);
  try {
    engineFor(0);
  } catch (const std::exception& error) {  // PluginError, or a Python file that does not list
    refusedPlugins_ << qs(error.what());
    engines_->setPlugins({});
  }
}

bool MainWindow::canRemakeEngines() const {
  return !isRunning() && !runWaitsForProbe_ && !probe_->isRunning() && !engines_->isRemaking() &&
         !document_->isLoading();
}

void MainWindow::remakeEngines(std::vector<std::filesystem::path> plugins, const QString& doing) {
  machineStatus_->setText(doing);
  if (pluginsDialog_) pluginsDialog_->setBusy(true);
  engines_->remake(std::move(plugins));
  updateActions();
}

void MainWindow::onEnginesRemade() {
  const Engine& engine = engineFor(0);
  experiment_->setRegistry(engine.registry());
  // The guide lists the variants of the engine it was made with.
  delete guideDialog_;
  if (options_.useSettings) {
    QStringList files;
    for (const std::filesystem::path& file : engines_->plugins())
      files << QFile::decodeName(file.c_str());
    QSettings().setValue(kPluginsKey, files);
  }
  showPlugins();
  // The session's kernels a plugin now runs (or no longer does); the one selected stays.
  showSessionKernels(false);
  probe_->start(engine, options_.measureBandwidth, options_.machineCache);
  machineStatus_->setText(probe_->status());
  updateActions();
  connect(probe_, &SystemProbe::finished, this, &MainWindow::enginesRemade,
          Qt::SingleShotConnection);
}

bool MainWindow::setPythonInterpreter(const QString& interpreter) {
  if (!environmentPython_.isEmpty() || !canRemakeEngines()) return false;
  python_ = interpreter.trimmed();
  if (options_.useSettings) QSettings().setValue(kPythonKey, python_);
  // Set while nothing else of the window runs: no other thread reads the environment now.
  applyPythonInterpreter();
  remakeEngines(engines_->plugins(),
                tr("Asking %1 which Python variants it can run\u2026")
                    .arg(python_.isEmpty() ? QStringLiteral("python3") : python_));
  return true;
}

bool MainWindow::loadPlugin(const QString& file) {
  if (!canRemakeEngines()) return false;
  std::vector<std::filesystem::path> plugins = engines_->plugins();
  const std::filesystem::path path = toFilePath(QFileInfo(file).absoluteFilePath());
  if (std::ranges::find(plugins, path) != plugins.end()) return false;
  plugins.push_back(path);
  remakeEngines(std::move(plugins), tr("Loading %1\u2026").arg(QDir::toNativeSeparators(file)));
  return true;
}

bool MainWindow::removePlugin(const QString& file) {
  if (!canRemakeEngines()) return false;
  std::vector<std::filesystem::path> plugins = engines_->plugins();
  if (std::erase(plugins, toFilePath(file)) == 0) return false;
  remakeEngines(std::move(plugins), tr("Unloading %1\u2026").arg(QDir::toNativeSeparators(file)));
  return true;
}

void MainWindow::loadPluginWithDialog() {
  const QString file = prompts_->openFileName(this, tr("Load Kernel Plugin"), lastFolder_,
                                              tr("Kernel plugins (*.so);;All files (*)"));
  if (file.isEmpty()) return;
  rememberFolder(QFileInfo(file).absolutePath());
  loadPlugin(file);
}

void MainWindow::openPythonWithDialog() {
  const QString file = prompts_->openFileName(this, tr("Open Python Benchmarks"), lastFolder_,
                                              tr("Python benchmark files (*.py);;All files (*)"));
  if (file.isEmpty()) return;
  rememberFolder(QFileInfo(file).absolutePath());
  loadPlugin(file);
}

std::vector<PluginRow> MainWindow::pluginRows() {
  std::vector<PluginRow> rows;
  for (const Kernel* kernel : engineFor(0).registry().kernels()) {
    const auto& plugin = kernel->info().plugin;
    if (!plugin) continue;
    auto row = std::ranges::find_if(
        rows, [&](const PluginRow& r) { return r.identity.file == plugin->file; });
    if (row == rows.end()) {
      const bool removable =
          std::ranges::find(engines_->plugins(), std::filesystem::path(plugin->file)) !=
          engines_->plugins().end();
      row = rows.insert(rows.end(), PluginRow{*plugin, {}, removable});
    }
    row->kernels << qs(kernel->info().name);
  }
  return rows;
}

void MainWindow::showPlugins() {
  if (pluginsDialog_) {
    pluginsDialog_->setPlugins(pluginRows(), refusedPlugins_);
    pluginsDialog_->setBusy(!canRemakeEngines());
  }
}

void MainWindow::showPluginsDialog() {
  if (!pluginsDialog_) {
    pluginsDialog_ = new PluginsDialog(this);
    connect(pluginsDialog_, &PluginsDialog::loadRequested, this, &MainWindow::loadPluginWithDialog);
    connect(pluginsDialog_, &PluginsDialog::removeRequested, this,
            [this](const QString& file) { removePlugin(file); });
  }
  showPlugins();
  raiseDialog(*pluginsDialog_);
}

void MainWindow::choosePythonInterpreter() {
  PythonDialog dialog(python_, environmentPython_, qs(machine_.python), this);
  if (dialog.exec() == QDialog::Accepted && dialog.interpreter() != python_)
    setPythonInterpreter(dialog.interpreter());
}

void MainWindow::onProbeFinished(const SystemInfo& system, const QString& warning) {
  const bool first = !probed_;
  machine_ = system;
  probed_ = true;
  if (first) experiment_->setGpus(system.gpus, system.gpuDevice);
  updateSystemView();
  QString message = tr("Machine probed: %1").arg(qs(system.cpuModel));
  if (!system.bandwidthMeasured.empty()) {
    const QString bandwidth =
        qs(formatValue(system.bandwidthCeilingBytesPerS, ValueKind::byteRate));
    const QString when = QLocale().toString(
        QDateTime::fromString(qs(system.bandwidthMeasured), Qt::ISODate).toLocalTime(),
        QLocale::ShortFormat);
    message = system.bandwidthCached ? tr("Machine probed: %1; bandwidth %2, measured %3 (cached)")
                                           .arg(qs(system.cpuModel), bandwidth, when)
                                     : tr("Machine probed: %1; bandwidth %2, measured %3")
                                           .arg(qs(system.cpuModel), bandwidth, when);
  }
  if (!warning.isEmpty())
    message = tr("%1 (not kept for the next start: %2)").arg(message, warning);
  machineStatus_->setText(message);
  // The experiment panel unlocked first: the waiting run reads it.
  const bool runWaited = std::exchange(runWaitsForProbe_, false);
  if (runWaited) runStatus_->end(QString());
  updateActions();
  if (first) emit systemReady();
  if (runWaited) startRun();
}

void MainWindow::onProgress(const Progress& progress) { runStatus_->update(progress); }

void MainWindow::onRunEnded() {
  const auto& runs = document_->session().runs;
  // Cancelled points never reach the session: those it holds are the ones measured.
  const std::size_t measured = rerun_         ? runStatus_->pointsDone()
                               : runs.empty() ? 0
                                              : runs.back().points.size();
  std::size_t failed = 0;
  if (!rerun_ && !runs.empty())
    for (const PointResult& point : runs.back().points)
      failed += point.status == PointStatus::failed ? 1 : 0;
  QString outcome = runFailure_                     ? failedText(*runFailure_)
                    : runStatus_->cancelRequested() ? cancelledText(measured, runPoints_)
                    : runStopped_ ? stoppedText(measured, runPoints_, *runStopped_)
                                  : finishedText(measured, failed);
  if (rerun_) {
    const Run* run = findRun(document_->session(), rerun_->runId);
    const auto stillUnstable = run ? unstablePoints(*run).size() : 0;
    outcome += tr(" (re-run of run %1; still unstable: %2)").arg(rerun_->runId).arg(stillUnstable);
    rerun_.reset();
  }
  runStatus_->end(outcome);
  table_->resizeColumnsToContents();
  compare_->refresh();
  updateInsights();
  updateActions();
  emit runFinished();
}

void MainWindow::updateActions() {
  const bool running = isRunning();
  // While a file is read, what would replace or extend the session waits for it.
  const bool busy =
      running || document_->isLoading() || runWaitsForProbe_ || engines_->isRemaking();
  const QString blocker = experiment_->runBlocker();
  runAction_->setEnabled(!busy && blocker.isEmpty());
  runAction_->setStatusTip(blocker);
  runAction_->setToolTip(blocker.isEmpty() ? tr("Measure the experiment (F5)") : blocker);
  cancelAction_->setEnabled(running || runWaitsForProbe_);
  remeasureAction_->setEnabled(!busy && !probe_->isRunning() && options_.measureBandwidth);
  pythonAction_->setEnabled(canRemakeEngines());
  loadPluginAction_->setEnabled(canRemakeEngines());
  openPythonAction_->setEnabled(canRemakeEngines());
  if (pluginsDialog_) pluginsDialog_->setBusy(!canRemakeEngines());
  const Run* target = targetRun();
  rerunAction_->setEnabled(!busy && probed_ && target && !unstablePoints(*target).empty());
  removeRunAction_->setEnabled(!busy && runsPanel_->selectedRun().has_value());
  runAgainAction_->setEnabled(!busy && target && !target->points.empty());
  newAction_->setEnabled(!busy);
  openAction_->setEnabled(!busy);
  recentMenu_->setEnabled(!busy && !recentFiles_.isEmpty());
  experiment_->setEnabled(!busy);
}

void MainWindow::updateTitle() {
  setWindowTitle(tr("%1[*] \u2014 AccelLab").arg(document_->displayName()));
  setWindowModified(document_->isModified());
}

void MainWindow::newSession() { document_->reset(); }

void MainWindow::openSession(const QString& path) {
  if (isRunning()) return;
  statusBar()->showMessage(tr("Opening %1\u2026").arg(QDir::toNativeSeparators(path)));
  document_->open(path);
  updateActions();
}

void MainWindow::compareWith(const QString& path) {
  statusBar()->showMessage(tr("Opening %1\u2026").arg(QDir::toNativeSeparators(path)));
  compareLoader_->load(
      path,
      [this, path](ResultsFile other) {
        statusBar()->clearMessage();
        compare_->setOtherSession(std::move(other.session), QFileInfo(path).fileName());
        bottomTabs_->setCurrentWidget(compare_);
      },
      [this](const QString& message) {
        statusBar()->clearMessage();
        prompts_->error(this, tr("Cannot compare"), message);
      });
}

void MainWindow::compareWithDialog() {
  const QString path =
      prompts_->openFileName(this, tr("Compare With"), lastFolder_, sessionFilter());
  if (path.isEmpty()) return;
  rememberFolder(QFileInfo(path).absolutePath());
  compareWith(path);
}

void MainWindow::openWithDialog() {
  if (!maybeSave()) return;
  const QString path =
      prompts_->openFileName(this, tr("Open Session"), lastFolder_, sessionFilter());
  if (path.isEmpty()) return;
  rememberFolder(QFileInfo(path).absolutePath());
  openSession(path);
}

bool MainWindow::saveSession(const QString& path) {
  if (const auto error = document_->saveAs(path)) {
    prompts_->error(this, tr("Cannot save session"), *error);
    return false;
  }
  addRecentFile(document_->path());
  statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(document_->path())), 4000);
  return true;
}

bool MainWindow::save() {
  return document_->path().isEmpty() ? saveAs() : saveSession(document_->path());
}

namespace {

// The name Save As offers a new session: its latest run's kernel and day, in the registered
// file type (packaging/io.github.accellab.AccelLab.xml): "add-2026-12-02.accellab.json".
QString suggestedSessionName(const Session& session) {
  const Run* latest = session.runs.empty() ? nullptr : &session.runs.back();
  QString stem = QStringLiteral("session");
  if (latest && !latest->points.empty())
    stem = qs(latest->points.front().point.kernel) + QLatin1Char('-') +
           qs(latest->created.substr(0, std::min<std::size_t>(10, latest->created.size())));
  return stem + QStringLiteral(".accellab.json");
}

}  // namespace

bool MainWindow::saveAs() {
  const QString suggested = document_->path().isEmpty()
                                ? inLastFolder(suggestedSessionName(document_->session()))
                                : document_->path();
  const QString path = prompts_->saveFileName(this, tr("Save Session"), suggested, sessionFilter());
  if (path.isEmpty()) return false;
  rememberFolder(QFileInfo(path).absolutePath());
  return saveSession(path);
}

bool MainWindow::maybeSave() {
  if (!document_->isModified()) return true;
  switch (prompts_->askSaveChanges(this, document_->displayName())) {
    case Prompts::SaveChoice::save:
      return save();
    case Prompts::SaveChoice::discard:
      return true;
    case Prompts::SaveChoice::cancel:
      break;
  }
  return false;
}

bool MainWindow::exportChartPng(int chart, const QString& path, QSize pixelSize) {
  constexpr qreal kScale = 2;  // sharp text and lines: laid out at half the pixel size
  if (const auto error =
          charts_->exportPng(chart, path, pixelSize / kScale, kScale, charts_->exportCaption())) {
    prompts_->error(this, tr("Cannot export chart"), *error);
    return false;
  }
  statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 8000);
  return true;
}

bool MainWindow::exportChartSvg(int chart, const QString& path, QSize logicalSize) {
  if (const auto error = charts_->exportSvg(chart, path, logicalSize, charts_->exportCaption())) {
    prompts_->error(this, tr("Cannot export chart"), *error);
    return false;
  }
  statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 8000);
  return true;
}

bool MainWindow::exportAllCharts(const QString& dir) {
  QStringList written;
  if (const auto error = charts_->exportAllCharts(dir, written)) {
    prompts_->error(this, tr("Cannot export charts"), *error);
    return false;
  }
  statusBar()->showMessage(
      tr("Exported %n file(s) to %1", nullptr, static_cast<int>(written.size()))
          .arg(QDir::toNativeSeparators(dir)),
      8000);
  return true;
}

void MainWindow::exportAllChartsWithDialog() {
  const QString dir = prompts_->existingDirectory(this, tr("Export All Charts"), lastFolder_);
  if (dir.isEmpty()) return;
  rememberFolder(dir);
  exportAllCharts(dir);
}

void MainWindow::connectChartSelection() {
  // The table's rows are the runs' points in order, so a point's row is its run's first row
  // plus its place in the run.
  const auto firstRowOf = [this](int runId) {
    for (int row = 0; row < results_->rowCount(); ++row)
      if (results_->index(row, 0).data(ResultsModel::RunRole).toInt() == runId) return row;
    return -1;
  };
  // The table row of a run's point as shown (sorted), invalid where the run filter hides it.
  const auto shownRowOf = [this, firstRowOf](int runId, std::size_t point) {
    const int first = firstRowOf(runId);
    if (first < 0) return QModelIndex();
    return sorted_->mapFromSource(results_->index(first + static_cast<int>(point), 0));
  };
  connect(charts_, &ChartPanel::pointActivated, this,
          [this, shownRowOf](int runId, std::size_t pointIndex) {
            const QModelIndex row = shownRowOf(runId, pointIndex);
            // A row the run filter hides cannot be selected.
            if (!row.isValid()) return;
            bottomTabs_->setCurrentWidget(table_);
            table_->selectionModel()->setCurrentIndex(
                row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            table_->scrollTo(row);
          });
  // A finding shows its evidence: its rows selected in the table, its chart in front.
  connect(
      insights_, &InsightsPanel::findingActivated, this,
      [this, shownRowOf](int runId, const std::vector<std::size_t>& points, const QString& chart) {
        for (int index = 0; index < charts_->chartCount(); ++index)
          if (charts_->chartStem(index) == chart) charts_->setCurrentChart(index);
        QItemSelection rows;
        for (const std::size_t point : points)
          if (const QModelIndex row = shownRowOf(runId, point); row.isValid())
            rows.select(row, row);
        table_->selectionModel()->select(
            rows, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        if (!rows.isEmpty()) table_->scrollTo(rows.indexes().front());
      });
  connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          [this, firstRowOf] {
            std::vector<PointId> points;
            for (const QModelIndex& selected : table_->selectionModel()->selectedRows()) {
              const QModelIndex row = sorted_->mapToSource(selected);
              const int runId = row.data(ResultsModel::RunRole).toInt();
              points.push_back({runId, static_cast<std::size_t>(row.row() - firstRowOf(runId))});
            }
            charts_->highlightPoints(points);
          });
}

void MainWindow::exportPngWithDialog() {
  const int chart = charts_->currentChart();
  const QString path = prompts_->saveFileName(
      this, tr("Export Chart as PNG"),
      inLastFolder(charts_->chartStem(chart) + QStringLiteral(".png")), tr("PNG images (*.png)"));
  if (path.isEmpty()) return;
  rememberFolder(QFileInfo(path).absolutePath());
  const auto size = prompts_->imageSize(this, charts_->chartSize(chart) * 2);
  if (size) exportChartPng(chart, path, *size);
}

void MainWindow::exportSvgWithDialog() {
  const int chart = charts_->currentChart();
  const QString path = prompts_->saveFileName(
      this, tr("Export Chart as SVG"),
      inLastFolder(charts_->chartStem(chart) + QStringLiteral(".svg")), tr("SVG drawings (*.svg)"));
  if (path.isEmpty()) return;
  rememberFolder(QFileInfo(path).absolutePath());
  exportChartSvg(chart, path, charts_->chartSize(chart));
}

bool MainWindow::exportResults(const QString& path, ReportFormat format) {
  std::ostringstream out;
  const auto reporter = makeReporter(format, out, charts_->reportOptions());
  for (const Run& run : document_->session().runs)
    reportRun(*reporter, run, charts_->reportOptions());
  reporter->finish();
  if (const auto error = writeFile(path, out.str())) {
    prompts_->error(this, tr("Cannot export results"), *error);
    return false;
  }
  return true;
}

void MainWindow::exportResultsWithDialog(ReportFormat format) {
  const bool csv = format == ReportFormat::csv;
  const QString path = prompts_->saveFileName(
      this, csv ? tr("Export Results as CSV") : tr("Export Results as Markdown"),
      inLastFolder(csv ? QStringLiteral("results.csv") : QStringLiteral("results.md")),
      csv ? tr("CSV files (*.csv)") : tr("Markdown files (*.md)"));
  if (path.isEmpty()) return;
  rememberFolder(QFileInfo(path).absolutePath());
  exportResults(path, format);
}

void MainWindow::copySelection() {
  QModelIndexList indexes = table_->selectionModel()->selectedIndexes();
  if (indexes.isEmpty()) {
    for (int row = 0; row < sorted_->rowCount(); ++row)
      for (int column = 0; column < sorted_->columnCount(); ++column)
        indexes << sorted_->index(row, column);
  }
  QApplication::clipboard()->setText(selectionAsText(*sorted_, indexes));
}

void MainWindow::offerRecovery() {
  const QString path = document_->autosavePath();
  if (path.isEmpty() || !QFileInfo::exists(path)) return;
  if (prompts_->askRecover(this, path)) {
    statusBar()->showMessage(tr("Opening %1\u2026").arg(QDir::toNativeSeparators(path)));
    document_->recover(path);
    updateActions();
  } else {
    document_->discardAutosave();
  }
}

bool MainWindow::event(QEvent* event) {
  // Esc in a text field of this window (a run's name being edited) belongs to the field: an
  // override the field left unclaimed reaches the window before Cancel's shortcut would fire.
  if (event->type() == QEvent::ShortcutOverride) {
    const auto* key = static_cast<QKeyEvent*>(event);
    const QWidget* focus = QApplication::focusWidget();
    if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier && editsText(focus) &&
        focus->window() == this) {
      event->accept();
      return true;
    }
  }
  return QMainWindow::event(event);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (isRunning()) {
    // The worker stops between repetitions; the window waits for its end without blocking
    // the GUI thread and closes then, asking about the measurements as usual.
    event->ignore();
    if (closeAfterRun_ || !prompts_->askStopRun(this)) return;
    // The run may have ended while the question was open (it said so, runEnded): Yes then
    // quits now, as it said, rather than wait for an end that has come.
    if (isRunning()) {
      closeAfterRun_ = true;
      cancelRun();
    } else {
      QTimer::singleShot(0, this, &QWidget::close);
    }
    return;
  }
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  worker_->cancel();
  document_->discardAutosave();
  if (options_.useSettings) saveSettings();
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const auto urls = event->mimeData()->urls();
  if (!isRunning() && !urls.isEmpty() && urls.front().isLocalFile()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const auto urls = event->mimeData()->urls();
  if (urls.isEmpty() || !urls.front().isLocalFile()) return;
  event->acceptProposedAction();
  if (maybeSave()) openSession(urls.front().toLocalFile());
}

void MainWindow::addRecentFile(const QString& path) {
  recentFiles_.removeAll(path);
  recentFiles_.prepend(path);
  while (recentFiles_.size() > kMaxRecentFiles) recentFiles_.removeLast();
  if (options_.useSettings) QSettings().setValue(kRecentKey, recentFiles_);
  fillRecentMenu();
}

void MainWindow::fillRecentMenu() {
  recentMenu_->clear();
  for (const QString& path : recentFiles_) {
    QAction* a = recentMenu_->addAction(QFileInfo(path).fileName());
    a->setToolTip(QDir::toNativeSeparators(path));
    connect(a, &QAction::triggered, this, [this, path] {
      if (maybeSave()) openSession(path);
    });
  }
  recentMenu_->setEnabled(!recentFiles_.isEmpty() && !isRunning());
}

bool MainWindow::loadSettings() {
  QSettings settings;
  recentFiles_ = settings.value(kRecentKey).toStringList();
  fillRecentMenu();
  experiment_->loadSettings(settings);
  const QString folder = settings.value(kLastFolderKey).toString();
  if (!folder.isEmpty() && QFileInfo(folder).isDir()) lastFolder_ = folder;
  if (const auto theme = themeFromKey(settings.value(kThemeKey).toString());
      theme && *theme != Theme::followSystem)
    setTheme(*theme);
  restoreState(settings.value(kStateKey).toByteArray());
  return restoreGeometry(settings.value(kGeometryKey).toByteArray());
}

void MainWindow::saveSettings() const {
  QSettings settings;
  experiment_->saveSettings(settings);
  settings.setValue(kGeometryKey, saveGeometry());
  settings.setValue(kStateKey, saveState());
  settings.setValue(kRecentKey, recentFiles_);
}

QRect MainWindow::availableGeometry() const {
  const QScreen* screen = QGuiApplication::screenAt(geometry().center());
  if (!screen) screen = QGuiApplication::primaryScreen();
  return screen ? screen->availableGeometry() : geometry();
}

void MainWindow::fitToScreen(bool restored) {
  const QRect available = availableGeometry();
  QRect wanted = restored ? geometry() : defaultGeometry(available);
  wanted.setSize(wanted.size().expandedTo(minimumSizeHint()));
  setGeometry(fitInside(wanted, available));
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (!std::exchange(firstShow_, false)) return;
  // The frame is known once the window is on the screen (where the platform says so): the
  // title bar must not end up above the screen's top or the frame beyond its bottom.
  const QRect frame = frameGeometry();
  const QRect fitted = fitInside(frame, availableGeometry());
  if (fitted == frame) return;
  const QMargins margins(geometry().left() - frame.left(), geometry().top() - frame.top(),
                         frame.right() - geometry().right(), frame.bottom() - geometry().bottom());
  setGeometry(fitted.marginsRemoved(margins));
}

QString MainWindow::inLastFolder(const QString& name) const {
  return QDir(lastFolder_).filePath(name);
}

void MainWindow::rememberFolder(const QString& folder) {
  lastFolder_ = folder;
  if (options_.useSettings) QSettings().setValue(kLastFolderKey, lastFolder_);
}

void MainWindow::setTheme(Theme theme) {
  applyTheme(theme);
  for (QAction* a : themeActions_->actions())
    if (a->data().toInt() == static_cast<int>(theme)) a->setChecked(true);
  if (options_.useSettings) QSettings().setValue(kThemeKey, themeKey(theme));
}

void MainWindow::resetLayout() {
  restoreState(defaultLayout_);
  // A dock floated off may have been closed floating: restoreState docks it again.
  for (QDockWidget* dock : {experimentDock_, resultsDock_}) dock->show();
}

void MainWindow::showUserGuide() {
  if (!guideDialog_) guideDialog_ = new UserGuideDialog(engineFor(0).registry(), this);
  raiseDialog(*guideDialog_);
}

void MainWindow::showShortcuts() {
  if (!shortcutsDialog_) {
    shortcutsDialog_ = new ShortcutsDialog(*this);
    shortcutsDialog_->setAttribute(Qt::WA_DeleteOnClose);
  }
  raiseDialog(*shortcutsDialog_);
}

void MainWindow::showAbout() {
  // Made anew each time: the machine probe may have finished since.
  delete aboutDialog_;
  aboutDialog_ =
      new AboutDialog(aboutFacts(probed_ ? &machine_ : nullptr, kernels::libraryVersions()), this);
  aboutDialog_->setAttribute(Qt::WA_DeleteOnClose);
  raiseDialog(*aboutDialog_);
}

}  // namespace accellab::gui
