// What this machine's Python offers the python backend's variants.
#pragma once

#include "accellab/kernel.h"

namespace accellab::kernels {

// What this machine's Python offers the variants; asks the interpreter once, without
// importing numba (slow), and never waits more than a few seconds for it.
struct PythonModules {
  Availability python;     // "python3 not found"
  Availability numpy;      // "python3-numpy not installed"
  Availability numba;      // "python3-numba not installed"
  Availability numbaCuda;  // also "no CUDA device"
};
PythonModules probePythonModules();

}  // namespace accellab::kernels
