#include "python_child.h"

#include <cstdlib>

namespace accellab::kernels {

std::string pythonInterpreter() {
  const char* chosen = std::getenv("ACCELLAB_PYTHON");
  return chosen != nullptr && *chosen != '\0' ? chosen : "python3";
}

}  // namespace accellab::kernels
