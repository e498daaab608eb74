// What this machine's Python offers the python backend's variants.
#pragma once

#include "accellab/kernel.h"

namespace accellab::kernels {

// What this machine's Python offers the variants; asks the interpreter once, without
// importing numba (slow), and never waits more than a few seconds for it.
struct PythonModules {
  // "python3 from PATH (/usr/bin/python3, Python 3.11.2): NumPy 1.24.2, Numba 0.56.4, Dask
  // 2022.12.1", or
  // why the interpreter could not be asked: the session's SystemInfo::python.
  std::string summary;
  Availability python;  // "python3 not found"
  // "NumPy is not installed for python3 from PATH (/opt/conda/bin/python3, Python 3.11.4);
  // /usr/bin/python3 (Python 3.11.2) has it: set ACCELLAB_PYTHON=/usr/bin/python3"
  Availability numpy;
  Availability numba;      // as numpy
  Availability numbaCuda;  // also "no CUDA device"
  Availability dask;       // as numpy (dask.array runs on NumPy)
};
PythonModules probePythonModules();

// Why `interpreter` cannot import the top-level `module`, as PythonModules::numpy says it:
// which interpreter (path and version) was tried, whether Debian's has it, how to choose.
std::string missingModule(const std::string& module, const std::string& interpreter);

}  // namespace accellab::kernels
