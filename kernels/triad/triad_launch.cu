// The triad on the GPU: a grid-stride loop, one round-to-nearest fma per element; and the same
// through CUB's DeviceTransform (gpu-lib).
#include <cub/device/device_transform.cuh>

#include <algorithm>

#include "cuda/cuda_check.h"
#include "triad_launch.h"

namespace accellab::kernels::triad {
namespace {

constexpr unsigned kThreads = 256;
constexpr std::uint64_t kMaxBlocks = 65536;

// The intrinsics say exactly which operation runs: one rounding, whatever --fmad says.
__device__ inline float fmaNearest(float x, float y, float z) { return __fmaf_rn(x, y, z); }
__device__ inline double fmaNearest(double x, double y, double z) { return __fma_rn(x, y, z); }

template <class T>
__global__ void triadKernel(const T* __restrict__ b, const T* __restrict__ c, T* __restrict__ a,
                            std::uint64_t n, T scale) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride)
    a[i] = fmaNearest(scale, c[i], b[i]);
}

template <class T>
void launch(const T* b, const T* c, T* a, std::uint64_t n, T scale, cudaStream_t stream) {
  if (n == 0) return;
  const auto blocks = static_cast<unsigned>(std::min(kMaxBlocks, (n + kThreads - 1) / kThreads));
  triadKernel<<<blocks, kThreads, 0, stream>>>(b, c, a, n, scale);
  ACCELLAB_CUDA_CHECK(cudaGetLastError());
}

// One element of the triad as CUB's DeviceTransform calls it, with b[i] and c[i].
template <class T>
struct TriadOp {
  T scale;
  __device__ T operator()(T b, T c) const { return fmaNearest(scale, c, b); }
};

template <class T>
void launchLibrary(const T* b, const T* c, T* a, std::uint64_t n, T scale, cudaStream_t stream) {
  if (n == 0) return;
  ACCELLAB_CUDA_CHECK(cub::DeviceTransform::Transform(
      ::cuda::std::make_tuple(b, c), a, static_cast<std::int64_t>(n), TriadOp<T>{scale}, stream));
}

}  // namespace

void launchTriadLibrary(const float* b, const float* c, float* a, std::uint64_t n, float scale,
                        cudaStream_t stream) {
  launchLibrary(b, c, a, n, scale, stream);
}
void launchTriadLibrary(const double* b, const double* c, double* a, std::uint64_t n, double scale,
                        cudaStream_t stream) {
  launchLibrary(b, c, a, n, scale, stream);
}

void launchTriad(const float* b, const float* c, float* a, std::uint64_t n, float scale,
                 cudaStream_t stream) {
  launch(b, c, a, n, scale, stream);
}
void launchTriad(const double* b, const double* c, double* a, std::uint64_t n, double scale,
                 cudaStream_t stream) {
  launch(b, c, a, n, scale, stream);
}

void loadTriadKernels() {
  cudaFuncAttributes attributes{};
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, triadKernel<float>));
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, triadKernel<double>));
}

}  // namespace accellab::kernels::triad
