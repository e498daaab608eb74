#include "accellab/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

extern char** environ;

namespace accellab {
namespace {

// How often receive() looks at the stop token: well within the 0.5 s a cancel may take.
constexpr std::chrono::milliseconds kStopPoll{20};

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error(what + ": " + std::strerror(errno));
}

struct Pipe {
  UniqueFd read, write;
};

Pipe makePipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) fail("pipe2");
  return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

Pipe makeSocketPair() {
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) fail("socketpair");
  return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

// posix_spawn's file actions, destroyed whichever way spawning ends.
class FileActions {
 public:
  FileActions() { ::posix_spawn_file_actions_init(&actions_); }
  ~FileActions() { ::posix_spawn_file_actions_destroy(&actions_); }
  FileActions(const FileActions&) = delete;
  FileActions& operator=(const FileActions&) = delete;
  // dup2 clears close-on-exec on the target, so exactly these fds reach the child.
  void dup2(int from, int to) { ::posix_spawn_file_actions_adddup2(&actions_, from, to); }
  const posix_spawn_file_actions_t* get() const { return &actions_; }

 private:
  posix_spawn_file_actions_t actions_;
};

// posix_spawn's attributes: the child leads a process group of its own, which kill() ends
// whole (a wrapper's children with it), and which a terminal's Ctrl+C does not reach (we stop
// the child ourselves).
class SpawnAttributes {
 public:
  SpawnAttributes() {
    ::posix_spawnattr_init(&attributes_);
    ::posix_spawnattr_setflags(&attributes_, POSIX_SPAWN_SETPGROUP);
    ::posix_spawnattr_setpgroup(&attributes_, 0);
  }
  ~SpawnAttributes() { ::posix_spawnattr_destroy(&attributes_); }
  SpawnAttributes(const SpawnAttributes&) = delete;
  SpawnAttributes& operator=(const SpawnAttributes&) = delete;
  const posix_spawnattr_t* get() const { return &attributes_; }

 private:
  posix_spawnattr_t attributes_;
};

// What posix_spawnp's errno means for a program the user named (ACCELLAB_PYTHON, say).
std::string whyNotStarted(const ChildSpec& spec, int error) {
  const std::string& program = spec.argv.front();
  struct stat info {};
  if (program.find('/') != std::string::npos && ::stat(program.c_str(), &info) == 0 &&
      S_ISDIR(info.st_mode))
    return program + " is a directory, not " + spec.kind;
  if (error == ENOENT) return program + " not found";
  if (error == EACCES) return program + " is not an executable file (permission denied)";
  return "starting " + program + ": " + std::strerror(error);
}

}  // namespace

std::string lastLines(std::string_view text, std::size_t count) {
  std::vector<std::string_view> lines;
  while (!text.empty() && lines.size() < count) {
    const auto start = text.rfind('\n');
    std::string_view line = start == std::string_view::npos ? text : text.substr(start + 1);
    text = text.substr(0, start == std::string_view::npos ? 0 : start);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
      line.remove_suffix(1);
    if (!line.empty()) lines.insert(lines.begin(), line);
  }
  std::string joined;
  for (const std::string_view line : lines) {
    if (!joined.empty()) joined += " | ";
    joined += line;
  }
  return joined;
}

std::string describeExit(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    const char* name = ::sigabbrev_np(signal);
    const char* words = ::sigdescr_np(signal);
    return "killed by " + (name ? "SIG" + std::string(name) : "signal " + std::to_string(signal)) +
           (words ? " (" + std::string(words) + ")" : std::string());
  }
  return "ended (wait status " + std::to_string(status) + ")";
}

