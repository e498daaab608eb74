#include "runcontroller.h"

#include <QTimer>
#include <string_view>
#include <utility>

#include "accellab/run_plan.h"
#include "engines/engineset.h"
#include "run/progresstext.h"
#include "run/runworker.h"
#include "session/sessiondocument.h"
#include "system/systemprobe.h"

namespace accellab::gui {

RunController::RunController(EngineSet& engines, SessionDocument& document,
                             RunControllerOptions options, QObject* parent)
    : QObject(parent),
      engines_(engines),
      document_(document),
      options_(std::move(options)),
      worker_(new RunWorker(this)),
      probe_(new SystemProbe(this)) {
  connectWorker();
  connect(probe_, &SystemProbe::measuring, this, [this](const QString& status) {
    if (pending_) emit waiting(status);
    emit probeStatusChanged(status);
    emit stateChanged();
  });
  connect(probe_, &SystemProbe::finished, this, &RunController::onProbeFinished);
}

RunController::~RunController() {
  // The worker joins its thread when destroyed; cancel first so that takes < 0.5 s.
  worker_->cancel();
}

bool RunController::isRunning() const { return worker_->isRunning(); }
bool RunController::isProbing() const { return probe_->isRunning(); }
QString RunController::probeStatus() const { return probe_->status(); }

void RunController::probe() {
  probe_->start(engines_.forDevice(0), options_.measureBandwidth, options_.machineCache);
  emit probeStatusChanged(probe_->status());
  emit stateChanged();
}

bool RunController::remeasure() {
  if (isBusy() || isProbing() || !options_.measureBandwidth) return false;
  probe_->remeasure(engines_.forDevice(0), options_.machineCache);
  emit stateChanged();
  return true;
}

void RunController::connectWorker() {
  connect(worker_, &RunWorker::progress, this, [this](const Progress& progress) {
    // The reports still queued after a cancel say nothing new.
    if (!cancelRequested_) pointsDone_ = progress.pointsDone;
    emit this->progress(progress);
  });
  connect(worker_, &RunWorker::pointRemeasured, this, &RunController::onPointRemeasured);
  connect(worker_, &RunWorker::conditionsChecked, this,
          [this](const std::vector<SystemCondition>& conditions) {
            // Runs begun here are the latest until they end.
            const auto& runs = document_.session().runs;
            if (!runs.empty()) document_.setConditions(runs.back().id, conditions);
          });
  connect(worker_, &RunWorker::pointFinished, this, [this](const PointResult& result) {
    // Cancelled points were never measured: the session keeps only what was. One cancelled
    // for another reason than the user's cancel was left by the runner, which stopped the
    // run ("not measured: 3 points in a row crashed their worker"): the run's end says why.
    if (result.status != PointStatus::cancelled) {
      document_.appendPoint(result);
    } else if (!runStopped_ && !cancelRequested_) {
      constexpr std::string_view kNotMeasured = "not measured: ";
      std::string_view why = result.reason;
      if (why.starts_with(kNotMeasured)) why.remove_prefix(kNotMeasured.size());
      runStopped_ = QString::fromUtf8(why.data(), static_cast<qsizetype>(why.size()));
    }
  });
  connect(worker_, &RunWorker::failed, this, [this](const QString& message) {
    runFailure_ = message;
    emit failed(message);
  });
  connect(worker_, &RunWorker::finished, this, &RunController::onFinished);
}

void RunController::start(SweepSpec sweep, MeasureConfig measure, RunPlacement placement) {
  if (isBusy()) return;
  queueSize_ = 1;
  launch({std::move(sweep), measure, placement});
}

void RunController::startEach(std::vector<SweepSpec> sweeps, MeasureConfig measure,
                              RunPlacement placement) {
  if (isBusy() || sweeps.empty()) return;
  for (SweepSpec& sweep : sweeps) queued_.push_back({std::move(sweep), measure, placement});
  queueSize_ = queued_.size();
  startQueued();
}

void RunController::startQueued() {
  if (queued_.empty()) return;
  Request next = std::move(queued_.front());
  queued_.pop_front();
  launch(std::move(next));
}

void RunController::launch(Request request) {
  auto& [sweep, measure, placement] = request;
  if (isProbing()) {
    pending_ = std::move(request);
    emit waiting(probe_->status());
    emit stateChanged();
    return;
  }
  const Engine& engine = engines_.forDevice(placement.gpuDevice);
  std::vector<Point> points;
  try {
    points = expandSweep(sweep, engine.registry());
  } catch (const SweepError& e) {
    queued_.clear();
    emit refused(QString::fromStdString(e.what()));
    emit stateChanged();
    return;
  }
  machine_.gpuDevice = placement.gpuDevice;
  measure = planMeasure(std::move(measure), machine_);
  Run run;
  run.created = nowIso8601();
  run.name = defaultRunName(run.created, points);
  run.settings = {measure, sweep.baseline, "desktop app"};
  if (const Kernel* kernel = engine.registry().find(sweep.kernel))
    recordCode(run, kernel->info(), points);
  run.system = machine_;
  document_.beginRun(std::move(run));
  worker_->start(
      engine, points, measure,
      [check = options_.checkConditions, machine = machine_] { return check(machine); },
      machine_.bandwidthCeilingBytesPerS, isolationFor(placement));
  QString text = tr("Starting %n point(s)\u2026", nullptr, static_cast<int>(points.size()));
  if (queueSize_ > 1)
    text = tr("%1: run %2 of %3, %4")
               .arg(QString::fromStdString(sweep.kernel))
               .arg(queueSize_ - queued_.size())
               .arg(queueSize_)
               .arg(text);
  begin(text, points.size());
}

void RunController::rerunUnstable(const Run& run, std::size_t attempts, RunPlacement placement) {
  if (isBusy() || !probed_) return;
  Rerun rerun{run.id, unstablePoints(run)};
  if (rerun.positions.empty()) return;
  std::vector<PointResult> points;
  for (const std::size_t position : rerun.positions) points.push_back(run.points[position]);
  // On the GPU the run measured, with the run's own settings and limits.
  placement.gpuDevice = run.system.gpuDevice;
  worker_->startRerun(engines_.forDevice(placement.gpuDevice), points, run.settings.measure,
                      attempts, run.system.bandwidthCeilingBytesPerS, isolationFor(placement));
  rerun_ = std::move(rerun);
  begin(tr("Re-running %n unstable point(s) of run %1\u2026", nullptr,
           static_cast<int>(points.size()))
            .arg(run.id),
        points.size());
}

void RunController::begin(const QString& text, std::size_t points) {
  runPoints_ = points;
  pointsDone_ = 0;
  cancelRequested_ = false;
  runFailure_.reset();
  runStopped_.reset();
  emit began(text);
  emit stateChanged();
}

void RunController::cancel() {
  queued_.clear();
  if (pending_) {
    pending_.reset();
    emit startCancelled();
    emit stateChanged();
    return;
  }
  if (!isRunning()) return;
  worker_->cancel();
  cancelRequested_ = true;
  emit cancelling();
}

void RunController::onPointRemeasured(int position, const PointResult& result) {
  if (!rerun_ || position < 0 || static_cast<std::size_t>(position) >= rerun_->positions.size())
    return;
  const auto index = static_cast<int>(rerun_->positions[static_cast<std::size_t>(position)]);
  const Run* run = findRun(document_.session(), rerun_->runId);
  // After a cancel the points not measured again come back as they were.
  if (run && run->points[static_cast<std::size_t>(index)] != result)
    document_.replacePoint(rerun_->runId, index, result);
}

void RunController::onProbeFinished(const SystemInfo& system, const QString& warning) {
  machine_ = system;
  probed_ = true;
  emit machineProbed(system, warning);
  emit stateChanged();
  if (auto request = std::exchange(pending_, std::nullopt)) launch(std::move(*request));
}

void RunController::onFinished() {
  const auto& runs = document_.session().runs;
  // Cancelled points never reach the session: those it holds are the ones measured.
  const std::size_t measured = rerun_ ? pointsDone_ : runs.empty() ? 0 : runs.back().points.size();
  std::size_t failedPoints = 0;
  if (!rerun_ && !runs.empty())
    for (const PointResult& point : runs.back().points)
      failedPoints += point.status == PointStatus::failed ? 1 : 0;
  QString outcome = runFailure_        ? failedText(*runFailure_)
                    : cancelRequested_ ? cancelledText(measured, runPoints_)
                    : runStopped_      ? stoppedText(measured, runPoints_, *runStopped_)
                                       : finishedText(measured, failedPoints);
  if (rerun_) {
    const Run* run = findRun(document_.session(), rerun_->runId);
    const auto stillUnstable = run ? unstablePoints(*run).size() : 0;
    outcome += tr(" (re-run of run %1; still unstable: %2)").arg(rerun_->runId).arg(stillUnstable);
    rerun_.reset();
  }
  // What failed or was cancelled ends the runs not begun; the next begins once this one's end
  // has been handled.
  if (runFailure_ || cancelRequested_) queued_.clear();
  emit ended(outcome);
  emit stateChanged();
  if (!queued_.empty()) QTimer::singleShot(0, this, &RunController::startQueued);
}

std::optional<WorkerOptions> RunController::isolationFor(const RunPlacement& placement) const {
  if (options_.workerCommand.empty()) return std::nullopt;
  WorkerOptions isolation;
  isolation.command = options_.workerCommand;
  for (const std::filesystem::path& file : engines_.plugins())
    isolation.command.insert(isolation.command.end(),
                             {file.extension() == ".py" ? "--python" : "--plugin", file.string()});
  for (const CudaSourceChoice& source : engines_.cudaSources())
    isolation.command.insert(isolation.command.end(),
                             {"--kernel", source.kernel, "--cuda-source", source.file.string(),
                              "--entry", source.entry});
  // Device 0 is the worker's default; naming it would be refused where there is no GPU.
  if (placement.gpuDevice != 0)
    isolation.command.insert(isolation.command.end(),
                             {"--device", std::to_string(placement.gpuDevice)});
  isolation.onCrash = placement.onCrash;
  isolation.pointTimeoutS = placement.pointTimeoutS;
  return isolation;
}

}  // namespace accellab::gui
