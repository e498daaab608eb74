// Runs the engine on a worker thread. Results come back by queued signals; cancelling is a
// std::stop_source the engine checks between repetitions and inside chunked kernels.
#pragma once

#include <QObject>
#include <QString>
#include <QThread>
#include <stop_token>
#include <vector>

#include "accellab/engine.h"
#include "worker/metatypes.h"

namespace accellab::gui {

class RunJob;

class RunWorker : public QObject {
  Q_OBJECT

 public:
  explicit RunWorker(QObject* parent = nullptr);
  // Cancels a run in progress and joins the thread.
  ~RunWorker() override;

  // Measures the points on the worker thread with a runner of `engine` (which the job keeps
  // alive). A run still going is cancelled first and whatever it still delivers is dropped
  // (every job carries an id).
  void start(const Engine& engine, const std::vector<Point>& points, const MeasureConfig& config);
  void cancel();
  bool isRunning() const { return running_; }

 signals:
  void progress(const accellab::Progress& progress);
  void pointFinished(const accellab::PointResult& result);
  // The run ended, completely or after a cancel; points already delivered are final.
  void finished();
  void failed(const QString& message);

 private:
  bool isCurrent(quint64 jobId) const { return jobId == currentJob_; }

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
           const MeasureConfig& config, std::stop_token stop);

 signals:
  void progress(quint64 jobId, const accellab::Progress& progress);
  void pointFinished(quint64 jobId, const accellab::PointResult& result);
  void finished(quint64 jobId);
  void failed(quint64 jobId, const QString& message);
};

}  // namespace accellab::gui
