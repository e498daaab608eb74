// The triad's CUDA launchers, callable from plain C++ (triad_launch.cu): each queues on a stream
// of the current device and checks the launch (cuda/cuda_check.h). The stream is CUDA's
// cudaStream_t, spelled without a CUDA header.
#pragma once

#include <cstdint>

struct CUstream_st;  // cudaStream_t is CUstream_st*

namespace accellab::kernels::triad {

// a[i] = fma(scale, c[i], b[i]) for i < n: one rounding, as an FMA CPU.
void launchTriad(const float* b, const float* c, float* a, std::uint64_t n, float scale,
                 CUstream_st* stream);
void launchTriad(const double* b, const double* c, double* a, std::uint64_t n, double scale,
                 CUstream_st* stream);
// Loads both triad kernels on the current device now, before any launch gate
// (cuda/launch_gate.h); throws CudaError when this build holds no code the device can run.
void loadTriadKernels();
// The same through CUB's DeviceTransform (gpu-lib). Its kernels load at the first call: make
// one (n = 1) before any launch gate.
void launchTriadLibrary(const float* b, const float* c, float* a, std::uint64_t n, float scale,
                        CUstream_st* stream);
void launchTriadLibrary(const double* b, const double* c, double* a, std::uint64_t n, double scale,
                        CUstream_st* stream);

}  // namespace accellab::kernels::triad
