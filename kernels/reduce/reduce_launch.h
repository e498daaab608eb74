// reduce's CUDA launchers, callable from plain C++ (reduce_launch.cu): each queues on a stream
// of the current device and checks the launch (cuda/cuda_check.h). The stream is CUDA's
// cudaStream_t, spelled without a CUDA header.
#pragma once

#include <cstddef>
#include <cstdint>

struct CUstream_st;  // cudaStream_t is CUstream_st*

namespace accellab::kernels::reduce {

// *sum = x[0] + ... + x[n-1], compensated: kReduceBlocks blocks each leave a (sum,
// compensation) pair in `partials` (2 * kReduceBlocks values), and one block merges them in a
// fixed tree. No atomics: the same input gives the same bits on any device.
inline constexpr unsigned kReduceBlocks = 1024;
void launchReduce(const float* x, std::uint64_t n, float* partials, float* sum,
                  CUstream_st* stream);
void launchReduce(const double* x, std::uint64_t n, double* partials, double* sum,
                  CUstream_st* stream);
// Loads the kernels on the current device now, before any launch gate (cuda/launch_gate.h);
// throws CudaError when this build holds no code the device can run.
void loadReduceKernels();
// The same through CUB's DeviceReduce (gpu-lib), over (sum, compensation) pairs merged as
// compensated_sum.h merges them; `temp` holds reduceLibraryTempBytes(n) bytes and `partials`
// is unused. Its kernels load at the first call: make one before any launch gate.
std::size_t reduceLibraryTempBytes(const float*, std::uint64_t n);
std::size_t reduceLibraryTempBytes(const double*, std::uint64_t n);
void launchReduceLibrary(const float* x, std::uint64_t n, float* partials, float* sum, void* temp,
                         std::size_t tempBytes, CUstream_st* stream);
void launchReduceLibrary(const double* x, std::uint64_t n, double* partials, double* sum,
                         void* temp, std::size_t tempBytes, CUstream_st* stream);

}  // namespace accellab::kernels::reduce
