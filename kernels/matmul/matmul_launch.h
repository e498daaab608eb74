// The launcher of matmul's CUDA kernel, callable from plain C++ (matmul_cuda.cpp). The stream
// is CUDA's cudaStream_t, spelled without a CUDA header.
#pragma once

#include <cstddef>

struct CUstream_st;

namespace accellab::kernels::matmul {

// Queues C = A * B (n x n, row-major, device pointers) on `stream` of the current device and
// checks the launch.
void launchMatmul(const float* a, const float* b, float* c, std::size_t n, CUstream_st* stream);
void launchMatmul(const double* a, const double* b, double* c, std::size_t n, CUstream_st* stream);
// Loads the kernels on the current device before any launch gate (cuda/launch_gate.h says why).
void loadMatmulKernels();

}  // namespace accellab::kernels::matmul
