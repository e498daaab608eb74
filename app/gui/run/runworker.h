// Runs the engine on a worker thread. Results come back by queued signals; cancelling is a
// std::stop_source the engine checks between repetitions and inside chunked kernels.
#pragma once

#include <QObject>
#include <QString>
#include <QThread>
#include <functional>
#include <stop_token>
#include <vector>

#include "accellab/engine.h"
#include "accellab/session.h"
#include "accellab/worker.h"
#include "run/metatypes.h"

namespace accellab::gui {

class RunJob;

// The positions in run.points of the points Runner::rerunUnstable measures again: the ok
// points flagged unstable.
std::vector<std::size_t> unstablePoints(const Run& run);

// The system-conditions check a run starts with: checkSystemConditions, or a fake.
using ConditionsCheck = std::function<std::vector<SystemCondition>()>;

class RunWorker : public QObject {
  Q_OBJECT

 public:
  explicit RunWorker(QObject* parent = nullptr);
  // Cancels a run in progress and joins the thread.
  ~RunWorker() override;

  // Measures the points on the worker thread with a runner of `engine` (which the job keeps
  // alive). A run still going is cancelled first and whatever it still delivers is dropped
  // (every job carries an id). `conditions`, when given, is checked first on the worker
  // thread (it takes a moment) and its findings come back by conditionsChecked.
  // `bandwidthBytesPerS`, the machine's measured ceiling, predicts the time left of
  // memory-bound points before any has finished (0: not measured). With `isolation` each
  // point is measured in a worker process (worker.h), so a crash costs only its point.
  void start(const Engine& engine, const std::vector<Point>& points, const MeasureConfig& config,
             ConditionsCheck conditions = {}, double bandwidthBytesPerS = 0,
             std::optional<WorkerOptions> isolation = std::nullopt);
  // Measures `points` again through Runner::rerunUnstable, up to `maxAttempts` more times
  // each. They must all be ok and flagged unstable (unstablePoints): then each is measured
  // again, in order, and the k-th kept result comes back as pointRemeasured(k, result).
  void startRerun(const Engine& engine, const std::vector<PointResult>& points,
                  const MeasureConfig& config, std::size_t maxAttempts,
                  double bandwidthBytesPerS = 0,
                  std::optional<WorkerOptions> isolation = std::nullopt);
  void cancel();
  bool isRunning() const { return running_; }

 signals:
  void progress(const accellab::Progress& progress);
  void conditionsChecked(const std::vector<accellab::SystemCondition>& conditions);
  void pointFinished(const accellab::PointResult& result);
  void pointRemeasured(int position, const accellab::PointResult& result);
  // The run (or re-run) ended, completely or after a cancel; points already delivered are final.
  void finished();
  void failed(const QString& message);

 private:
  bool isCurrent(quint64 jobId) const { return jobId == currentJob_; }
  // Cancels the job going, if any, and returns the next job's id.
  quint64 nextJob();

  QThread thread_;
  RunJob* job_ = nullptr;  // lives on thread_, deleted after it stops
  std::stop_source stop_;
  quint64 currentJob_ = 0;
  bool running_ = false;
};

// The part that lives on the worker thread: makes a Runner of the job's engine and calls it.
class RunJob : public QObject {
  Q_OBJECT

 public:
  void run(quint64 jobId, const Engine& engine, const std::vector<Point>& points,
           const MeasureConfig& config, const ConditionsCheck& conditions,
           double bandwidthBytesPerS, const std::optional<WorkerOptions>& isolation,
           std::stop_token stop);
  void rerun(quint64 jobId, const Engine& engine, std::vector<PointResult> points,
             const MeasureConfig& config, std::size_t maxAttempts, double bandwidthBytesPerS,
             const std::optional<WorkerOptions>& isolation, std::stop_token stop);

 signals:
  void progress(quint64 jobId, const accellab::Progress& progress);
  void conditionsChecked(quint64 jobId, const std::vector<accellab::SystemCondition>& conditions);
  void pointFinished(quint64 jobId, const accellab::PointResult& result);
  void pointRemeasured(quint64 jobId, int position, const accellab::PointResult& result);
  void finished(quint64 jobId);
  void failed(quint64 jobId, const QString& message);
};

}  // namespace accellab::gui
