#include "python_child.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace accellab::kernels {
namespace {

// How often receive() looks at the stop token: well within the 0.5 s a cancel may take.
constexpr std::chrono::milliseconds kStopPoll{20};
// The stderr kept for a failure message: the end of a traceback.
constexpr std::size_t kErrorTail = 4096;

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

// What posix_spawnp's errno means for an interpreter the user named.
std::string whyNotStarted(const std::string& interpreter, int error) {
  struct stat info {};
  if (interpreter.find('/') != std::string::npos && ::stat(interpreter.c_str(), &info) == 0 &&
      S_ISDIR(info.st_mode))
    return interpreter + " is a directory, not a Python interpreter";
  if (error == ENOENT) return interpreter + " not found";
  if (error == EACCES) return interpreter + " is not an executable file (permission denied)";
  return "starting " + interpreter + ": " + std::strerror(error);
}

}  // namespace

std::string pythonInterpreter() {
  const char* chosen = std::getenv("ACCELLAB_PYTHON");
  return chosen != nullptr && *chosen != '\0' ? chosen : "python3";
}

PythonChild::PythonChild(const std::string& interpreter, const std::string& script,
                         std::span<const int> inherited) {
  Pipe in = makeSocketPair();
  Pipe out = makePipe();
  Pipe err = makePipe();
  FileActions actions;
  actions.dup2(in.read.get(), STDIN_FILENO);
  actions.dup2(out.write.get(), STDOUT_FILENO);
  actions.dup2(err.write.get(), STDERR_FILENO);
  // An fd already in the target range [3, 3 + n) would be overwritten by an earlier dup2 there:
  // such a source is moved above the range first.
  const int end = 3 + static_cast<int>(inherited.size());
  std::vector<UniqueFd> moved;
  for (std::size_t i = 0; i < inherited.size(); ++i) {
    int source = inherited[i];
    if (source < end) {
      moved.emplace_back(::fcntl(source, F_DUPFD_CLOEXEC, end));
      if (!moved.back()) fail("fcntl(F_DUPFD_CLOEXEC)");
      source = moved.back().get();
    }
    actions.dup2(source, 3 + static_cast<int>(i));
  }
  std::vector<char*> argv{const_cast<char*>(interpreter.c_str()), const_cast<char*>("-c"),
                          const_cast<char*>(script.c_str()), nullptr};
  const SpawnAttributes attributes;
  const int error = ::posix_spawnp(&pid_, interpreter.c_str(), actions.get(), attributes.get(),
                                   argv.data(), environ);
  if (error != 0) {
    pid_ = -1;
    throw std::runtime_error(whyNotStarted(interpreter, error));
  }
  stdin_ = std::move(in.write);
  stdout_ = std::move(out.read);
  stderr_ = std::move(err.read);
}

PythonChild::~PythonChild() { kill(); }

