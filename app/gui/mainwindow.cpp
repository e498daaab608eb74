#include "mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTextEdit>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>

#include "accellab/printable.h"
#include "accellab/sweep.h"
#include "actiontext.h"
#include "charts/chartpanel.h"
#include "engines/enginechoices.h"
#include "engines/engineset.h"
#include "experiment/experimentpanel.h"
#include "models/runsmodel.h"
#include "models/tablelinks.h"
#include "prompts.h"
#include "results/resultspane.h"
#include "results/runspanel.h"
#include "run/progresstext.h"
#include "run/runstatus.h"
#include "run/runworker.h"
#include "session/lastfolder.h"
#include "session/sessioncommands.h"
#include "session/sessiondocument.h"
#include "theme/theme.h"
#include "windowactions.h"
#include "windowgeometry.h"

// Q_INIT_RESOURCE must be called from the global namespace; the resources live in a static
// library, which the linker would otherwise drop.
static void initAccellabResources() { Q_INIT_RESOURCE(accellab); }

namespace accellab::gui {

namespace {

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");

QString qs(const std::string& text) { return QString::fromStdString(text); }

bool editsText(const QWidget* widget) {
  return qobject_cast<const QLineEdit*>(widget) || qobject_cast<const QAbstractSpinBox*>(widget) ||
         qobject_cast<const QTextEdit*>(widget) || qobject_cast<const QPlainTextEdit*>(widget);
}

}  // namespace

MainWindow::MainWindow(EngineFactory engines, MainWindowOptions options, QWidget* parent)
    : QMainWindow(parent),
      options_(std::move(options)),
      ownedPrompts_(options_.prompts ? nullptr : std::make_unique<DialogPrompts>()),
      prompts_(options_.prompts ? options_.prompts : ownedPrompts_.get()),
      folder_(std::make_unique<LastFolder>(options_.useSettings)),
      engines_(new EngineSet(
          std::move(engines),
          options_.workerCommand.empty() ? std::string() : options_.workerCommand.front(), this)),
      document_(new SessionDocument(this)),
      run_(new RunController(*engines_, *document_,
                             {.measureBandwidth = options_.measureBandwidth,
                              .machineCache = options_.machineCache,
                              .checkConditions = options_.checkConditions,
                              .workerCommand = options_.workerCommand},
                             this)),
      // Before the first engine: the remembered plugins join it.
      choices_(new EngineChoices(
          *engines_, *this, *prompts_, *folder_, options_.useSettings, options_.refusedPlugins,
          [this] { return !run_->isBusy() && !run_->isProbing() && !document_->isLoading(); })),
      runs_(new RunsModel(*document_, this)) {
  initAccellabResources();
  setObjectName(QStringLiteral("mainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/accellab.svg")));
  setAcceptDrops(true);
  document_->setAutosavePath(options_.autosavePath);

  createLayout();
  actions_->addMenus(*experimentDock_, *resultsDock_);
  connectDocument();
  connectRun();
  connectEngines();

  // Run is available at once: a run started while the probe measures waits for it.
  run_->probe();
  defaultLayout_ = saveState();
  fitToScreen(*this, options_.useSettings && loadSettings());
  updateTitle();
  updateActions();
}

// The run's worker joins its thread when destroyed: first, while the window is whole.
MainWindow::~MainWindow() { delete run_; }

void MainWindow::createLayout() {
  const Engine& engine = engines_->forDevice(0);
  experiment_ = new ExperimentPanel(engine.registry(), engine.memoryAvailable(),
                                    QThread::idealThreadCount(), this);
  charts_ = new ChartPanel(this);
  pane_ = new ResultsPane(
      *document_, *runs_, *charts_, [this] { return isRunning(); },
      [this] { return run_->hasProbed() ? &run_->machine() : nullptr; }, this);
  runStatus_ = new RunStatus(statusBar());
  machineStatus_ = new QLabel(statusBar());
  machineStatus_->setObjectName(QStringLiteral("machineStatus"));
  statusBar()->addPermanentWidget(machineStatus_);
  session_ = new SessionCommands({*this, *document_, *prompts_, *charts_, pane_->compare(),
                                  *statusBar(), *folder_, pane_->sorted()},
                                 options_.useSettings, [this] { return isRunning(); });
  actions_ = new WindowActions(*this, *session_, *choices_, *engines_, *run_, options_.useSettings);

  auto* side = new QWidget(this);
  auto* sideLayout = new QVBoxLayout(side);
  sideLayout->setContentsMargins(0, 0, 0, 0);
  sideLayout->addWidget(experiment_);
  createRunButtons(*sideLayout);
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
  createResultsDock();
  // The experiment panel keeps the full height on the left, as before the results were a dock.
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  addDockWidget(Qt::BottomDockWidgetArea, resultsDock_);
  resizeDocks({resultsDock_}, {330}, Qt::Vertical);
  resizeDocks({experimentDock_}, {side->sizeHint().width()}, Qt::Horizontal);
  setCentralWidget(charts_);
}

