// The child Python process of the python variants: a ChildProcess (child_process.h) running
// `interpreter -c script`, its replies on stdout.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "accellab/child_process.h"

namespace accellab::kernels {

// The interpreter the python backend runs: $ACCELLAB_PYTHON, else python3 from PATH.
std::string pythonInterpreter();

class PythonChild : public ChildProcess {
 public:
  // `inherited[i]` becomes the child's fd 3 + i; `arguments` the script's sys.argv[1:]. Throws
  // std::runtime_error ("python3 not found" when the interpreter is nowhere on PATH).
  PythonChild(const std::string& interpreter, const std::string& script,
              std::span<const int> inherited = {}, std::vector<std::string> arguments = {})
      : ChildProcess(ChildSpec{.argv = argvOf(interpreter, script, std::move(arguments)),
                               .name = "python",
                               .kind = "a Python interpreter",
                               .replyFd = STDOUT_FILENO,
                               .inherited = {inherited.begin(), inherited.end()}}) {}

 private:
  static std::vector<std::string> argvOf(const std::string& interpreter, const std::string& script,
                                         std::vector<std::string> arguments) {
    arguments.insert(arguments.begin(), {interpreter, "-c", script});
    return arguments;
  }
};

}  // namespace accellab::kernels
