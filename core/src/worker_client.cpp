// The app's side of the protocol: one worker at a time, started on first use and again after
// it died; each point watched against its deadline and the worker's silence.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "accellab/child_process.h"
#include "accellab/printable.h"
#include "accellab/session.h"
#include "accellab/worker.h"
#include "json_reader.h"
#include "worker_protocol.h"

namespace accellab {
namespace {

using Steady = std::chrono::steady_clock;
using detail::MessageType;

constexpr std::chrono::milliseconds kWatch{50};  // how often the deadlines are looked at
constexpr std::chrono::seconds kSendLimit{5};
constexpr std::size_t kStderrLines = 3;

std::chrono::milliseconds millis(double seconds) {
  return std::chrono::milliseconds(static_cast<long long>(std::ceil(seconds * 1000)));
}

double since(Steady::time_point start) {
  return std::chrono::duration<double>(Steady::now() - start).count();
}

std::string seconds(double s) {
  return std::to_string(static_cast<long long>(std::llround(s))) + " s";
}

// How the worker died, for the point's reason: a SIGKILL nobody here sent is the OOM killer's.
std::string died(const ChildGone& gone) {
  if (gone.how().starts_with("killed by SIGKILL"))
    return gone.how() + ": out of memory, probably (the system's OOM killer ends a process so)";
  return gone.how();
}

static_assert(ChildProcess::kStderrTail >= kMaxPointOutput, "a point's output is kept whole");

// What the worker printed since `mark` (its code's stdout and stderr), for the point's output.
std::string outputSince(ChildProcess& child, std::uint64_t mark) {
  child.drainStderr();
  auto [text, dropped] = child.stderrSince(mark);
  if (text.size() > kMaxPointOutput) {
    dropped += text.size() - kMaxPointOutput;
    text.erase(0, text.size() - kMaxPointOutput);
  }
  // Cut anywhere, and any bytes to begin with: a session holds UTF-8.
  text = wellFormedUtf8(text);
  if (dropped == 0) return text;
  // Appended piece by piece: GCC 12 warns (-Wrestrict) on "[" + std::to_string(...) here.
  std::string said = "[";
  said += std::to_string(dropped);
  said += " bytes before these were not kept]\n";
  return said + text;
}

MeasuredPoint ended(const Point& point, PointStatus status, std::string reason) {
  MeasuredPoint measured;
  measured.result.point = point;
  measured.result.status = status;
  measured.result.reason = clippedText(std::move(reason));
  return measured;
}

}  // namespace

std::string_view toString(OnCrash policy) { return policy == OnCrash::stop ? "stop" : "go-on"; }

std::optional<OnCrash> parseOnCrash(std::string_view text) {
  if (text == "go-on") return OnCrash::goOn;
  if (text == "stop") return OnCrash::stop;
  return std::nullopt;
}

struct WorkerMeasurer::State {
  WorkerOptions options;
  std::unique_ptr<ChildProcess> child;
  std::size_t started = 0;
  std::size_t crashesInARow = 0;
  std::uint64_t nextId = 1;
  std::string lastStderr;        // of the last worker that ended
  std::uint64_t outputMark = 0;  // ChildProcess::stderrWritten() as the point in flight began

  void drop() {
    if (!child) return;
    lastStderr = child->stderrTail();
    child.reset();  // kills its process group
  }

