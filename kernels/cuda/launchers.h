// The CUDA kernels' launchers, callable from plain C++: each queues its kernel on the given
// stream of the current device and checks the launch (cuda_check.h). No CUDA type but the
// stream handle crosses this header.
//
// The load functions load a file's kernels on the current device now rather than at their
// first launch, which may then sit behind a closed launch gate (launch_gate.h); they throw
// CudaError with cudaErrorNoKernelImageForDevice (or cudaErrorInvalidDeviceFunction) when this
// build holds no code the device can run.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace accellab::kernels::cuda {

// out[i] = in[i] + addend for i < n, rounded to nearest as on the CPU (no contraction).
void launchAdd(const float* in, float* out, std::uint64_t n, float addend, cudaStream_t stream);
void launchAdd(const double* in, double* out, std::uint64_t n, double addend, cudaStream_t stream);
void loadAddKernels();

// The same through CUB's DeviceTransform (the gpu-lib variant). Its kernels load at the first
// call: make one (n = 1) before any launch gate.
void launchAddLibrary(const float* in, float* out, std::uint64_t n, float addend,
                      cudaStream_t stream);
void launchAddLibrary(const double* in, double* out, std::uint64_t n, double addend,
                      cudaStream_t stream);

// Blocks per launch of launchCountOutside that fill the current device.
int countOutsideBlocks();
// Adds to *count the samples [begin, end) of pi stream `key` outside the quarter circle.
void launchCountOutside(std::uint64_t key, std::uint64_t begin, std::uint64_t end, int blocks,
                        unsigned long long* count, cudaStream_t stream);
void loadCountOutsideKernel();
// The same through CUB's DeviceReduce (the gpu-lib variant): sums the outcomes of [begin, end)
// into *partial, then adds *partial to *total. `temp` holds countOutsideLibraryTempBytes of the
// largest range launched. Its kernels load at the first call: make one before any launch gate.
std::size_t countOutsideLibraryTempBytes(std::uint64_t samples);
void launchCountOutsideLibrary(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                               void* temp, std::size_t tempBytes, unsigned long long* partial,
                               unsigned long long* total, cudaStream_t stream);

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

// a[i] = fma(scale, c[i], b[i]) for i < n (kernels/triad/): one rounding, as an FMA CPU.
void launchTriad(const float* b, const float* c, float* a, std::uint64_t n, float scale,
                 cudaStream_t stream);
void launchTriad(const double* b, const double* c, double* a, std::uint64_t n, double scale,
                 cudaStream_t stream);
void loadTriadKernels();
// The same through CUB's DeviceTransform (gpu-lib). Its kernels load at the first call: make
// one (n = 1) before any launch gate.
void launchTriadLibrary(const float* b, const float* c, float* a, std::uint64_t n, float scale,
                        cudaStream_t stream);
void launchTriadLibrary(const double* b, const double* c, double* a, std::uint64_t n, double scale,
                        cudaStream_t stream);

// *sum = x[0] + ... + x[n-1], compensated (kernels/reduce/): kReduceBlocks blocks each
// leave a (sum, compensation) pair in `partials` (2 * kReduceBlocks values), and one block
// merges them in a fixed tree. No atomics: the same input gives the same bits on any device.
inline constexpr unsigned kReduceBlocks = 1024;
void launchReduce(const float* x, std::uint64_t n, float* partials, float* sum,
                  cudaStream_t stream);
void launchReduce(const double* x, std::uint64_t n, double* partials, double* sum,
                  cudaStream_t stream);
void loadReduceKernels();
// The same through CUB's DeviceReduce (gpu-lib), over (sum, compensation) pairs merged as
// compensated_sum.h merges them; `temp` holds reduceLibraryTempBytes(n) bytes and `partials`
// is unused. Its kernels load at the first call: make one before any launch gate.
std::size_t reduceLibraryTempBytes(const float*, std::uint64_t n);
std::size_t reduceLibraryTempBytes(const double*, std::uint64_t n);
void launchReduceLibrary(const float* x, std::uint64_t n, float* partials, float* sum, void* temp,
                         std::size_t tempBytes, cudaStream_t stream);
void launchReduceLibrary(const double* x, std::uint64_t n, double* partials, double* sum,
                         void* temp, std::size_t tempBytes, cudaStream_t stream);

// The launch gate's kernel (launch_gate.h): one thread that returns once flags[0] is non-zero,
// or sets flags[1] and returns once timeoutNs have passed. `flags` is the device's address of
// mapped host memory.
void launchGate(unsigned* flags, std::uint64_t timeoutNs, cudaStream_t stream);
void loadGateKernel();

}  // namespace accellab::kernels::cuda
