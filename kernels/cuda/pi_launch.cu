// The pi kernel on the GPU: grid-stride over the samples with the shared generator, per-thread
// counts, a warp-shuffle and shared-memory block reduction, one atomicAdd per block.
#include "cuda_check.h"
#include "launchers.h"
#include "occupancy.h"
#include "pi/pi_sampler.h"

namespace accellab::kernels::cuda {
namespace {

constexpr int kThreads = 256;
constexpr int kWarp = 32;

__device__ unsigned long long warpSum(unsigned long long value) {
  for (int offset = kWarp / 2; offset > 0; offset /= 2) {
    value += __shfl_down_sync(0xFFFFFFFFu, value, offset);
  }
  return value;
}

__global__ void __launch_bounds__(kThreads)
    countOutsideKernel(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                       unsigned long long* total) {
  unsigned long long count = 0;
  const std::uint64_t stride = std::uint64_t{gridDim.x} * kThreads;
  for (std::uint64_t i = begin + std::uint64_t{blockIdx.x} * kThreads + threadIdx.x; i < end;
       i += stride) {
    count += pi::outside(key, i);
  }
  __shared__ unsigned long long warpCounts[kThreads / kWarp];
  const unsigned lane = threadIdx.x % kWarp;
  const unsigned warp = threadIdx.x / kWarp;
  count = warpSum(count);
  if (lane == 0) warpCounts[warp] = count;
  __syncthreads();
  if (warp == 0) {
    count = warpSum(lane < kThreads / kWarp ? warpCounts[lane] : 0);
    if (lane == 0 && count != 0) atomicAdd(total, count);
  }
}

}  // namespace

int countOutsideBlocks() { return blocksFillingDevice(countOutsideKernel, kThreads); }

void launchCountOutside(std::uint64_t key, std::uint64_t begin, std::uint64_t end, int blocks,
                        unsigned long long* count, cudaStream_t stream) {
  if (begin >= end) return;
  countOutsideKernel<<<blocks, kThreads, 0, stream>>>(key, begin, end, count);
  ACCELLAB_CUDA_CHECK(cudaGetLastError());
}

void loadCountOutsideKernel() {
  cudaFuncAttributes attributes{};
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, countOutsideKernel));
}

}  // namespace accellab::kernels::cuda