void PythonChild::kill() {
  if (pid_ <= 0) return;
  ::kill(-pid_, SIGKILL);  // the group: the child and whatever it started
  ::kill(pid_, SIGKILL);   // in case it left the group
  while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

bool PythonChild::pump(std::chrono::milliseconds wait, bool toWrite) {
  // A closed stderr is -1, which poll skips.
  std::array<pollfd, 3> fds{pollfd{stdout_.get(), POLLIN, 0}, pollfd{stderr_.get(), POLLIN, 0},
                            pollfd{toWrite ? stdin_.get() : -1, POLLOUT, 0}};
  if (::poll(fds.data(), fds.size(), static_cast<int>(std::max<long>(wait.count(), 0))) < 0) {
    if (errno == EINTR) return false;
    fail("poll");
  }
  std::array<char, 65536> buffer;
  if (fds[1].revents != 0) {
    const ssize_t n = ::read(stderr_.get(), buffer.data(), buffer.size());
    if (n == 0) stderr_.reset();  // closed: poll would report it again and again
    if (n > 0) {
      errors_.append(buffer.data(), static_cast<std::size_t>(n));
      if (errors_.size() > kErrorTail) errors_.erase(0, errors_.size() - kErrorTail);
    }
  }
  if (fds[0].revents != 0) {
    const ssize_t n = ::read(stdout_.get(), buffer.data(), buffer.size());
    if (n == 0) exited();
    if (n > 0) pending_.append(buffer.data(), static_cast<std::size_t>(n));
  }
  if (fds[2].revents & (POLLERR | POLLHUP)) exited();
  return (fds[2].revents & POLLOUT) != 0;
}

std::optional<std::string> PythonChild::nextLine() {
  // Only what came since the last look is searched: a child that floods one endless line
  // costs a scan of each byte once, not of the whole buffer on every read.
  const auto end = pending_.find('\n', scanned_);
  if (end == std::string::npos) {
    scanned_ = pending_.size();
    if (pending_.size() > kMaxLineBytes) {
      kill();
      throw std::runtime_error("python wrote more than " + std::to_string(kMaxLineBytes >> 20) +
                               " MiB without a newline: not a reply");
    }
    return std::nullopt;
  }
  std::string line = pending_.substr(0, end);
  pending_.erase(0, end + 1);
  scanned_ = 0;
  return line;
}

bool PythonChild::send(const std::string& line, std::stop_token stop,
                       std::chrono::milliseconds timeout) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + timeout;
  const std::string data = line + '\n';
  for (std::size_t sent = 0; sent < data.size();) {
    // Every request is answered by exactly one line: output before the request is answered
    // is a reply to nothing (a child that answered twice), and the point fails on it.
    if (!pending_.empty()) {
      std::string extra = pending_.substr(0, std::min<std::size_t>(pending_.find('\n'), 200));
      kill();
      throw std::runtime_error("python wrote a reply nobody asked for: '" + extra + "'");
    }
    if (stop.stop_requested()) {
      kill();
      return false;
    }
    if (Clock::now() >= deadline) {
      kill();
      throw std::runtime_error("python took no request for " +
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

std::optional<std::string> PythonChild::receive(std::stop_token stop,
                                                std::chrono::milliseconds timeout) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + timeout;
  for (;;) {
    if (auto line = nextLine()) return line;
    if (stop.stop_requested() || Clock::now() >= deadline) {
      kill();
      return std::nullopt;
    }
    pump(std::min(kStopPoll,
                  std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now())),
         false);
  }
}

void PythonChild::exited() {
  // Its stdout closed: give it a moment to exit by itself, for its status, then make sure.
  int status = 0;
  pid_t reaped = 0;
  // pid_ is -1 once killed: waitpid(-1) would reap any child of this process.
  for (int tries = 0; pid_ > 0 && tries < 50 && reaped == 0; ++tries) {
    reaped = ::waitpid(pid_, &status, WNOHANG);
    if (reaped == 0) ::usleep(20'000);
  }
  if (reaped == pid_) pid_ = -1;
  kill();
  // Whatever it wrote on stderr explains why; its last line names a traceback's error.
  std::array<char, 4096> buffer;
  for (ssize_t n; stderr_ && (n = ::read(stderr_.get(), buffer.data(), buffer.size())) > 0;)
    errors_.append(buffer.data(), static_cast<std::size_t>(n));
  while (!errors_.empty() && std::isspace(static_cast<unsigned char>(errors_.back())))
    errors_.pop_back();
  const std::string last = errors_.substr(errors_.rfind('\n') + 1);
  std::string how = "python exited";
  if (reaped > 0 && WIFEXITED(status)) how += " with status " + std::to_string(WEXITSTATUS(status));
  if (reaped > 0 && WIFSIGNALED(status)) how += " on signal " + std::to_string(WTERMSIG(status));
  throw std::runtime_error(last.empty() ? how : how + ": " + last);
}

}  // namespace accellab::kernels
