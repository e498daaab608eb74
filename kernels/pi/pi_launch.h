// pi's CUDA launchers, callable from plain C++ (pi_launch.cu): each queues on a stream of the
// current device and checks the launch (cuda/cuda_check.h). The stream is CUDA's cudaStream_t,
// spelled without a CUDA header.
#pragma once

#include <cstddef>
#include <cstdint>

struct CUstream_st;  // cudaStream_t is CUstream_st*

namespace accellab::kernels::pi {

// Blocks per launch of launchCountOutside that fill the current device.
int countOutsideBlocks();
// Adds to *count the samples [begin, end) of pi stream `key` outside the quarter circle.
void launchCountOutside(std::uint64_t key, std::uint64_t begin, std::uint64_t end, int blocks,
                        unsigned long long* count, CUstream_st* stream);
// Loads the kernel on the current device now, before any launch gate (cuda/launch_gate.h);
// throws CudaError when this build holds no code the device can run.
void loadCountOutsideKernel();

// The same through CUB's DeviceReduce (the gpu-lib variant): sums the outcomes of [begin, end)
// into *partial, then adds *partial to *total. `temp` holds countOutsideLibraryTempBytes of the
// largest range launched. Its kernels load at the first call: make one before any launch gate.
std::size_t countOutsideLibraryTempBytes(std::uint64_t samples);
void launchCountOutsideLibrary(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                               void* temp, std::size_t tempBytes, unsigned long long* partial,
                               unsigned long long* total, CUstream_st* stream);

}  // namespace accellab::kernels::pi
