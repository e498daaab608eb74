// The worker's side of the protocol: a reader thread takes the app's lines (a stop reaches the
// point being measured at once) and beats twice a second; the calling thread measures.
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "accellab/child_process.h"
#include "accellab/process_loss.h"
#include "accellab/session.h"
#include "accellab/worker.h"
#include "json_reader.h"
#include "worker_protocol.h"

namespace accellab {
namespace {

using detail::MessageType;
using detail::WorkerMessage;

constexpr int kHeartbeatMs = 500;
constexpr std::size_t kMaxRequestBytes = ChildProcess::kMaxLineBytes;

// Whole lines on the replies fd, one writer at a time. The app gone (EPIPE) ends the worker:
// nobody is left to read what it measures.
class Replies {
 public:
  explicit Replies(int fd) : fd_(fd) {}

  void write(const std::string& message) {
    const std::string text = message + '\n';
    const std::lock_guard lock(mutex_);
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) std::_Exit(0);
      done += static_cast<std::size_t>(n);
    }
  }

 private:
  int fd_;
  std::mutex mutex_;
};

// The requests the reader thread took, for the measuring thread; and the stop of the point
// being measured.
class Inbox {
 public:
  void push(WorkerMessage request) {
    const std::lock_guard lock(mutex_);
    queue_.push_back(std::move(request));
    ready_.notify_one();
  }
  void close() {
    const std::lock_guard lock(mutex_);
    closed_ = true;
    stop_.request_stop();
    ready_.notify_one();
  }
  void stopPoint() {
    const std::lock_guard lock(mutex_);
    stop_.request_stop();
  }
  // The next request, with a fresh stop for it; empty once the requests ended.
  std::optional<WorkerMessage> next(std::stop_token& stop) {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [this] { return closed_ || !queue_.empty(); });
    if (queue_.empty()) return std::nullopt;
    WorkerMessage request = std::move(queue_.front());
    queue_.pop_front();
    stop_ = std::stop_source();
    stop = stop_.get_token();
    return request;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<WorkerMessage> queue_;
  std::stop_source stop_;
  bool closed_ = false;
};

// Reads the app's lines until they end or one is not the protocol's; beats meanwhile.
void readRequests(int fd, Inbox& inbox, Replies& replies) {
  std::string pending;
  std::array<char, 65536> buffer;
  for (;;) {
    pollfd request{fd, POLLIN, 0};
    const int ready = ::poll(&request, 1, kHeartbeatMs);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      replies.write(detail::heartbeatMessage());
      continue;
    }
    const ssize_t n = ready < 0 ? -1 : ::read(fd, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    pending.append(buffer.data(), static_cast<std::size_t>(n));
    for (auto end = pending.find('\n'); end != std::string::npos; end = pending.find('\n')) {
      const std::string line = pending.substr(0, end);
      pending.erase(0, end + 1);
      try {
        WorkerMessage message = detail::parseWorkerMessage(line);
        if (message.type == MessageType::stop) {
          inbox.stopPoint();
        } else if (message.type == MessageType::measure) {
          inbox.push(std::move(message));
        } else {
          throw SessionError("a worker takes measure and stop requests, not this one");
        }
      } catch (const std::exception& error) {
        replies.write(detail::errorMessage(error.what()));
        std::_Exit(2);  // the app broke the protocol: nothing it asks can be trusted
      }
    }
    if (pending.size() > kMaxRequestBytes) {
      replies.write(detail::errorMessage("a request longer than 1 MiB"));
      std::_Exit(2);
    }
  }
  inbox.close();
}

// The app's hello, first: its protocol must be ours.
std::optional<std::string> refusedHello(int fd) {
  std::string line;
  for (char c; line.size() <= kMaxRequestBytes;) {
    const ssize_t n = ::read(fd, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return "the app closed the requests before its hello";
    if (c == '\n') break;
    line += c;
  }
  try {
    const WorkerMessage hello = detail::parseWorkerMessage(line);
    if (hello.type != MessageType::hello) return "the app's first message is not its hello";
    if (hello.protocol != kWorkerProtocol)
      return "the app (" + detail::shown(hello.program) + ") speaks worker protocol " +
             std::to_string(hello.protocol) + ", this worker " + std::to_string(kWorkerProtocol);
  } catch (const std::exception& error) {
    return error.what();
  }
  return std::nullopt;
}

}  // namespace

int serveWorker(Runner& runner, int requests, int replies, std::string_view program) {
  Replies out(replies);
  if (auto refused = refusedHello(requests)) {
    out.write(detail::errorMessage(*refused));
    return 2;
  }
  out.write(detail::helloMessage(program));
  Inbox inbox;
  std::thread reader(readRequests, requests, std::ref(inbox), std::ref(out));
  reader.detach();  // it ends with the requests, or with the process
  std::stop_token stop;
  while (std::optional<WorkerMessage> request = inbox.next(stop)) {
    const std::uint64_t id = request->id;
    MeasuredPoint measured = runner.measureHere(
        request->point, request->settings.measure, stop,
        [&out, id](const PointStage& stage) { out.write(detail::stageMessage(id, stage)); });
    // A failure that lost the process (a sticky CUDA error): reported, then the worker goes,
    // so the next point starts in a clean one.
    const bool lost = losesTheProcess(measured.result.reason);
    try {
      out.write(detail::resultMessage(id, measured, lost));
      if (lost) return 0;
    } catch (const SessionError& unstorable) {
      MeasuredPoint failed;
      failed.result.point = request->point;
      failed.result.status = PointStatus::failed;
      failed.result.reason =
          clippedText(std::string("its result cannot be stored: ") + unstorable.what());
      out.write(detail::resultMessage(id, failed));
    }
  }
  return 0;
}

}  // namespace accellab
