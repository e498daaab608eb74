// The sum on the GPU in two launches and no atomics: each of kReduceBlocks blocks sums a
// grid-stride share of the array per thread, merges its threads in a tree and writes one
// (sum, compensation) pair; one block then merges the pairs in a tree. Every addition is
// compensated (compensated_sum.h), and the order is fixed by the launch shape alone. And the
// same sum through CUB's DeviceReduce (gpu-lib) over (sum, compensation) pairs.
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <cub/device/device_reduce.cuh>

#include "compensated_sum.h"
#include "cuda/cuda_check.h"
#include "reduce_launch.h"

namespace accellab::kernels::reduce {
namespace {

constexpr unsigned kThreads = 256;

// Merges the block's threads' sums in a fixed tree; thread 0 gets the block's sum.
template <class T, unsigned kBlockThreads>
__device__ CompensatedSum<T> mergeBlock(CompensatedSum<T> mine) {
  __shared__ T sums[kBlockThreads];
  __shared__ T compensations[kBlockThreads];
  const unsigned t = threadIdx.x;
  sums[t] = mine.sum;
  compensations[t] = mine.compensation;
  __syncthreads();
  for (unsigned half = kBlockThreads / 2; half > 0; half /= 2) {
    if (t < half) {
      CompensatedSum<T> left{sums[t], compensations[t]};
      left.merge({sums[t + half], compensations[t + half]});
      sums[t] = left.sum;
      compensations[t] = left.compensation;
    }
    __syncthreads();
  }
  return {sums[0], compensations[0]};
}

template <class T>
__global__ void blockSums(const T* __restrict__ x, std::uint64_t n, T* __restrict__ partials) {
  CompensatedSum<T> mine;
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride)
    mine.add(x[i]);
  const CompensatedSum<T> block = mergeBlock<T, kThreads>(mine);
  if (threadIdx.x == 0) {
    partials[2 * blockIdx.x] = block.sum;
    partials[2 * blockIdx.x + 1] = block.compensation;
  }
}

// One block of kReduceBlocks threads, one pair each.
template <class T>
__global__ void finalSum(const T* __restrict__ partials, T* __restrict__ sum) {
  const unsigned t = threadIdx.x;
  const CompensatedSum<T> total =
      mergeBlock<T, kReduceBlocks>({partials[2 * t], partials[2 * t + 1]});
  if (t == 0) *sum = total.value();
}

template <class T>
void launch(const T* x, std::uint64_t n, T* partials, T* sum, cudaStream_t stream) {
  blockSums<<<kReduceBlocks, kThreads, 0, stream>>>(x, n, partials);
  ACCELLAB_CUDA_CHECK(cudaGetLastError());
  finalSum<<<1, kReduceBlocks, 0, stream>>>(partials, sum);
  ACCELLAB_CUDA_CHECK(cudaGetLastError());
}

// CUB reduces pairs: each value enters as (x, 0), two pairs merge as compensated_sum.h merges
// them, and the result is written as its value. The merge order is CUB's, so the result is
// within the compensated tolerance, not bit-identical to the own kernels'.
template <class T>
struct ToPair {
  __host__ __device__ CompensatedSum<T> operator()(T x) const { return {x, T(0)}; }
};

template <class T>
struct MergePairs {
  __host__ __device__ CompensatedSum<T> operator()(CompensatedSum<T> a,
                                                   const CompensatedSum<T>& b) const {
    a.merge(b);
    return a;
  }
};

template <class T>
struct PairValue {
  __host__ __device__ T operator()(const CompensatedSum<T>& pair) const { return pair.value(); }
};

template <class T>
cudaError_t reduceLibrary(void* temp, std::size_t& tempBytes, const T* x, std::uint64_t n, T* sum,
                          cudaStream_t stream) {
  const thrust::transform_iterator<ToPair<T>, const T*> pairs(x, ToPair<T>{});
  const thrust::transform_output_iterator<PairValue<T>, T*> out(sum, PairValue<T>{});
  return cub::DeviceReduce::Reduce(temp, tempBytes, pairs, out, static_cast<std::int64_t>(n),
                                   MergePairs<T>{}, CompensatedSum<T>{}, stream);
}

template <class T>
std::size_t libraryTempBytes(std::uint64_t n) {
  std::size_t bytes = 0;
  ACCELLAB_CUDA_CHECK(reduceLibrary<T>(nullptr, bytes, nullptr, n, nullptr, nullptr));
  return bytes;
}

template <class T>
void launchLibrary(const T* x, std::uint64_t n, T* sum, void* temp, std::size_t tempBytes,
                   cudaStream_t stream) {
  ACCELLAB_CUDA_CHECK(reduceLibrary(temp, tempBytes, x, n, sum, stream));
}

}  // namespace

std::size_t reduceLibraryTempBytes(const float*, std::uint64_t n) {
  return libraryTempBytes<float>(n);
}
std::size_t reduceLibraryTempBytes(const double*, std::uint64_t n) {
  return libraryTempBytes<double>(n);
}

void launchReduceLibrary(const float* x, std::uint64_t n, float*, float* sum, void* temp,
                         std::size_t tempBytes, cudaStream_t stream) {
  launchLibrary(x, n, sum, temp, tempBytes, stream);
}
void launchReduceLibrary(const double* x, std::uint64_t n, double*, double* sum, void* temp,
                         std::size_t tempBytes, cudaStream_t stream) {
  launchLibrary(x, n, sum, temp, tempBytes, stream);
}

void launchReduce(const float* x, std::uint64_t n, float* partials, float* sum,
                  cudaStream_t stream) {
  launch(x, n, partials, sum, stream);
}
void launchReduce(const double* x, std::uint64_t n, double* partials, double* sum,
                  cudaStream_t stream) {
  launch(x, n, partials, sum, stream);
}

void loadReduceKernels() {
  cudaFuncAttributes attributes{};
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, blockSums<float>));
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, blockSums<double>));
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, finalSum<float>));
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, finalSum<double>));
}

}  // namespace accellab::kernels::reduce
