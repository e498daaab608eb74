// A child process spoken to in lines: the Python child of the python variants and the worker
// process that measures points apart from the app (worker.h). Its stdin is a socket (a write
// to a child that died fails with EPIPE instead of raising SIGPIPE here); its replies come on
// a pipe of their own, its stderr on another. The object owns the child and its process
// group: destroying it kills the group and reaps the child, so no run leaves a process, a
// grandchild (a wrapper that forks instead of exec-ing) or a zombie. Every wait on the child,
// writing as reading, is bounded and polls a stop token.
#pragma once

#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace accellab {

// An owned file descriptor, closed when its owner goes.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept {
    if (this != &other) reset(std::exchange(other.fd_, -1));
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd() { reset(); }

  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

struct ChildSpec {
  std::vector<std::string> argv;   // argv[0]: a path, or a name looked up on PATH
  std::string name = "the child";  // how messages name it: "python", "the worker"
  std::string kind = "a program";  // what argv[0] must be: "a Python interpreter"
  // The child's fd its replies come on: its stdout, or (any other) an fd of their own, its
  // stdout then joining its stderr, so that what it prints never reads as a reply.
  int replyFd = STDOUT_FILENO;
  // Become the child's fds from the first above 2 and replyFd on, in order.
  std::vector<int> inherited{};
};

// How a child ended, for a message: "exited with status 3", "killed by SIGSEGV (segmentation
// fault)".
std::string describeExit(int waitStatus);
// The last `count` lines of a child's stderr that are not blank, joined by " | ": what a
// message quotes of it.
std::string lastLines(std::string_view text, std::size_t count);

// A function run in a forked child of this process, what it returns sent back over a pipe:
// what the function does (a plugin's constructor that calls exit(), NVRTC working for hours,
// a crash) ends that child, never this process. The child dies with this one.
struct ForkedOutcome {
  enum class End {
    returned,   // `reply` is what the function returned
    ended,      // the child ended without returning: `waitStatus` says how
    timedOut,   // it ran past the limit and was killed
    stopped,    // a stop was requested and it was killed
    notForked,  // no child could be made (no pipe, no fork): nothing ran
  };
  End end = End::notForked;
  std::string reply;
  int waitStatus = 0;
};
// Runs `work` in the child; its exit() there ends the child with its status, running none of
// this process's exit handlers (a sanitizer's leak check) and flushing no buffer twice. The
// child is killed past `timeoutS` or within 50 ms of a request on `stop`, and always reaped.
ForkedOutcome callForked(const std::function<std::string()>& work, double timeoutS,
                         std::stop_token stop = {});

// The child ended (or broke the protocol) while it was waited on: why, and the end of what it
// wrote on stderr.
class ChildGone : public std::runtime_error {
 public:
  ChildGone(const std::string& message, std::string how, std::string stderrTail)
      : std::runtime_error(message), how_(std::move(how)), stderrTail_(std::move(stderrTail)) {}
  // describeExit()'s words, or what it did wrong ("wrote more than 1 MiB without a newline").
  const std::string& how() const { return how_; }
  const std::string& stderrTail() const { return stderrTail_; }

 private:
  std::string how_;
  std::string stderrTail_;
};

class ChildProcess {
 public:
  // Starts the child. Throws std::runtime_error ("python3 not found", "… is a directory, not
  // a Python interpreter") when it cannot.
  explicit ChildProcess(const ChildSpec& spec);
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();

  pid_t pid() const { return pid_; }
  bool running() const { return pid_ > 0; }

  // Sends one request line (a newline is added); false when `stop` was requested first (the
  // child is then killed). Replies are read meanwhile, so a child that writes while we write
  // never deadlocks us. Throws ChildGone when the child has gone or wrote a reply before this
  // request (one nobody asked for: a protocol violation, unless `repliesMayCome`), and
  // std::runtime_error when it takes no request for `timeout`.
  bool send(const std::string& line, std::stop_token stop, std::chrono::milliseconds timeout,
            bool repliesMayCome = false);

  // The next reply, without its newline; empty when `stop` was requested or `timeout` passed
  // first, and the child is then killed. Throws ChildGone, with what the child wrote on
  // stderr, when it exits first (its pipes closing, or the process itself ending while a
  // process it started holds them open), and when a line grows past kMaxLineBytes without a
  // newline.
  std::optional<std::string> receive(std::stop_token stop, std::chrono::milliseconds timeout);
  // As receive(), but a stop or a timeout leaves the child running: the caller decides.
  std::optional<std::string> await(std::stop_token stop, std::chrono::milliseconds timeout);

  // SIGKILL to its process group, and reap; the child is gone when it returns.
  void kill();
  // SIGTERM to its process group, up to `grace` for the child to exit, then kill().
  void terminate(std::chrono::milliseconds grace);

  // The end of what the child wrote on stderr so far (its last kStderrTail bytes).
  const std::string& stderrTail() const { return errors_; }
  // How many bytes the child wrote on stderr so far: a mark for stderrSince().
  std::uint64_t stderrWritten() const { return stderrWritten_; }
  // What it wrote on stderr since `mark` (its last kStderrTail bytes), and how many bytes of it
  // came before those and are gone.
  std::pair<std::string, std::uint64_t> stderrSince(std::uint64_t mark) const;
  // Reads what is on stderr now, without waiting: what the child wrote just before its reply
  // (the two are separate pipes) is then in stderrSince().
  void drainStderr();

  // A reply longer than this is no reply of a protocol's (they are a few kilobytes at most).
  static constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
  // As much as a session keeps of a point's output (kMaxPointOutput, result.h); a failure's
  // last lines come from its end.
  static constexpr std::size_t kStderrTail = std::size_t{64} << 10;

 private:
  [[noreturn]] void exited();
  // The child has gone, reaped with `status` where it was: what it wrote on stderr and how it
  // ended, as ChildGone.
  [[noreturn]] void gone(std::optional<int> status);
  [[noreturn]] void broke(const std::string& how);
  // Waits up to `wait` for output (and, with `toWrite`, for room in the child's stdin) and
  // reads what came into pending_ or errors_. True when stdin can take more.
  bool pump(std::chrono::milliseconds wait, bool toWrite);
  std::optional<std::string> nextLine();  // a complete line in pending_, taken out

  std::string name_;
  pid_t pid_ = -1;
  UniqueFd stdin_;
  UniqueFd replies_;
  UniqueFd stderr_;
  std::string pending_;      // replies read past the last line returned
  std::size_t scanned_ = 0;  // bytes of pending_ known to hold no newline
  // Keeps `n` bytes read from stderr.
  void keepStderr(const char* bytes, std::size_t n);

  std::string errors_;  // the tail of stderr, for the message when the child fails
  std::uint64_t stderrWritten_ = 0;
};

}  // namespace accellab
