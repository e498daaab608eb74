// add's python backend: the tutorial's own Python, NumPy and Numba code as variants.
#pragma once

#include <vector>

#include "table/kernel_table.h"

namespace accellab::kernels::add {

// The rows add's table lists after its C++ variants.
std::vector<VariantRow> pythonRows();
// A function of a user's Python file on add's arrays (KernelTable::preparePython).
std::unique_ptr<KernelRun> preparePythonFunction(const RunRequest& request,
                                                 const PythonFunction& function);

}  // namespace accellab::kernels::add
