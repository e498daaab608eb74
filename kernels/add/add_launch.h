// add's CUDA launchers, callable from plain C++ (add_launch.cu): each queues on a stream of the
// current device and checks the launch (cuda/cuda_check.h). The stream is CUDA's cudaStream_t,
// spelled without a CUDA header.
#pragma once

#include <cstdint>

struct CUstream_st;  // cudaStream_t is CUstream_st*

namespace accellab::kernels::add {

// out[i] = in[i] + addend for i < n, rounded to nearest as on the CPU (no contraction).
void launchAdd(const float* in, float* out, std::uint64_t n, float addend, CUstream_st* stream);
void launchAdd(const double* in, double* out, std::uint64_t n, double addend, CUstream_st* stream);
// Loads both add kernels on the current device now, before any launch gate (cuda/launch_gate.h);
// throws CudaError when this build holds no code the device can run.
void loadAddKernels();

// The same through CUB's DeviceTransform (the gpu-lib variant). Its kernels load at the first
// call: make one (n = 1) before any launch gate.
void launchAddLibrary(const float* in, float* out, std::uint64_t n, float addend,
                      CUstream_st* stream);
void launchAddLibrary(const double* in, double* out, std::uint64_t n, double addend,
                      CUstream_st* stream);

}  // namespace accellab::kernels::add
