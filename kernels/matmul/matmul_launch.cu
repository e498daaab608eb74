// matmul on the GPU: the classic shared-memory tiling. A block of 32 x 32 threads computes a
// 32 x 32 tile of C; for each step along k it stages a 32 x 32 tile of A and of B in shared
// memory (one element per thread, coalesced rows), so each element fetched from global memory
// serves 32 multiply-adds instead of one.
#include "cuda/cuda_check.h"
#include "matmul_launch.h"

namespace accellab::kernels::matmul {
namespace {

constexpr unsigned kTile = 32;

template <class T>
__global__ void matmulKernel(const T* __restrict__ a, const T* __restrict__ b, T* __restrict__ c,
                             std::size_t n) {
  __shared__ T tileA[kTile][kTile];
  __shared__ T tileB[kTile][kTile];
  const std::size_t row = std::size_t{blockIdx.y} * kTile + threadIdx.y;
  const std::size_t column = std::size_t{blockIdx.x} * kTile + threadIdx.x;
  T sum = 0;
  for (std::size_t k0 = 0; k0 < n; k0 += kTile) {
    // Outside the matrix a tile holds zeros, which add nothing.
    const std::size_t ka = k0 + threadIdx.x;
    const std::size_t kb = k0 + threadIdx.y;
    tileA[threadIdx.y][threadIdx.x] = row < n && ka < n ? a[row * n + ka] : T(0);
    tileB[threadIdx.y][threadIdx.x] = kb < n && column < n ? b[kb * n + column] : T(0);
    __syncthreads();
    // A warp is one row of threads: tileA[y][k] is a broadcast, tileB[k][x] 32 banks.
    for (unsigned k = 0; k < kTile; ++k)
      sum = fma(tileA[threadIdx.y][k], tileB[k][threadIdx.x], sum);
    __syncthreads();
  }
  if (row < n && column < n) c[row * n + column] = sum;
}

template <class T>
void launch(const T* a, const T* b, T* c, std::size_t n, cudaStream_t stream) {
  const auto tiles = static_cast<unsigned>((n + kTile - 1) / kTile);
  matmulKernel<<<dim3(tiles, tiles), dim3(kTile, kTile), 0, stream>>>(a, b, c, n);
  ACCELLAB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace

void launchMatmul(const float* a, const float* b, float* c, std::size_t n, CUstream_st* stream) {
  launch(a, b, c, n, stream);
}
void launchMatmul(const double* a, const double* b, double* c, std::size_t n, CUstream_st* stream) {
  launch(a, b, c, n, stream);
}

void loadMatmulKernels() {
  cudaFuncAttributes attributes{};
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, matmulKernel<float>));
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, matmulKernel<double>));
}

}  // namespace accellab::kernels::matmul
