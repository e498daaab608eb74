// The stencil's CUDA launcher, callable from plain C++ (stencil_launch.cu): it queues on a
// stream of the current device and checks the launch (cuda/cuda_check.h); the stream is CUDA's
// own handle type, named without a CUDA header.
#pragma once

#include <cstdint>

struct CUstream_st;  // cudaStream_t is CUstream_st*

namespace accellab::kernels::stencil {

// One sweep of in into out (stencil_sweep.h), both device arrays of nz x ny x nx points.
// Plain extents, not Shape3: nvcc compiles the .cu side as C++17.
void launchSweep(const float* in, float* out, std::uint64_t nx, std::uint64_t ny, std::uint64_t nz,
                 CUstream_st* stream);
void launchSweep(const double* in, double* out, std::uint64_t nx, std::uint64_t ny,
                 std::uint64_t nz, CUstream_st* stream);
// Loads both sweep kernels on the current device now, before any launch gate (launch_gate.h).
void loadSweepKernels();

}  // namespace accellab::kernels::stencil
