// The add kernel on the GPU: a grid-stride loop, one IEEE addition per element.
#include <algorithm>

#include "cuda_check.h"
#include "launchers.h"
#include "rounding.cuh"

namespace accellab::kernels::cuda {
namespace {

constexpr unsigned kThreads = 256;
constexpr std::uint64_t kMaxBlocks = 65536;

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

}  // namespace accellab::kernels::cuda
