// The FMA kernels behind each GPU's compute ceilings: independent chains in registers, so
// the loop is bound by the FMA units alone (no memory access until the last store).
#include "cuda_check.h"
#include "launchers.h"
#include "occupancy.h"

namespace accellab::kernels::cuda {
namespace {

constexpr int kThreads = 256;
// With a full device of resident warps, 8 chains per thread cover the FMA latency.
constexpr int kChains = 8;

// As on the host (probe/fma_chains.h): every chain converges to a / (1 - m) = 250, finite,
// normal, and no chain starts there.
template <class T>
__global__ void __launch_bounds__(kThreads) fmaKernel(T* __restrict__ out, std::uint64_t steps) {
  const T m = T(0.999);
  const T a = T(0.25);
  T acc[kChains];
#pragma unroll
  for (int k = 0; k < kChains; ++k) acc[k] = T(threadIdx.x + k);
  for (std::uint64_t step = 0; step < steps; ++step) {
#pragma unroll
    for (int k = 0; k < kChains; ++k) acc[k] = fma(acc[k], m, a);
  }
  T sum = 0;
#pragma unroll
  for (int k = 0; k < kChains; ++k) sum += acc[k];
  out[std::uint64_t{blockIdx.x} * kThreads + threadIdx.x] = sum;
}

template <class T>
double launch(T* out, std::uint64_t steps, int blocks, cudaStream_t stream) {
  fmaKernel<T><<<blocks, kThreads, 0, stream>>>(out, steps);
  ACCELLAB_CUDA_CHECK(cudaGetLastError());
  return 2.0 * kChains * static_cast<double>(steps) * blocks * kThreads;
}

}  // namespace

int fmaThreads() { return kThreads; }

template <class T>
int fmaBlocks() {
  return blocksFillingDevice(fmaKernel<T>, kThreads);
}
template int fmaBlocks<float>();
template int fmaBlocks<double>();

double launchFmaChains(float* out, std::uint64_t steps, int blocks, cudaStream_t stream) {
  return launch(out, steps, blocks, stream);
}
double launchFmaChains(double* out, std::uint64_t steps, int blocks, cudaStream_t stream) {
  return launch(out, steps, blocks, stream);
}

void loadFmaKernels() {
  cudaFuncAttributes attributes{};
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, fmaKernel<float>));
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, fmaKernel<double>));
}

}  // namespace accellab::kernels::cuda
