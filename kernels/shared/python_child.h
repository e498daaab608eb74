// The child Python process of the python variants: a ChildProcess (child_process.h) running
// `interpreter -c script`, its replies on stdout.
#pragma once

#include <span>
#include <string>

#include "accellab/child_process.h"

namespace accellab::kernels {

// The interpreter the python backend runs: $ACCELLAB_PYTHON, else python3 from PATH.
std::string pythonInterpreter();

class PythonChild : public ChildProcess {
 public:
  // `inherited[i]` becomes the child's fd 3 + i. Throws std::runtime_error ("python3 not
  // found" when the interpreter is nowhere on PATH).
  PythonChild(const std::string& interpreter, const std::string& script,
              std::span<const int> inherited = {})
      : ChildProcess(ChildSpec{.argv = {interpreter, "-c", script},
                               .name = "python",
                               .kind = "a Python interpreter",
                               .replyFd = STDOUT_FILENO,
                               .inherited = {inherited.begin(), inherited.end()}}) {}
};

}  // namespace accellab::kernels
