// Measuring in a worker process that may die alone: the point a crash, an abort, an exit() or
// a hang of the measured code interrupts fails with the reason in words, every point before
// it is kept, and a fresh worker measures the next. The app keeps the session; the worker
// only measures the points it is sent and answers in JSON Lines on a file descriptor of its
// own (docs/worker-protocol.md), so what the measured code prints never reads as a reply.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "accellab/point_measurer.h"
#include "accellab/runner.h"

namespace accellab {

// The protocol's version: a worker or an app of another is refused, with both named.
inline constexpr int kWorkerProtocol = 1;
// The worker's fd its replies go on (its stdout joins its stderr).
inline constexpr int kWorkerReplyFd = 3;

// What a crash of the measured code does to the run.
enum class OnCrash {
  goOn,  // the point fails, a fresh worker measures the next (after kCrashesInARow: stop)
  stop,  // the point fails and the run stops
};
std::string_view toString(OnCrash policy);              // "go-on", "stop"
std::optional<OnCrash> parseOnCrash(std::string_view);  // the same names

// A run stops after this many points in a row crashed their worker: the code is broken, not
// unlucky, and each crash costs a worker's start.
inline constexpr std::size_t kCrashesInARow = 3;
// A point's deadline when none is given: the larger of this and kTimeoutFactor times its
// predicted seconds.
inline constexpr double kMinPointTimeoutS = 60;
inline constexpr double kTimeoutFactor = 10;

struct WorkerOptions {
  // The worker program and its arguments: {"/usr/bin/accellab-cli", "worker", "--gpu-device",
  // "0"}; it must answer on kWorkerReplyFd (accellab-cli worker does).
  std::vector<std::string> command;
  OnCrash onCrash = OnCrash::goOn;
  // Seconds a point may take, wall clock, preparing included; empty: the larger of
  // kMinPointTimeoutS and kTimeoutFactor times the point's predicted seconds.
  std::optional<double> pointTimeoutS{};
  // Seconds without a line from the worker (it beats twice a second) after which it is stuck
  // as a whole (stopped, or a deadlock its heartbeat shares).
  double silenceLimitS = 10;
  // Seconds a worker may take to start and say hello.
  double startLimitS = 30;
};

// The app's side: each point is sent to a worker, started on first use and again after one
// died. Under a stop request the point's worker is told to stop and, if it does not answer
// within kStopGrace, ended with its process group. Not thread-safe: one run at a time.
class WorkerMeasurer final : public PointMeasurer {
 public:
  explicit WorkerMeasurer(WorkerOptions options);
  ~WorkerMeasurer() override;
  WorkerMeasurer(const WorkerMeasurer&) = delete;
  WorkerMeasurer& operator=(const WorkerMeasurer&) = delete;

  MeasuredPoint measure(const Point& point, const MeasureConfig& config, std::stop_token stop,
                        const StageReport& stage, double expectedS) override;

  // Starts the worker now (else on the first point) and returns its hello's seconds. Throws
  // std::runtime_error when it does not start or speaks another protocol.
  double start();
  // Workers started so far (1 for a run without a crash).
  std::size_t workersStarted() const;
  // The end of the last worker's stderr: what the measured code printed.
  std::string stderrTail() const;

  static constexpr double kStopGraceS = 0.3;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The worker's side: reads requests on `requests` and answers on `replies` until `requests`
// ends (the app closed it or died), measuring with `runner` in this process. `program`
// ("accellab-cli 0.9.0") goes into its hello. Returns the process's exit code: 0 at the end
// of the requests, 2 for a request it cannot read or a protocol it does not speak.
int serveWorker(Runner& runner, int requests, int replies, std::string_view program);

}  // namespace accellab
