// The add kernel on the GPU: a grid-stride loop, one IEEE addition per element; and the same
// through CUB's DeviceTransform (gpu-lib), as a user who writes no kernel would.
#include <algorithm>
#include <cub/device/device_transform.cuh>

#include "add_launch.h"
#include "cuda/cuda_check.h"

namespace accellab::kernels::add {
namespace {

constexpr unsigned kThreads = 256;
constexpr std::uint64_t kMaxBlocks = 65536;

// The round-to-nearest intrinsics say exactly which operation runs: bit-identical to the
// CPU's IEEE addition, whatever the compiler would contract.
__device__ inline float addNearest(float a, float b) { return __fadd_rn(a, b); }
__device__ inline double addNearest(double a, double b) { return __dadd_rn(a, b); }

template <class T>
__global__ void addKernel(const T* __restrict__ in, T* __restrict__ out, std::uint64_t n,
                          T addend) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride) {
    out[i] = addNearest(in[i], addend);
  }
}

template <class T>
void launch(const T* in, T* out, std::uint64_t n, T addend, cudaStream_t stream) {
  if (n == 0) return;
  const auto blocks = static_cast<unsigned>(std::min(kMaxBlocks, (n + kThreads - 1) / kThreads));
  addKernel<<<blocks, kThreads, 0, stream>>>(in, out, n, addend);
  ACCELLAB_CUDA_CHECK(cudaGetLastError());
}

template <class T>
struct AddNearest {
  T addend;
  __device__ T operator()(T x) const { return addNearest(x, addend); }
};

template <class T>
void launchLibrary(const T* in, T* out, std::uint64_t n, T addend, cudaStream_t stream) {
  if (n == 0) return;
  ACCELLAB_CUDA_CHECK(cub::DeviceTransform::Transform(in, out, static_cast<std::int64_t>(n),
                                                      AddNearest<T>{addend}, stream));
}

}  // namespace

void launchAdd(const float* in, float* out, std::uint64_t n, float addend, cudaStream_t stream) {
  launch(in, out, n, addend, stream);
}
void launchAdd(const double* in, double* out, std::uint64_t n, double addend, cudaStream_t stream) {
  launch(in, out, n, addend, stream);
}

void loadAddKernels() {
  cudaFuncAttributes attributes{};
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, addKernel<float>));
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, addKernel<double>));
}

void launchAddLibrary(const float* in, float* out, std::uint64_t n, float addend,
                      cudaStream_t stream) {
  launchLibrary(in, out, n, addend, stream);
}
void launchAddLibrary(const double* in, double* out, std::uint64_t n, double addend,
                      cudaStream_t stream) {
  launchLibrary(in, out, n, addend, stream);
}

}  // namespace accellab::kernels::add
