// The device-to-device copy kernel behind each GPU's bandwidth ceiling: a grid-stride loop of
// 16-byte loads and stores, the widest a thread issues, so the loop is bound by memory alone.
#include "cuda_check.h"
#include "launchers.h"
#include "occupancy.h"

namespace accellab::kernels::cuda {
namespace {

constexpr int kThreads = 256;

__global__ void __launch_bounds__(kThreads)
    copyKernel(const uint4* __restrict__ from, uint4* __restrict__ to, std::uint64_t n) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * kThreads;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * kThreads + threadIdx.x; i < n; i += stride) {
    to[i] = from[i];
  }
}

}  // namespace

int copyBlocks() { return blocksFillingDevice(copyKernel, kThreads); }

void launchCopy(const void* from, void* to, std::uint64_t bytes, int blocks, cudaStream_t stream) {
  const std::uint64_t n = bytes / sizeof(uint4);
  if (n == 0) return;
  copyKernel<<<blocks, kThreads, 0, stream>>>(static_cast<const uint4*>(from),
                                              static_cast<uint4*>(to), n);
  ACCELLAB_CUDA_CHECK(cudaGetLastError());
}

void loadCopyKernel() {
  cudaFuncAttributes attributes{};
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, copyKernel));
}

}  // namespace accellab::kernels::cuda
