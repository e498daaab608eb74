#include "run/runworker.h"

#include <QElapsedTimer>
#include <exception>
#include <memory>
#include <tuple>

#include "accellab/quality.h"
#include "session/enginefiles.h"

namespace accellab::gui {

namespace {

// Progress arrives once per repetition, which for tiny problems is thousands of times a
// second; the GUI needs a few updates a second at most.
constexpr qint64 kProgressIntervalMs = 40;

// Forwards every change of point or phase at once (a phase may last long without another
// report) and otherwise a few reports a second.
std::function<void(const Progress&)> throttled(std::function<void(const Progress&)> forward) {
  struct State {
    QElapsedTimer sinceProgress;
    std::tuple<bool, std::size_t, RunPhase> stage{};
  };
  return [state = std::make_shared<State>(), forward = std::move(forward)](const Progress& p) {
    const std::tuple stage{p.point.has_value(), p.pointIndex, p.phase};
    if (stage != state->stage || !state->sinceProgress.isValid() ||
        state->sinceProgress.elapsed() >= kProgressIntervalMs) {
      state->stage = stage;
      state->sinceProgress.start();
      forward(p);
    }
  };
}

// A runner of `engine`, measuring in a worker process when `isolation` says so (whose CPU time
// is the code's). In the window's own process the drawing's CPU time would count as the
// code's: none is read there, but what a Python child reads of its own.
Runner runnerFor(const Engine& engine, const std::optional<WorkerOptions>& isolation) {
  if (!isolation) return engine.runner(steadySeconds, nullptr);
  Runner runner = engine.runner();
  runner.measureIn(std::make_shared<WorkerMeasurer>(*isolation));
  return runner;
}

}  // namespace

std::vector<std::size_t> unstablePoints(const Run& run) {
  std::vector<std::size_t> positions;
  for (std::size_t i = 0; i < run.points.size(); ++i)
    if (worthRemeasuring(run.points[i])) positions.push_back(i);
  return positions;
}

void RunJob::run(quint64 jobId, const Engine& engine, const std::vector<Point>& points,
                 const MeasureConfig& config, const ConditionsCheck& conditions,
                 double bandwidthBytesPerS, const std::optional<WorkerOptions>& isolation,
                 std::stop_token stop) {
  if (conditions) emit conditionsChecked(jobId, conditions());
  RunCallbacks callbacks;
  callbacks.bandwidthBytesPerS = bandwidthBytesPerS;
  callbacks.progress = throttled([&](const Progress& p) { emit progress(jobId, p); });
  callbacks.pointFinished = [&](const PointResult& r) { emit pointFinished(jobId, r); };
  try {
    runnerFor(engine, isolation).run(points, config, callbacks, stop);
  } catch (const std::exception& e) {
    emit failed(jobId, engineMessage(e));
  }
  emit finished(jobId);
}

void RunJob::rerun(quint64 jobId, const Engine& engine, std::vector<PointResult> points,
                   const MeasureConfig& config, std::size_t maxAttempts, double bandwidthBytesPerS,
                   const std::optional<WorkerOptions>& isolation, std::stop_token stop) {
  int position = 0;
  RunCallbacks callbacks;
  callbacks.bandwidthBytesPerS = bandwidthBytesPerS;
  callbacks.progress = throttled([&](const Progress& p) { emit progress(jobId, p); });
  callbacks.pointFinished = [&](const PointResult& r) {
    emit pointRemeasured(jobId, position++, r);
  };
  try {
    runnerFor(engine, isolation).rerunUnstable(points, config, maxAttempts, callbacks, stop);
  } catch (const std::exception& e) {
    emit failed(jobId, engineMessage(e));
  }
  emit finished(jobId);
}

RunWorker::RunWorker(QObject* parent) : QObject(parent) {
  registerMetaTypes();
  job_ = new RunJob;
  job_->moveToThread(&thread_);
  connect(job_, &RunJob::progress, this, [this](quint64 id, const Progress& p) {
    if (isCurrent(id)) emit progress(p);
  });
  connect(job_, &RunJob::conditionsChecked, this,
          [this](quint64 id, const std::vector<SystemCondition>& conditions) {
            if (isCurrent(id)) emit conditionsChecked(conditions);
          });
  connect(job_, &RunJob::pointFinished, this, [this](quint64 id, const PointResult& r) {
    if (isCurrent(id)) emit pointFinished(r);
  });
  connect(job_, &RunJob::pointRemeasured, this,
          [this](quint64 id, int position, const PointResult& r) {
            if (isCurrent(id)) emit pointRemeasured(position, r);
          });
  connect(job_, &RunJob::failed, this, [this](quint64 id, const QString& message) {
    if (isCurrent(id)) emit failed(message);
  });
  connect(job_, &RunJob::finished, this, [this](quint64 id) {
    if (!isCurrent(id)) return;
    running_ = false;
    emit finished();
  });
  thread_.setObjectName(QStringLiteral("accellab-run"));
  thread_.start();
}

RunWorker::~RunWorker() {
  stop_.request_stop();
  thread_.quit();
  thread_.wait();
  delete job_;
}

quint64 RunWorker::nextJob() {
  stop_.request_stop();
  stop_ = std::stop_source();
  running_ = true;
  return ++currentJob_;
}

void RunWorker::start(const Engine& engine, const std::vector<Point>& points,
                      const MeasureConfig& config, ConditionsCheck conditions,
                      double bandwidthBytesPerS, std::optional<WorkerOptions> isolation) {
  const quint64 id = nextJob();
  QMetaObject::invokeMethod(
      job_,
      [job = job_, id, engine, points, config, conditions = std::move(conditions),
       bandwidthBytesPerS, isolation = std::move(isolation), token = stop_.get_token()] {
        job->run(id, engine, points, config, conditions, bandwidthBytesPerS, isolation, token);
      },
      Qt::QueuedConnection);
}

void RunWorker::startRerun(const Engine& engine, const std::vector<PointResult>& points,
                           const MeasureConfig& config, std::size_t maxAttempts,
                           double bandwidthBytesPerS, std::optional<WorkerOptions> isolation) {
  const quint64 id = nextJob();
  QMetaObject::invokeMethod(
      job_,
      [job = job_, id, engine, points, config, maxAttempts, bandwidthBytesPerS,
       isolation = std::move(isolation), token = stop_.get_token()] {
        job->rerun(id, engine, points, config, maxAttempts, bandwidthBytesPerS, isolation, token);
      },
      Qt::QueuedConnection);
}

void RunWorker::cancel() { stop_.request_stop(); }

}  // namespace accellab::gui
