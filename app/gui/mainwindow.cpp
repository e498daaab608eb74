#include "mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QThread>
#include <QToolBar>
#include <QVBoxLayout>
#include <sstream>

#include "accellab/format.h"
#include "accellab/sweep.h"
#include "charts/chartpanel.h"
#include "compare/comparepanel.h"
#include "experiment/experimentpanel.h"
#include "models/resultsmodel.h"
#include "models/runfiltermodel.h"
#include "models/runsmodel.h"
#include "models/selectiontext.h"
#include "prompts.h"
#include "runs/runspanel.h"
#include "session/enginefiles.h"
#include "session/resultsloader.h"
#include "session/sessiondocument.h"
#include "system/systemprobe.h"
#include "system/systemview.h"
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

QString qs(const std::string& text) { return QString::fromStdString(text); }

QString sessionFilter() {
  return QObject::tr("AccelLab sessions and Google Benchmark JSON (*.json);;All files (*)");
}

}  // namespace

MainWindow::MainWindow(EngineFactory engines, MainWindowOptions options, QWidget* parent)
    : QMainWindow(parent),
      engines_(std::move(engines)),
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
  setWindowIcon(QIcon(QStringLiteral(":/icons/accellab.svg")));
  setAcceptDrops(true);
  document_->setAutosavePath(options_.autosavePath);
  sorted_->setSourceModel(results_);

  createActions();
  createLayout();
  createMenus();
  connectDocument();
  connectWorker();
  connectChartSelection();

  connect(probe_, &SystemProbe::finished, this, [this](const SystemInfo& system) {
    machine_ = system;
    probed_ = true;
    experiment_->setGpus(system.gpus, system.gpuDevice);
    updateSystemView();
    statusBar()->showMessage(tr("Machine probed: %1").arg(qs(system.cpuModel)), 4000);
    updateActions();
    emit systemReady();
  });
  probe_->start(engineFor(0), ProbeOptions{.measureBandwidth = options_.measureBandwidth});
  statusBar()->showMessage(options_.measureBandwidth
                               ? tr("Probing the machine and measuring memory bandwidth\u2026")
                               : tr("Probing the machine\u2026"));

  if (options_.useSettings) loadSettings();
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
  saveAsAction_ =
      action("saveAsAction", tr("Save &As\u2026"), {}, QKeySequence::SaveAs, [this] { saveAs(); });
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
  quitAction_ = action("quitAction", tr("&Quit"), {}, QKeySequence::Quit, [this] { close(); });
  runAction_ = action("runAction", tr("&Run"), QStringLiteral("run"), QKeySequence(tr("Ctrl+R")),
                      [this] { startRun(); });
  runAction_->setToolTip(tr("Measure the experiment (Ctrl+R)"));
  cancelAction_ = action("cancelAction", tr("&Cancel"), QStringLiteral("cancel"),
                         QKeySequence(Qt::Key_Escape), [this] { cancelRun(); });
  cancelAction_->setToolTip(tr("Stop the run; points already measured are kept (Esc)"));
  rerunAction_ = action("rerunAction", tr("Re-run &Unstable Points"), QStringLiteral("rerun"),
                        QKeySequence(tr("Ctrl+Shift+R")), [this] { rerunUnstable(); });
  rerunAction_->setToolTip(
      tr("Measure the unstable points of the selected run (or the latest) again and keep the "
         "steadiest measurement of each"));
  removeRunAction_ =
      action("removeRunAction", tr("&Delete Run"), {}, {}, [this] { removeSelectedRun(); });
  removeRunAction_->setToolTip(tr("Delete the selected run and its measurements"));
  copyAction_ =
      action("copyAction", tr("&Copy"), {}, QKeySequence::Copy, [this] { copySelection(); });
  copyAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  removeAction(copyAction_);
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(newAction_);
  file->addAction(openAction_);
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  file->addAction(compareAction_);
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
  run->addAction(rerunAction_);
  run->addAction(removeRunAction_);
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
    button->setText(action->text().remove(QLatin1Char('&')));
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
  auto* dock = new QDockWidget(tr("Experiment"), this);
  dock->setObjectName(QStringLiteral("experimentDock"));
  dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
  dock->setWidget(scroll);
  addDockWidget(Qt::LeftDockWidgetArea, dock);

  charts_ = new ChartPanel(this);
  table_ = new QTableView(this);
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
  bottomTabs_ = new QTabWidget(this);
  bottomTabs_->setObjectName(QStringLiteral("bottomTabs"));
  compare_ = new ComparePanel(document_->session(), this);
  compare_->setCurrentName(document_->displayName());
  bottomTabs_->addTab(table_, tr("Results"));
  bottomTabs_->addTab(compare_, tr("Compare"));
  bottomTabs_->addTab(systemView_, tr("System"));

  runsPanel_ = new RunsPanel(*runs_, this);
  runsPanel_->setObjectName(QStringLiteral("runsPanel"));
  runsPanel_->addButton(rerunAction_);
  runsPanel_->addButton(removeRunAction_);
  auto* bottom = new QSplitter(Qt::Horizontal, this);
  bottom->setObjectName(QStringLiteral("bottomSplitter"));
  bottom->addWidget(runsPanel_);
  bottom->addWidget(bottomTabs_);
  bottom->setStretchFactor(0, 2);
  bottom->setStretchFactor(1, 5);
  bottom->setSizes({520, 900});

  auto* splitter = new QSplitter(Qt::Vertical, this);
  splitter->setObjectName(QStringLiteral("mainSplitter"));
  splitter->addWidget(charts_);
  splitter->addWidget(bottom);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);
  splitter->setSizes({520, 330});
  setCentralWidget(splitter);

  progressBar_ = new QProgressBar(this);
  progressBar_->setRange(0, 1000);
  progressBar_->setMaximumWidth(220);
  progressBar_->setVisible(false);
  progressLabel_ = new QLabel(this);
  statusBar()->addPermanentWidget(progressLabel_);
  statusBar()->addPermanentWidget(progressBar_);
  resize(1400, 900);
}