ChildProcess::ChildProcess(const ChildSpec& spec) : name_(spec.name) {
  if (spec.argv.empty()) throw std::invalid_argument("a child process needs a program");
  Pipe in = makeSocketPair();
  Pipe out = makePipe();
  Pipe err = makePipe();
  FileActions actions;
  actions.dup2(in.read.get(), STDIN_FILENO);
  actions.dup2(spec.replyFd == STDOUT_FILENO ? out.write.get() : err.write.get(), STDOUT_FILENO);
  actions.dup2(err.write.get(), STDERR_FILENO);
  if (spec.replyFd != STDOUT_FILENO) actions.dup2(out.write.get(), spec.replyFd);
  // An fd already in the target range [first, end) would be overwritten by an earlier dup2
  // there: such a source is moved above the range first.
  const int first = std::max(3, spec.replyFd + 1);
  const int end = first + static_cast<int>(spec.inherited.size());
  std::vector<UniqueFd> moved;
  for (std::size_t i = 0; i < spec.inherited.size(); ++i) {
    int source = spec.inherited[i];
    if (source < end) {
      moved.emplace_back(::fcntl(source, F_DUPFD_CLOEXEC, end));
      if (!moved.back()) fail("fcntl(F_DUPFD_CLOEXEC)");
      source = moved.back().get();
    }
    actions.dup2(source, first + static_cast<int>(i));
  }
  std::vector<char*> argv;
  for (const std::string& arg : spec.argv) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  const SpawnAttributes attributes;
  const int error = ::posix_spawnp(&pid_, spec.argv.front().c_str(), actions.get(),
                                   attributes.get(), argv.data(), environ);
  if (error != 0) {
    pid_ = -1;
    throw std::runtime_error(whyNotStarted(spec, error));
  }
  stdin_ = std::move(in.write);
  replies_ = std::move(out.read);
  stderr_ = std::move(err.read);
}

ChildProcess::~ChildProcess() { kill(); }

