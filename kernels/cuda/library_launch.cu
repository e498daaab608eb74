// The gpu-lib variants' device work, done by CUDA's own libraries as a user who writes no
// kernel would: CUB's DeviceTransform for add, CUB's DeviceReduce over the samples' outcomes
// for pi. Both are asynchronous on the given stream, so they time and queue like the
// hand-written kernels.
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_transform.cuh>

#include "cuda_check.h"
#include "launchers.h"
#include "pi/pi_sampler.h"
#include "rounding.cuh"

namespace accellab::kernels::cuda {
namespace {

template <class T>
struct AddNearest {
  T addend;
  __device__ T operator()(T x) const { return addNearest(x, addend); }
};

template <class T>
void transformAdd(const T* in, T* out, std::uint64_t n, T addend, cudaStream_t stream) {
  if (n == 0) return;
  ACCELLAB_CUDA_CHECK(cub::DeviceTransform::Transform(in, out, static_cast<std::int64_t>(n),
                                                      AddNearest<T>{addend}, stream));
}

struct Outside {
  std::uint64_t key;
  __host__ __device__ unsigned long long operator()(std::uint64_t index) const {
    return pi::outside(key, index);
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

void launchAddLibrary(const float* in, float* out, std::uint64_t n, float addend,
                      cudaStream_t stream) {
  transformAdd(in, out, n, addend, stream);
}
void launchAddLibrary(const double* in, double* out, std::uint64_t n, double addend,
                      cudaStream_t stream) {
  transformAdd(in, out, n, addend, stream);
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

}  // namespace accellab::kernels::cuda
