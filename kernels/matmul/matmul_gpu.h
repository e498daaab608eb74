// The gpu variant of matmul as plain C++: no CUDA header. In matmul_cuda.cpp, built only with
// CUDA.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "accellab/kernel.h"
#include "cuda/gpu.h"

namespace accellab::kernels::matmul {

// On `device`: A and B copied in from pinned memory, the tiled kernel, C copied back, each
// timed by device events. Throws std::runtime_error (with CUDA's error text) when the device
// refuses.
// code: AccelLab's tiled kernel (gpu) or cuBLAS's gemm (gpu-lib); the same buffers, copies and
// timing either way.
std::unique_ptr<KernelRun> prepareGpu(int device, std::size_t n, DType dtype, std::uint64_t seed,
                                      gpu::DeviceCode code);

}  // namespace accellab::kernels::matmul
