// The pi kernel on the GPU: grid-stride over the samples with the shared generator, per-thread
// counts, a warp-shuffle and shared-memory block reduction, one atomicAdd per block; and the
// same count through CUB's DeviceReduce over the samples' outcomes (gpu-lib), as a user who
// writes no kernel would.
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cub/device/device_reduce.cuh>

#include "cuda/cuda_check.h"
#include "cuda/occupancy.h"
#include "pi_launch.h"
#include "pi_sampler.h"

namespace accellab::kernels::pi {
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
    count += outside(key, i);
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

struct Outside {
  std::uint64_t key;
  __host__ __device__ unsigned long long operator()(std::uint64_t index) const {
    return outside(key, index);
  }
};

using Outcomes = thrust::transform_iterator<Outside, thrust::counting_iterator<std::uint64_t>>;

Outcomes outcomes(std::uint64_t key, std::uint64_t begin) {
  return Outcomes(thrust::counting_iterator<std::uint64_t>(begin), Outside{key});
}

__global__ void accumulateKernel(const unsigned long long* partial, unsigned long long* total) {
  *total += *partial;
}

}  // namespace

int countOutsideBlocks() { return cuda::blocksFillingDevice(countOutsideKernel, kThreads); }

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

std::size_t countOutsideLibraryTempBytes(std::uint64_t samples) {
  std::size_t bytes = 0;
  ACCELLAB_CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, bytes, outcomes(0, 0),
                                             static_cast<unsigned long long*>(nullptr),
                                             static_cast<std::int64_t>(samples)));
  return bytes;
}

void launchCountOutsideLibrary(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                               void* temp, std::size_t tempBytes, unsigned long long* partial,
                               unsigned long long* total, cudaStream_t stream) {
  if (begin >= end) return;
  ACCELLAB_CUDA_CHECK(cub::DeviceReduce::Sum(temp, tempBytes, outcomes(key, begin), partial,
                                             static_cast<std::int64_t>(end - begin), stream));
  // Stream order: the next launch's sum waits for this addition, so one partial suffices.
  accumulateKernel<<<1, 1, 0, stream>>>(partial, total);
  ACCELLAB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace accellab::kernels::pi