void MainWindow::createRunButtons(QVBoxLayout& layout) {
  auto* runButton = new QPushButton(this);
  runButton->setObjectName(QStringLiteral("runButton"));
  auto* cancelButton = new QPushButton(this);
  cancelButton->setObjectName(QStringLiteral("cancelButton"));
  for (auto [button, action] :
       {std::pair{runButton, actions_->run}, std::pair{cancelButton, actions_->cancel}}) {
    button->setText(withoutMnemonic(action->text()));
    button->setIcon(action->icon());
    connect(button, &QPushButton::clicked, action, &QAction::trigger);
    connect(action, &QAction::enabledChanged, button, &QPushButton::setEnabled);
  }
  runButton->setDefault(true);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(runButton);
  buttons->addWidget(cancelButton);
  layout.addLayout(buttons);
}

void MainWindow::createResultsDock() {
  pane_->addActions(actions_->copy, {actions_->runAgain, actions_->rerun, actions_->removeRun});
  charts_->addChartActions({actions_->exportPng, actions_->exportSvg});
  connect(pane_, &ResultsPane::measureAgainRequested, this, &MainWindow::measureAgain);
  // Scrolled, as the experiment panel is, so that a small screen can hold the window.
  auto* bottomScroll = new QScrollArea(this);
  bottomScroll->setWidget(pane_);
  bottomScroll->setWidgetResizable(true);
  bottomScroll->setFrameShape(QFrame::NoFrame);
  resultsDock_ = new QDockWidget(tr("Results"), this);
  resultsDock_->setObjectName(QStringLiteral("resultsDock"));
  resultsDock_->setWidget(bottomScroll);
}

void MainWindow::connectDocument() {
  charts_->setSession(&document_->session());
  connect(document_, &SessionDocument::sessionReplaced, this, [this] {
    charts_->refresh();
    showSessionKernels();
    updateActions();
  });
  const auto refresh = [this] {
    charts_->refresh();
    updateActions();
  };
  connect(document_, &SessionDocument::pointAppended, this, refresh);
  connect(document_, &SessionDocument::runRemoved, this, refresh);
  connect(document_, &SessionDocument::pointReplaced, charts_, &ChartPanel::refresh);
  connect(document_, &SessionDocument::conditionsChanged, this, [this](int runId) {
    const Run* run = findRun(document_->session(), runId);
    if (!isRunning() || !run || run->conditions.empty()) return;
    const auto count = static_cast<int>(run->conditions.size());
    statusBar()->showMessage(count == 1 ? tr("1 system warning: see System")
                                        : tr("%1 system warnings: see System").arg(count));
  });
  connect(&pane_->runsPanel(), &RunsPanel::selectionChanged, this, &MainWindow::updateActions);
  connect(document_, &SessionDocument::modifiedChanged, this, &MainWindow::updateTitle);
  connect(document_, &SessionDocument::pathChanged, this, &MainWindow::updateTitle);
  connect(session_, &SessionCommands::stateChanged, this, &MainWindow::updateActions);
  connect(session_, &SessionCommands::compared, pane_, &ResultsPane::showComparison);
  // The experiment panel's kernel box is the window's one kernel selector.
  connect(experiment_, &ExperimentPanel::kernelSelected, charts_, &ChartPanel::setKernel);
  connect(experiment_, &ExperimentPanel::kernelSelected, this, [this](const QString& kernel) {
    pane_->setKernel(kernel);
    updateActions();
  });
  // Run waits for valid input, and says what is wrong.
  connect(experiment_, &ExperimentPanel::changed, this, &MainWindow::updateActions);
  charts_->setKernel(experiment_->kernel());
  pane_->setKernel(experiment_->kernel());
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
      if (run.plugin) plugins.insert(kernel, qs(printable(describe(*run.plugin))));
      latest = kernel;
    }
  }
  experiment_->setSessionKernels(kernels, plugins);
  if (selectLatest && !latest.isEmpty()) experiment_->selectKernel(latest);
}

void MainWindow::connectRun() {
  connect(run_, &RunController::stateChanged, this, &MainWindow::updateActions);
  connect(run_, &RunController::probeStatusChanged, machineStatus_, &QLabel::setText);
  connect(run_, &RunController::machineProbed, this, &MainWindow::onMachineProbed);
  // The probe's status moves beside Cancel while a run waits for it (no progress bar: the
  // probe's own progress is unknown).
  connect(run_, &RunController::waiting, this, [this](const QString& status) {
    statusBar()->clearMessage();
    runStatus_->end(status);
  });
  connect(run_, &RunController::began, runStatus_, &RunStatus::begin);
  connect(run_, &RunController::progress, runStatus_, &RunStatus::update);
  connect(run_, &RunController::cancelling, runStatus_, &RunStatus::cancelling);
  connect(run_, &RunController::refused, this,
          [this](const QString& why) { prompts_->error(this, tr("Cannot run"), why); });
  connect(run_, &RunController::failed, this,
          [this](const QString& message) { prompts_->error(this, tr("Run failed"), message); });
  connect(run_, &RunController::ended, this, &MainWindow::onRunEnded);
  connect(run_, &RunController::startCancelled, this, [this] {
    runStatus_->end(QString());
    statusBar()->showMessage(tr("Run cancelled before it started"), 5000);
  });
}

