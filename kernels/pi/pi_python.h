// pi's python backend: the tutorial's own Python, NumPy and Numba code as variants.
#pragma once

#include <vector>

#include "table/kernel_table.h"

namespace accellab::kernels::pi {

// The rows pi's table lists after its C++ variants.
std::vector<VariantRow> pythonRows();

}  // namespace accellab::kernels::pi