void MainWindow::connectDocument() {
  charts_->setSession(&document_->session());
  connect(document_, &SessionDocument::sessionReplaced, this, [this] {
    results_->setRuns(document_->session().runs);
    compare_->currentReplaced();
    charts_->refresh();
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
    // Cancelled points were never measured: the session keeps only what was.
    if (result.status != PointStatus::cancelled) document_->appendPoint(result);
  });
  connect(worker_, &RunWorker::failed, this,
          [this](const QString& message) { prompts_->error(this, tr("Run failed"), message); });
  connect(worker_, &RunWorker::finished, this, &MainWindow::onRunEnded);
}

void MainWindow::startRun() {
  if (isRunning() || document_->isLoading() || !probed_) return;
  const auto experiment = experiment_->experiment();
  if (!experiment) {
    prompts_->error(this, tr("Cannot run"), experiment_->error());
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
  Run run;
  run.created = nowIso8601();
  run.name = defaultRunName(run.created, points);
  run.settings = {experiment->measure, baseline, "desktop app"};
  run.system = machine_;
  document_->beginRun(std::move(run));
  worker_->start(engine, points, experiment->measure, options_.checkConditions);
  showProgress(tr("Starting %n point(s)\u2026", nullptr, static_cast<int>(points.size())));
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
                      experiment_->rerunAttempts());
  rerun_ = std::move(rerun);
  showProgress(tr("Re-running %n unstable point(s) of run %1\u2026", nullptr,
                  static_cast<int>(points.size()))
                   .arg(run->id));
}

void MainWindow::showProgress(const QString& text) {
  progressBar_->setValue(0);
  progressBar_->setVisible(true);
  progressLabel_->setText(text);
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
  const std::vector<int> shown = runs_->shownRuns();
  sorted_->setRuns({shown.begin(), shown.end()});
  // By default the charts show each kernel's latest run: the latest run may not have
  // measured the kernel charted.
  charts_->setVisibleRuns(runs_->showsLatestOnly() ? std::vector<int>{} : shown);
  updateSystemView();
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
      systemView_->setSystem(run->system, run->conditions);
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
  if (!isRunning()) return;
  worker_->cancel();
  progressLabel_->setText(tr("Cancelling\u2026"));
}

bool MainWindow::isRunning() const { return worker_->isRunning(); }

const Engine& MainWindow::engineFor(int gpuDevice) {
  auto found = engineByDevice_.find(gpuDevice);
  if (found == engineByDevice_.end())
    found = engineByDevice_.emplace(gpuDevice, engines_({.gpuDevice = gpuDevice})).first;
  return found->second;
}
bool MainWindow::isReady() const { return probed_; }

void MainWindow::onProgress(const Progress& progress) {
  progressBar_->setValue(static_cast<int>(progress.fraction * 1000));
  QString text = tr("Point %1 of %2: %3")
                     .arg(std::min(progress.pointsDone + 1, progress.pointsTotal))
                     .arg(progress.pointsTotal)
                     .arg(qs(progress.current));
  if (progress.etaS)
    text += tr(" \u2014 about %1 left").arg(qs(formatValue(*progress.etaS, ValueKind::duration)));
  progressLabel_->setText(text);
}