void MainWindow::connectEngines() {
  connect(engines_, &EngineSet::remade, this, &MainWindow::onEnginesRemade);
  connect(engines_, &EngineSet::refused, this, [this](const QString& why) {
    machineStatus_->setText(run_->probeStatus());
    updateActions();
    choices_->showPlugins();
    if (!choices_->sourceRefused(why)) prompts_->error(this, tr("Cannot load"), why);
  });
  connect(choices_, &EngineChoices::changing, this, [this](const QString& doing) {
    machineStatus_->setText(doing);
    updateActions();
  });
  connect(choices_, &EngineChoices::loaded, this,
          [this](const QString& kernel, const QString& said) {
            if (!kernel.isEmpty()) experiment_->selectKernel(kernel);
            statusBar()->showMessage(said, 15000);
          });
}

void MainWindow::onMachineProbed(const SystemInfo& system, const QString& warning) {
  const bool first = !std::exchange(probedOnce_, true);
  if (first) experiment_->setGpus(system.gpus, system.gpuDevice);
  pane_->updateSystemView();
  machineStatus_->setText(probedText(system, warning));
  // A run that waited starts next (the controller's own slot, after this one).
  if (run_->waitsForProbe()) runStatus_->end(QString());
  if (first) emit systemReady();
}

void MainWindow::onEnginesRemade() {
  const Engine& engine = engines_->forDevice(0);
  experiment_->setRegistry(engine.registry());
  actions_->forgetUserGuide();
  choices_->remembered();
  // The session's kernels a plugin now runs (or no longer does); the one selected stays.
  showSessionKernels(false);
  run_->probe();
  updateActions();
  connect(run_, &RunController::machineProbed, this, &MainWindow::enginesRemade,
          Qt::SingleShotConnection);
}

void MainWindow::onRunEnded(const QString& outcome) {
  runStatus_->end(outcome);
  pane_->runEnded();
  updateActions();
  emit runFinished();
  prompts_->runEnded();
  // Closed during the run and told to stop it: the run has ended, so close now (after
  // the run's own end is handled, its points in the document).
  if (std::exchange(closeAfterRun_, false)) QTimer::singleShot(0, this, &QWidget::close);
}

void MainWindow::updateActions() {
  const bool running = isRunning();
  // While a file is read, what would replace or extend the session waits for it.
  const bool busy = run_->isBusy() || document_->isLoading() || engines_->isRemaking();
  const QString blocker = experiment_->runBlocker();
  WindowActions& a = *actions_;
  a.run->setEnabled(!busy && blocker.isEmpty());
  a.run->setStatusTip(blocker);
  a.run->setToolTip(blocker.isEmpty() ? tr("Measure the experiment (F5)") : blocker);
  // Shown only where the selected kernel's file has others.
  const bool fileHasOthers = !otherKernelsOfItsFile().empty();
  a.runFile->setVisible(fileHasOthers);
  a.runFile->setEnabled(!busy && blocker.isEmpty() && fileHasOthers);
  a.cancel->setEnabled(running || run_->waitsForProbe());
  a.remeasure->setEnabled(!busy && !run_->isProbing() && run_->measuresBandwidth());
  const bool canChange = choices_->canChange();
  for (QAction* change : {a.python, a.loadPlugin, a.openPython}) change->setEnabled(canChange);
  choices_->updateDialog();
  const Run* target = targetRun();
  a.rerun->setEnabled(!busy && run_->hasProbed() && target && !unstablePoints(*target).empty());
  a.removeRun->setEnabled(!busy && pane_->runsPanel().selectedRun().has_value());
  a.runAgain->setEnabled(!busy && target && !target->points.empty());
  a.newSession->setEnabled(!busy);
  a.open->setEnabled(!busy);
  a.recentMenu->setEnabled(!busy && !a.recentMenu->isEmpty());
  experiment_->setEnabled(!busy);
}

void MainWindow::updateTitle() {
  setWindowTitle(tr("%1[*] \u2014 AccelLab").arg(document_->displayName()));
  setWindowModified(document_->isModified());
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
  if (!session_->maybeSave()) {
    event->ignore();
    return;
  }
  run_->cancel();
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
  session_->openAfterAsking(urls.front().toLocalFile());
}

bool MainWindow::loadSettings() {
  QSettings settings;
  experiment_->loadSettings(settings);
  restoreState(settings.value(kStateKey).toByteArray());
  return restoreGeometry(settings.value(kGeometryKey).toByteArray());
}

void MainWindow::saveSettings() const {
  QSettings settings;
  experiment_->saveSettings(settings);
  settings.setValue(kGeometryKey, saveGeometry());
  settings.setValue(kStateKey, saveState());
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (std::exchange(firstShow_, false)) keepFrameOnScreen(*this);
}

void MainWindow::resetLayout() {
  restoreState(defaultLayout_);
  // A dock floated off may have been closed floating: restoreState docks it again.
  for (QDockWidget* dock : {experimentDock_, resultsDock_}) dock->show();
}

}  // namespace accellab::gui
