// MainWindow's commands: a run started, re-run, run again from a run's settings, cancelled or
// removed, and the calls the tests, scripts and the command line's options make, each handed
// to the piece that does it (RunController, SessionCommands, EngineChoices, ResultsPane).
#include <QStringList>
#include <algorithm>
#include <string>
#include <vector>

#include "accellab/sweep.h"
#include "charts/chartpanel.h"
#include "engines/enginechoices.h"
#include "engines/engineset.h"
#include "experiment/experimentpanel.h"
#include "mainwindow.h"
#include "models/tablelinks.h"
#include "prompts.h"
#include "results/resultspane.h"
#include "results/runspanel.h"
#include "run/runworker.h"
#include "session/lastfolder.h"
#include "session/sessioncommands.h"
#include "session/sessiondocument.h"
#include "windowactions.h"

namespace accellab::gui {

namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

}  // namespace

RunPlacement MainWindow::placement() const {
  return {experiment_->gpuDevice(), experiment_->onCrash(), experiment_->pointTimeoutS()};
}

void MainWindow::startRun() { startRuns(false); }

void MainWindow::runFile() { startRuns(true); }

void MainWindow::startRuns(bool wholeFile) {
  if (run_->isBusy() || document_->isLoading()) return;
  const auto experiment = experiment_->experiment();
  if (!experiment) {
    prompts_->error(this, tr("Cannot run"), experiment_->error());
    return;
  }
  std::vector<SweepSpec> sweeps{experiment->sweep};
  sweeps.front().baseline = charts_->reportOptions().baseline;
  if (wholeFile) {
    for (const Kernel* kernel : otherKernelsOfItsFile()) {
      SweepSpec& sweep = sweeps.emplace_back();
      sweep.kernel = kernel->info().name;
      sweep.threads = experiment->sweep.threads;
    }
  }
  run_->startEach(std::move(sweeps), experiment->measure, placement());
}

std::vector<const Kernel*> MainWindow::otherKernelsOfItsFile() const {
  const Registry& registry = engines_->forDevice(experiment_->gpuDevice()).registry();
  const Kernel* selected = registry.find(experiment_->kernel().toStdString());
  if (!selected || !selected->info().plugin) return {};
  std::vector<const Kernel*> others;
  for (const Kernel* kernel : registry.kernels())
    if (kernel != selected && kernel->info().plugin &&
        kernel->info().plugin->file == selected->info().plugin->file)
      others.push_back(kernel);
  return others;
}

void MainWindow::measureAgain(int runId, const Point& point) {
  if (run_->isBusy() || document_->isLoading()) return;
  const Run* run = findRun(document_->session(), runId);
  const Kernel* kernel =
      engines_->forDevice(experiment_->gpuDevice()).registry().find(point.kernel);
  if (!run || !kernel) {
    prompts_->error(this, tr("Cannot measure again"),
                    tr("The kernel %1 is not loaded in the window (a plugin or Python file not "
                       "opened now).")
                        .arg(qs(point.kernel)));
    return;
  }
  run_->start(sweepOf({point}, kernel->info()), run->settings.measure, placement());
}

void MainWindow::rerunUnstable() {
  const Run* run = targetRun();
  if (document_->isLoading() || !run) return;
  run_->rerunUnstable(*run, experiment_->rerunAttempts(), placement());
}

void MainWindow::runAgain() {
  const Run* run = targetRun();
  if (run_->isBusy() || document_->isLoading() || !run || run->points.empty()) return;
  // A run of several kernels (the CLI's --kernel add,pi): the one shown, else its first.
  std::vector<std::string> kernels;
  for (const PointResult& result : run->points)
    if (std::find(kernels.begin(), kernels.end(), result.point.kernel) == kernels.end())
      kernels.push_back(result.point.kernel);
  const std::string shown = experiment_->kernel().toStdString();
  const std::string& name =
      std::find(kernels.begin(), kernels.end(), shown) != kernels.end() ? shown : kernels.front();
  const Kernel* kernel = engines_->forDevice(experiment_->gpuDevice()).registry().find(name);
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

void MainWindow::cancelRun() { run_->cancel(); }

void MainWindow::removeSelectedRun() {
  const auto selected = pane_->runsPanel().selectedRun();
  if (isRunning() || !selected) return;
  const Run* run = findRun(document_->session(), *selected);
  if (run && prompts_->askRemoveRun(this, qs(run->name))) document_->removeRun(*selected);
}

bool MainWindow::isRunning() const { return run_->isRunning(); }

bool MainWindow::isReady() const { return run_->isReady(); }

void MainWindow::remeasureMachine() { run_->remeasure(); }

bool MainWindow::setPythonInterpreter(const QString& interpreter) {
  return choices_->setPythonInterpreter(interpreter);
}

QString MainWindow::pythonInterpreter() const { return choices_->pythonInterpreter(); }

bool MainWindow::loadPlugin(const QString& file) { return choices_->loadPlugin(file); }

bool MainWindow::removePlugin(const QString& file) { return choices_->removePlugin(file); }

void MainWindow::openSession(const QString& path) { session_->openSession(path); }

bool MainWindow::saveSession(const QString& path) { return session_->saveSession(path); }

bool MainWindow::exportChartPng(int chart, const QString& path, QSize pixelSize) {
  return session_->exportChartPng(chart, path, pixelSize);
}

bool MainWindow::exportChartSvg(int chart, const QString& path, QSize logicalSize) {
  return session_->exportChartSvg(chart, path, logicalSize);
}

bool MainWindow::exportAllCharts(const QString& dir) { return session_->exportAllCharts(dir); }

bool MainWindow::exportResults(const QString& path, ReportFormat format) {
  return session_->exportResults(path, format);
}

void MainWindow::compareWith(const QString& path) { session_->compareWith(path); }

void MainWindow::offerRecovery() { session_->offerRecovery(); }

void MainWindow::copySelection() { copyTableSelection(pane_->table()); }

ResultsModel& MainWindow::resultsModel() { return pane_->results(); }

QTableView& MainWindow::resultsView() { return pane_->table(); }

RunsPanel& MainWindow::runsPanel() { return pane_->runsPanel(); }

SystemView& MainWindow::systemView() { return pane_->systemView(); }

InsightsPanel& MainWindow::insightsPanel() { return pane_->insights(); }

ComparePanel& MainWindow::comparePanel() { return pane_->compare(); }

void MainWindow::setTheme(Theme theme) { actions_->setTheme(theme); }

QString MainWindow::lastFolder() const { return folder_->path(); }

const Run* MainWindow::targetRun() const {
  const auto& runs = document_->session().runs;
  if (const auto selected = pane_->runsPanel().selectedRun())
    return findRun(document_->session(), *selected);
  return runs.empty() ? nullptr : &runs.back();
}

}  // namespace accellab::gui
