// A child Python process spoken to in lines: its stdin a socket (a write to a child that died
// fails with EPIPE instead of raising SIGPIPE here), its stdout and stderr pipes. The object
// owns the child and its process group: destroying it kills the group and reaps the child, so
// no run leaves a process, a grandchild (a wrapper that forks instead of exec-ing) or a
// zombie. Every wait on the child, writing as reading, is bounded and polls a stop token.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include "unique_fd.h"

namespace accellab::kernels {

// The interpreter the python backend runs: $ACCELLAB_PYTHON, else python3 from PATH.
std::string pythonInterpreter();

class PythonChild {
 public:
  // Starts `interpreter -c script`, with `inherited[i]` as the child's fd 3 + i. Throws
  // std::runtime_error ("python3 not found" when the interpreter is nowhere on PATH).
  PythonChild(const std::string& interpreter, const std::string& script,
              std::span<const int> inherited = {});
  PythonChild(const PythonChild&) = delete;
  PythonChild& operator=(const PythonChild&) = delete;
  ~PythonChild();

  pid_t pid() const { return pid_; }

  // Sends one request line (a newline is added); false when `stop` was requested first (the
  // child is then killed). The child's output is read meanwhile, so a child that writes while
  // we write never deadlocks us. Throws std::runtime_error when the child has gone, when it
  // takes no request for `timeout`, or when it wrote anything before this request (a reply
  // nobody asked for: a protocol violation).
  bool send(const std::string& line, std::stop_token stop, std::chrono::milliseconds timeout);

  // The next line the child writes, without its newline; empty when `stop` was requested or
  // `timeout` passed first, and the child is then killed. Throws std::runtime_error, with
  // what the child wrote on stderr, when it exits first, and when a line grows past
  // kMaxLineBytes without its newline.
  std::optional<std::string> receive(std::stop_token stop, std::chrono::milliseconds timeout);

  // SIGKILL to its process group, and reap; the child is gone when it returns.
  void kill();

  // A reply longer than this is no reply of the protocol's (they are a few hundred bytes).
  static constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

 private:
  [[noreturn]] void exited();
  // Waits up to `wait` for output (and, with `toWrite`, for room in the child's stdin) and
  // reads what came into pending_ or errors_. True when stdin can take more.
  bool pump(std::chrono::milliseconds wait, bool toWrite);
  std::optional<std::string> nextLine();  // a complete line in pending_, taken out

  pid_t pid_ = -1;
  UniqueFd stdin_;
  UniqueFd stdout_;
  UniqueFd stderr_;
  std::string pending_;      // stdout read past the last line returned
  std::size_t scanned_ = 0;  // bytes of pending_ known to hold no newline
  std::string errors_;       // the tail of stderr, for the message when the child fails
};

}  // namespace accellab::kernels
