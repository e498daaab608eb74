#include "worker/runworker.h"

#include <QElapsedTimer>
#include <exception>

namespace accellab::gui {

namespace {
// Progress arrives once per repetition, which for tiny problems is thousands of times a
// second; the GUI needs a few updates a second at most.
constexpr qint64 kProgressIntervalMs = 40;
}  // namespace

void RunJob::run(quint64 jobId, const Engine& engine, const std::vector<Point>& points,
                 const MeasureConfig& config, std::stop_token stop) {
  QElapsedTimer sinceProgress;
  std::size_t lastDone = static_cast<std::size_t>(-1);
  RunCallbacks callbacks;
  callbacks.progress = [&](const Progress& p) {
    if (p.pointsDone != lastDone || !sinceProgress.isValid() ||
        sinceProgress.elapsed() >= kProgressIntervalMs) {
      lastDone = p.pointsDone;
      sinceProgress.start();
      emit progress(jobId, p);
    }
  };
  callbacks.pointFinished = [&](const PointResult& r) { emit pointFinished(jobId, r); };
  try {
    engine.runner().run(points, config, callbacks, stop);
  } catch (const std::exception& e) {
    emit failed(jobId, QString::fromStdString(e.what()));
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
  connect(job_, &RunJob::pointFinished, this, [this](quint64 id, const PointResult& r) {
    if (isCurrent(id)) emit pointFinished(r);
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

void RunWorker::start(const Engine& engine, const std::vector<Point>& points,
                      const MeasureConfig& config) {
  stop_.request_stop();
  stop_ = std::stop_source();
  const quint64 id = ++currentJob_;
  running_ = true;
  QMetaObject::invokeMethod(
      job_,
      [job = job_, id, engine, points, config, token = stop_.get_token()] {
        job->run(id, engine, points, config, token);
      },
      Qt::QueuedConnection);
}

void RunWorker::cancel() { stop_.request_stop(); }

}  // namespace accellab::gui