  // The point lost with its worker: a crash, a hang, a broken protocol.
  MeasuredPoint lost(const Point& point, std::string reason) {
    // What it printed last is often why it crashed.
    std::string output = child ? outputSince(*child, outputMark) : std::string();
    drop();
    if (const std::string said = lastLines(lastStderr, kStderrLines); !said.empty())
      reason += "; last lines on stderr: " + said;
    MeasuredPoint measured = ended(point, PointStatus::failed, std::move(reason));
    measured.result.output = std::move(output);
    ++crashesInARow;
    if (options.onCrash == OnCrash::stop)
      measured.endsRun = describe(point) + " crashed its worker, and the run stops on a crash";
    else if (crashesInARow >= kCrashesInARow)
      measured.endsRun = std::to_string(crashesInARow) + " points in a row crashed their worker";
    return measured;
  }
};

WorkerMeasurer::WorkerMeasurer(WorkerOptions options) : state_(std::make_unique<State>()) {
  if (options.command.empty()) throw std::invalid_argument("a worker needs a command");
  state_->options = std::move(options);
}

WorkerMeasurer::~WorkerMeasurer() = default;

std::size_t WorkerMeasurer::workersStarted() const { return state_->started; }

std::string WorkerMeasurer::stderrTail() const {
  return state_->child ? state_->child->stderrTail() : state_->lastStderr;
}

double WorkerMeasurer::start() {
  State& s = *state_;
  s.drop();
  const Steady::time_point begun = Steady::now();
  s.child = std::make_unique<ChildProcess>(ChildSpec{.argv = s.options.command,
                                                     .name = "the worker",
                                                     .kind = "an AccelLab worker program",
                                                     .replyFd = kWorkerReplyFd});
  ++s.started;
  try {
    const auto limit = millis(s.options.startLimitS);
    s.child->send(detail::helloMessage("AccelLab " ACCELLAB_VERSION), {}, limit);
    const auto line = s.child->await({}, limit);
    if (!line)
      throw std::runtime_error("the worker did not say hello within " +
                               seconds(s.options.startLimitS));
    const detail::WorkerMessage hello = detail::parseWorkerMessage(*line);
    if (hello.type == MessageType::error)
      throw std::runtime_error("the worker refused: " + detail::shown(hello.message));
    if (hello.type != MessageType::hello)
      throw std::runtime_error("the worker's first message is not its hello");
    if (hello.protocol != kWorkerProtocol)
      throw std::runtime_error("the worker (" + detail::shown(hello.program) +
                               ") speaks worker protocol " + std::to_string(hello.protocol) +
                               ", this AccelLab " + std::to_string(kWorkerProtocol));
  } catch (...) {
    s.drop();
    throw;
  }
  return since(begun);
}

MeasuredPoint WorkerMeasurer::measure(const Point& point, const MeasureConfig& config,
                                      std::stop_token stop, const StageReport& stage,
                                      double expectedS) {
  State& s = *state_;
  if (stop.stop_requested()) return ended(point, PointStatus::cancelled, "cancelled");
  if (!s.child) {
    try {
      start();
    } catch (const std::exception& error) {
      MeasuredPoint measured =
          s.lost(point, std::string("the worker did not start: ") + error.what());
      // The same command would fail the same way for every point.
      measured.endsRun = "the worker did not start";
      return measured;
    }
  }
  const std::uint64_t id = s.nextId++;
  RunPhase phase = RunPhase::preparing;
  const auto where = [&] {
    return " in " + describe(point) + " while " + std::string(toString(phase));
  };
  s.outputMark = s.child->stderrWritten();
  try {
    if (!s.child->send(detail::measureMessage(id, point, config), stop, kSendLimit, true)) {
      s.drop();
      return ended(point, PointStatus::cancelled, "cancelled");
    }
  } catch (const ChildGone& gone) {
    return s.lost(point, died(gone) + where());
  } catch (const std::exception& error) {
    return s.lost(point, error.what() + where());
  }
  const double limitS = s.options.pointTimeoutS.value_or(
      std::max(kMinPointTimeoutS, kTimeoutFactor * std::max(expectedS, 0.0)));
  const Steady::time_point begun = Steady::now();
  Steady::time_point heard = begun;
  std::optional<Steady::time_point> stopSent;
  for (;;) {
    if (stop.stop_requested() && !stopSent) {
      stopSent = Steady::now();
      try {
        s.child->send(detail::stopMessage(), {}, millis(kStopGraceS), true);
      } catch (const std::exception&) {
        // Gone or not reading: the grace below ends it.
      }
    }
    if (stopSent && since(*stopSent) > kStopGraceS) {
      s.drop();  // a kernel that never polls its stop token: ended with its worker
      return ended(point, PointStatus::cancelled, "cancelled");
    }
    if (!stopSent && since(begun) > limitS) {
      s.child->terminate(millis(kStopGraceS));
      return s.lost(point, "timed out after " + seconds(limitS) + where() +
                               " (the point timeout); its worker was ended");
    }
    if (since(heard) > s.options.silenceLimitS) {
      return s.lost(point, "the worker stopped answering for " + seconds(s.options.silenceLimitS) +
                               where() + "; it was ended");
    }
    std::optional<std::string> line;
    try {
      line = s.child->await(stopSent ? std::stop_token{} : stop, kWatch);
    } catch (const ChildGone& gone) {
      return s.lost(point, died(gone) + where());
    }
    if (!line) continue;
    heard = Steady::now();
    detail::WorkerMessage message;
    try {
      message = detail::parseWorkerMessage(*line);
    } catch (const std::exception& error) {
      return s.lost(point, std::string("the worker broke the protocol: ") + error.what() + where());
    }
    switch (message.type) {
      case MessageType::heartbeat:
        continue;
      case MessageType::stage:
        if (message.id != id) break;
        phase = message.stage.phase;
        if (stage) stage(message.stage);
        continue;
      case MessageType::result:
        if (message.id != id || message.measured.result.point != point) break;
        s.crashesInARow = 0;
        message.measured.result.output = outputSince(*s.child, s.outputMark);
        if (message.retiring) s.drop();  // it exits: the next point starts a fresh one
        return std::move(message.measured);
      case MessageType::error:
        return s.lost(point, "the worker refused the point: " + detail::shown(message.message));
      default:
        break;
    }
    return s.lost(point, "the worker broke the protocol: an unexpected '" +
                             detail::shown(line->substr(0, 64)) + "'" + where());
  }
}

}  // namespace accellab