void MainWindow::onRunEnded() {
  progressBar_->setVisible(false);
  progressLabel_->clear();
  const auto& runs = document_->session().runs;
  if (rerun_) {
    const Run* run = findRun(document_->session(), rerun_->runId);
    const auto stillUnstable = run ? unstablePoints(*run).size() : 0;
    statusBar()->showMessage(tr("Re-ran %n unstable point(s) of run %1; %2 still unstable", nullptr,
                                static_cast<int>(rerun_->positions.size()))
                                 .arg(rerun_->runId)
                                 .arg(stillUnstable),
                             8000);
    rerun_.reset();
  } else {
    statusBar()->showMessage(tr("Run %1 finished: %n point(s) measured", nullptr,
                                runs.empty() ? 0 : static_cast<int>(runs.back().points.size()))
                                 .arg(runs.empty() ? 0 : runs.back().id),
                             5000);
  }
  table_->resizeColumnsToContents();
  compare_->refresh();
  updateActions();
  emit runFinished();
}

void MainWindow::updateActions() {
  const bool running = isRunning();
  // While a file is read, what would replace or extend the session waits for it.
  const bool busy = running || document_->isLoading();
  runAction_->setEnabled(!busy && probed_);
  cancelAction_->setEnabled(running);
  const Run* target = targetRun();
  rerunAction_->setEnabled(!busy && probed_ && target && !unstablePoints(*target).empty());
  removeRunAction_->setEnabled(!busy && runsPanel_->selectedRun().has_value());
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
  const QString path = prompts_->openFileName(this, tr("Compare With"), sessionFilter());
  if (!path.isEmpty()) compareWith(path);
}

void MainWindow::openWithDialog() {
  if (!maybeSave()) return;
  const QString path = prompts_->openFileName(this, tr("Open Session"), sessionFilter());
  if (!path.isEmpty()) openSession(path);
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

bool MainWindow::saveAs() {
  const QString suggested = document_->path().isEmpty()
                                ? QDir::home().filePath(QStringLiteral("session.json"))
                                : document_->path();
  const QString path = prompts_->saveFileName(this, tr("Save Session"), suggested, sessionFilter());
  return !path.isEmpty() && saveSession(path);
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
  const QString dir = prompts_->existingDirectory(this, tr("Export All Charts"), QDir::homePath());
  if (!dir.isEmpty()) exportAllCharts(dir);
}

void MainWindow::connectChartSelection() {
  // The table's rows are the runs' points in order, so a point's row is its run's first row
  // plus its place in the run.
  const auto firstRowOf = [this](int runId) {
    for (int row = 0; row < results_->rowCount(); ++row)
      if (results_->index(row, 0).data(ResultsModel::RunRole).toInt() == runId) return row;
    return -1;
  };
  connect(charts_, &ChartPanel::pointActivated, this,
          [this, firstRowOf](int runId, std::size_t pointIndex) {
            const int first = firstRowOf(runId);
            if (first < 0) return;
            const QModelIndex row =
                sorted_->mapFromSource(results_->index(first + static_cast<int>(pointIndex), 0));
            // A row the run filter hides cannot be selected.
            if (!row.isValid()) return;
            bottomTabs_->setCurrentWidget(table_);
            table_->selectionModel()->setCurrentIndex(
                row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            table_->scrollTo(row);
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
      QDir::home().filePath(charts_->chartStem(chart) + QStringLiteral(".png")),
      tr("PNG images (*.png)"));
  if (path.isEmpty()) return;
  const auto size = prompts_->imageSize(this, charts_->chartSize(chart) * 2);
  if (size) exportChartPng(chart, path, *size);
}

void MainWindow::exportSvgWithDialog() {
  const int chart = charts_->currentChart();
  const QString path = prompts_->saveFileName(
      this, tr("Export Chart as SVG"),
      QDir::home().filePath(charts_->chartStem(chart) + QStringLiteral(".svg")),
      tr("SVG drawings (*.svg)"));
  if (!path.isEmpty()) exportChartSvg(chart, path, charts_->chartSize(chart));
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
      QDir::home().filePath(csv ? QStringLiteral("results.csv") : QStringLiteral("results.md")),
      csv ? tr("CSV files (*.csv)") : tr("Markdown files (*.md)"));
  if (!path.isEmpty()) exportResults(path, format);
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

void MainWindow::closeEvent(QCloseEvent* event) {
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

void MainWindow::loadSettings() {
  QSettings settings;
  recentFiles_ = settings.value(kRecentKey).toStringList();
  fillRecentMenu();
  experiment_->loadSettings(settings);
  restoreGeometry(settings.value(kGeometryKey).toByteArray());
  restoreState(settings.value(kStateKey).toByteArray());
}

void MainWindow::saveSettings() const {
  QSettings settings;
  experiment_->saveSettings(settings);
  settings.setValue(kGeometryKey, saveGeometry());
  settings.setValue(kStateKey, saveState());
  settings.setValue(kRecentKey, recentFiles_);
}

}  // namespace accellab::gui