void ChildProcess::terminate(std::chrono::milliseconds grace) {
  if (pid_ <= 0) return;
  ::kill(-pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (std::chrono::steady_clock::now() < deadline) {
    const pid_t reaped = ::waitpid(pid_, nullptr, WNOHANG);
    if (reaped == pid_ || (reaped < 0 && errno != EINTR)) {
      ::kill(-pid_, SIGKILL);  // whatever it started and left behind
      pid_ = -1;
      return;
    }
    ::usleep(5'000);
  }
  kill();
}

void ChildProcess::kill() {
  if (pid_ <= 0) return;
  ::kill(-pid_, SIGKILL);  // the group: the child and whatever it started
  ::kill(pid_, SIGKILL);   // in case it left the group
  while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

bool ChildProcess::pump(std::chrono::milliseconds wait, bool toWrite) {
  // A closed stderr is -1, which poll skips.
  std::array<pollfd, 3> fds{pollfd{replies_.get(), POLLIN, 0}, pollfd{stderr_.get(), POLLIN, 0},
                            pollfd{toWrite ? stdin_.get() : -1, POLLOUT, 0}};
  if (::poll(fds.data(), fds.size(), static_cast<int>(std::max<long>(wait.count(), 0))) < 0) {
    if (errno == EINTR) return false;
    fail("poll");
  }
  std::array<char, 65536> buffer;
  if (fds[1].revents != 0) {
    const ssize_t n = ::read(stderr_.get(), buffer.data(), buffer.size());
    if (n == 0) stderr_.reset();  // closed: poll would report it again and again
    if (n > 0) keepStderr(buffer.data(), static_cast<std::size_t>(n));
  }
  if (fds[0].revents != 0) {
    const ssize_t n = ::read(replies_.get(), buffer.data(), buffer.size());
    if (n == 0) exited();
    if (n > 0) pending_.append(buffer.data(), static_cast<std::size_t>(n));
  }
  if (fds[2].revents & (POLLERR | POLLHUP)) exited();
  return (fds[2].revents & POLLOUT) != 0;
}

std::optional<std::string> ChildProcess::nextLine() {
  // Only what came since the last look is searched: a child that floods one endless line
  // costs a scan of each byte once, not of the whole buffer on every read.
  const auto end = pending_.find('\n', scanned_);
  if (end == std::string::npos) {
    scanned_ = pending_.size();
    if (pending_.size() > kMaxLineBytes) {
      broke("wrote more than " + std::to_string(kMaxLineBytes >> 20) +
            " MiB without a newline: not a reply");
    }
    return std::nullopt;
  }
  std::string line = pending_.substr(0, end);
  pending_.erase(0, end + 1);
  scanned_ = 0;
  return line;
}

bool ChildProcess::send(const std::string& line, std::stop_token stop,
                        std::chrono::milliseconds timeout, bool repliesMayCome) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + timeout;
  const std::string data = line + '\n';
  for (std::size_t sent = 0; sent < data.size();) {
    // Every request is answered by exactly one line: output before the request is answered
    // is a reply to nothing (a child that answered twice), and the point fails on it.
    if (!repliesMayCome && !pending_.empty())
      broke("wrote a reply nobody asked for: '" +
            pending_.substr(0, std::min<std::size_t>(pending_.find('\n'), 200)) + "'");
    if (stop.stop_requested()) {
      kill();
      return false;
    }
    if (Clock::now() >= deadline) {
      kill();
      throw std::runtime_error(name_ + " took no request for " +
                               std::to_string(timeout.count() / 1000) + " s");
    }
    const auto wait = std::min(
        kStopPoll, std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
    if (!pump(wait, true)) continue;
    const ssize_t n =
        ::send(stdin_.get(), data.data() + sent, data.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
    if (n < 0) exited();
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

std::optional<std::string> ChildProcess::receive(std::stop_token stop,
                                                 std::chrono::milliseconds timeout) {
  auto line = await(stop, timeout);
  if (!line) kill();
  return line;
}

std::optional<std::string> ChildProcess::await(std::stop_token stop,
                                               std::chrono::milliseconds timeout) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + timeout;
  for (;;) {
    if (auto line = nextLine()) return line;
    if (stop.stop_requested() || Clock::now() >= deadline) return std::nullopt;
    pump(std::min(kStopPoll,
                  std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now())),
         false);
    // The process, not only its pipes: a process it started in a session of its own (setsid)
    // may hold them open after it died, and its death would read as silence.
    // What it wrote before it died is read first (a reply may span several reads).
    pollfd unread{replies_.get(), POLLIN, 0};
    int status = 0;
    if (pending_.find('\n', scanned_) == std::string::npos && ::poll(&unread, 1, 0) == 0 &&
        pid_ > 0 && ::waitpid(pid_, &status, WNOHANG) == pid_) {
      const pid_t group = pid_;
      pid_ = -1;
      ::kill(-group, SIGKILL);  // what is left of its group
      gone(status);
    }
  }
}

void ChildProcess::broke(const std::string& how) {
  kill();
  throw ChildGone(name_ + " " + how, how, errors_);
}

void ChildProcess::exited() {
  // Its replies closed: give it a moment to exit by itself, for its status, then make sure.
  int status = 0;
  pid_t reaped = 0;
  // pid_ is -1 once killed: waitpid(-1) would reap any child of this process.
  for (int tries = 0; pid_ > 0 && tries < 50 && reaped == 0; ++tries) {
    reaped = ::waitpid(pid_, &status, WNOHANG);
    if (reaped == 0) ::usleep(20'000);
  }
  if (reaped == pid_) pid_ = -1;
  kill();
  gone(reaped > 0 ? std::optional(status) : std::nullopt);
}

void ChildProcess::keepStderr(const char* bytes, std::size_t n) {
  errors_.append(bytes, n);
  stderrWritten_ += n;
  if (errors_.size() > kStderrTail) errors_.erase(0, errors_.size() - kStderrTail);
}

std::pair<std::string, std::uint64_t> ChildProcess::stderrSince(std::uint64_t mark) const {
  const std::uint64_t since = stderrWritten_ - std::min(mark, stderrWritten_);
  const std::size_t kept = static_cast<std::size_t>(std::min<std::uint64_t>(since, errors_.size()));
  return {errors_.substr(errors_.size() - kept), since - kept};
}

void ChildProcess::drainStderr() {
  // Only what is there now: a process it started may hold the pipe open.
  std::array<char, 4096> buffer;
  for (;;) {
    pollfd ready{stderr_.get(), POLLIN, 0};
    if (!stderr_ || ::poll(&ready, 1, 0) <= 0) break;
    const ssize_t n = ::read(stderr_.get(), buffer.data(), buffer.size());
    if (n <= 0) break;
    keepStderr(buffer.data(), static_cast<std::size_t>(n));
  }
}

void ChildProcess::gone(std::optional<int> status) {
  // Whatever it wrote on stderr explains why; its last line names a traceback's error.
  drainStderr();
  const std::string how = status ? describeExit(*status) : "exited";
  const std::string last = lastLines(errors_, 1);
  throw ChildGone(name_ + " " + how + (last.empty() ? "" : ": " + last), how, errors_);
}

ForkedOutcome callForked(const std::function<std::string()>& work, double timeoutS,
                         std::stop_token stop) {
  ForkedOutcome outcome;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return outcome;
  UniqueFd reading(fds[0]);
  UniqueFd writing(fds[1]);
  // What this process has buffered, a child that calls exit() would write a second time.
  std::fflush(nullptr);
  const pid_t parent = ::getpid();
  const pid_t child = ::fork();
  if (child < 0) return outcome;
  if (child == 0) {
    reading.reset();
    // Whatever it runs must not outlive whoever gave up on it (a killed CLI's child).
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(1);
    ::on_exit([](int status, void*) { ::_exit(status); }, nullptr);
    // "R" before the reply: the function came back, whatever the bytes it returned.
    std::string reply = "R";
    try {
      reply += work();
    } catch (...) {
      ::_exit(1);
    }
    for (std::size_t sent = 0; sent < reply.size();) {
      const ssize_t wrote = ::write(writing.get(), reply.data() + sent, reply.size() - sent);
      if (wrote < 0 && errno == EINTR) continue;
      if (wrote <= 0) ::_exit(1);
      sent += static_cast<std::size_t>(wrote);
    }
    ::_exit(0);
  }
  writing.reset();
  const auto reap = [&](bool kill) {
    if (kill) ::kill(child, SIGKILL);
    while (::waitpid(child, &outcome.waitStatus, 0) < 0 && errno == EINTR) {
    }
  };
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(timeoutS));
  const auto givenUp = [&] {
    if (!stop.stop_requested() && std::chrono::steady_clock::now() <= deadline) return false;
    outcome.end =
        stop.stop_requested() ? ForkedOutcome::End::stopped : ForkedOutcome::End::timedOut;
    reap(true);
    return true;
  };
  std::string received;
  // What it sends, until its end of the pipe closes (it ended, or closed its fds).
  while (reading) {
    if (givenUp()) return outcome;
    pollfd ready{reading.get(), POLLIN, 0};
    const int polled = ::poll(&ready, 1, 50);
    if (polled < 0 && errno != EINTR) reading.reset();
    if (polled <= 0) continue;
    char buffer[1 << 16];
    const ssize_t got = ::read(reading.get(), buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0)
      reading.reset();
    else
      received.append(buffer, static_cast<std::size_t>(got));
  }
  // Then its end, which a child that closed its fds and hangs may never reach.
  for (;;) {
    const pid_t done = ::waitpid(child, &outcome.waitStatus, WNOHANG);
    if (done == child) break;
    if (done < 0 && errno != EINTR) break;
    if (givenUp()) return outcome;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const bool returned = received.starts_with('R') && WIFEXITED(outcome.waitStatus) &&
                        WEXITSTATUS(outcome.waitStatus) == 0;
  outcome.end = returned ? ForkedOutcome::End::returned : ForkedOutcome::End::ended;
  if (returned) outcome.reply = received.substr(1);
  return outcome;
}

}  // namespace accellab
