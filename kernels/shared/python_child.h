// A child Python process spoken to in lines: its stdin a socket (a write to a child that died
// fails with EPIPE instead of raising SIGPIPE here), its stdout and stderr pipes. The object
// owns the child: destroying it kills and reaps it, so no run leaves a process or a zombie.
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

  // Sends one line (a newline is added). Throws when the child has gone.
  void send(const std::string& line);

  // The next line the child writes, without its newline; empty when `stop` was requested or
  // `timeout` passed first, and the child is then killed. Throws std::runtime_error, with
  // what the child wrote on stderr, when it exits first.
  std::optional<std::string> receive(std::stop_token stop, std::chrono::milliseconds timeout);

  // SIGKILL and reap; the child is gone when it returns.
  void kill();

 private:
  [[noreturn]] void exited();

  pid_t pid_ = -1;
  UniqueFd stdin_;
  UniqueFd stdout_;
  UniqueFd stderr_;
  std::string pending_;  // stdout read past the last line returned
  std::string errors_;   // the tail of stderr, for the message when the child fails
};

}  // namespace accellab::kernels
