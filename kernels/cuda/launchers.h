// The launchers of the shared CUDA infrastructure, callable from plain C++: the device probes'
// copy and FMA kernels and the launch gate's. Each queues its kernel on the given stream of
// the current device and checks the launch (cuda_check.h). No CUDA type but the stream handle
// crosses this header. A kernel's own launchers live in its folder (kernels/<name>/
// <name>_launch.h).
//
// The load functions load a file's kernels on the current device now rather than at their
// first launch, which may then sit behind a closed launch gate (launch_gate.h); they throw
// CudaError with cudaErrorNoKernelImageForDevice (or cudaErrorInvalidDeviceFunction) when this
// build holds no code the device can run.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace accellab::kernels::cuda {

// Blocks per launch of launchCopy that fill the current device.
int copyBlocks();
// Copies `bytes` (a multiple of 16, both pointers 16-byte aligned, as cudaMalloc's are) from
// device to device with a kernel: the rate of the memory itself, no copy engine involved.
void launchCopy(const void* from, void* to, std::uint64_t bytes, int blocks, cudaStream_t stream);
void loadCopyKernel();

// Threads per block of launchFmaChains, and the blocks of its T (float or double) kernel that
// fill the current device.
int fmaThreads();
template <class T>
int fmaBlocks();
// kFmaChains independent chains acc = fma(acc, m, a), each `steps` long, on blocks x
// fmaThreads() threads; each thread writes its sum to out[its index], so none is optimised
// away. Returns the FLOPs it queues (2 per FMA).
double launchFmaChains(float* out, std::uint64_t steps, int blocks, cudaStream_t stream);
double launchFmaChains(double* out, std::uint64_t steps, int blocks, cudaStream_t stream);
void loadFmaKernels();

// The launch gate's kernel (launch_gate.h): one thread that returns once flags[0] is non-zero,
// or sets flags[1] and returns once timeoutNs have passed. `flags` is the device's address of
// mapped host memory.
void launchGate(unsigned* flags, std::uint64_t timeoutNs, cudaStream_t stream);
void loadGateKernel();

}  // namespace accellab::kernels::cuda
