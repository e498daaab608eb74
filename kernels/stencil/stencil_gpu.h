// The gpu variant of the stencil, as plain C++ (stencil_cuda.cpp; built only with CUDA).
#pragma once

#include <memory>

#include "table/kernel_table.h"

namespace accellab::kernels::stencil {

// Runs on request.gpuDevice; throws std::runtime_error (with CUDA's error text) when the
// device refuses.
std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request);

}  // namespace accellab::kernels::stencil
