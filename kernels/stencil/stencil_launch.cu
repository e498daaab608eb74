// The stencil on the GPU: a 2-D tile of threads, one per (x, y) column, marching in z
// through a run of planes. Each thread keeps its column's planes z - 1, z and z + 1 in
// registers, so every input element is loaded once from memory for its z neighbours; the
// x and y neighbours are the neighbouring threads' centres, loaded through the read-only
// cache, where the tile's own loads of the same plane have just put them.
#include <algorithm>
#include <cstdint>

#include "cuda/cuda_check.h"
#include "stencil_coefficients.h"
#include "stencil_launch.h"

namespace accellab::kernels::stencil {
namespace {

// 32 threads along x: a warp reads one 128- or 256-byte row piece, coalesced.
constexpr unsigned kTileX = 32;
constexpr unsigned kTileY = 8;
// Planes per block: long enough that re-reading the plane below the first costs 1/32 more,
// short enough that a 512^3 grid gives thousands of blocks to fill every SM.
constexpr std::uint64_t kPlanesPerBlock = 32;
// The grid's y and z extents are limited to 65535; larger grids loop over their tiles.
constexpr std::uint64_t kMaxGridYZ = 65535;

template <class T>
__global__ void sweepKernel(const T* __restrict__ in, T* __restrict__ out, std::uint64_t nx,
                            std::uint64_t ny, std::uint64_t nz, T centre, T neighbour) {
  const std::uint64_t x = std::uint64_t{blockIdx.x} * kTileX + threadIdx.x;
  if (x >= nx) return;
  const std::uint64_t plane = nx * ny;
  const std::uint64_t yTiles = (ny + kTileY - 1) / kTileY;
  const std::uint64_t zRuns = (nz + kPlanesPerBlock - 1) / kPlanesPerBlock;
  for (std::uint64_t tileY = blockIdx.y; tileY < yTiles; tileY += gridDim.y) {
    const std::uint64_t y = tileY * kTileY + threadIdx.y;
    if (y >= ny) continue;
    const bool edge = x == 0 || y == 0 || x + 1 == nx || y + 1 == ny;
    for (std::uint64_t run = blockIdx.z; run < zRuns; run += gridDim.z) {
      const std::uint64_t z0 = run * kPlanesPerBlock;
      const std::uint64_t z1 = nz - z0 < kPlanesPerBlock ? nz : z0 + kPlanesPerBlock;
      std::uint64_t i = z0 * plane + y * nx + x;
      if (edge) {
        for (std::uint64_t z = z0; z < z1; ++z, i += plane) out[i] = in[i];
        continue;
      }
      T below = z0 > 0 ? in[i - plane] : T(0);
      T middle = in[i];
      for (std::uint64_t z = z0; z < z1; ++z, i += plane) {
        const bool top = z + 1 == nz;
        const T above = top ? T(0) : in[i + plane];
        if (z == 0 || top) {
          out[i] = middle;
        } else {
          // The order of stencilPoint; the multiply-add may fuse (within the tolerance).
          const T sum = ((in[i - 1] + in[i + 1]) + (in[i - nx] + in[i + nx])) + (below + above);
          out[i] = centre * middle + neighbour * sum;
        }
        below = middle;
        middle = above;
      }
    }
  }
}

template <class T>
void launch(const T* in, T* out, std::uint64_t nx, std::uint64_t ny, std::uint64_t nz,
            CUstream_st* stream) {
  if (nx == 0 || ny == 0 || nz == 0) return;
  const std::uint64_t yTiles = (ny + kTileY - 1) / kTileY;
  const std::uint64_t zRuns = (nz + kPlanesPerBlock - 1) / kPlanesPerBlock;
  const dim3 grid(static_cast<unsigned>((nx + kTileX - 1) / kTileX),
                  static_cast<unsigned>(std::min(yTiles, kMaxGridYZ)),
                  static_cast<unsigned>(std::min(zRuns, kMaxGridYZ)));
  const dim3 block(kTileX, kTileY);
  sweepKernel<<<grid, block, 0, stream>>>(in, out, nx, ny, nz, T(kCentre), T(kNeighbour));
  ACCELLAB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace

void launchSweep(const float* in, float* out, std::uint64_t nx, std::uint64_t ny, std::uint64_t nz,
                 CUstream_st* stream) {
  launch(in, out, nx, ny, nz, stream);
}
void launchSweep(const double* in, double* out, std::uint64_t nx, std::uint64_t ny,
                 std::uint64_t nz, CUstream_st* stream) {
  launch(in, out, nx, ny, nz, stream);
}

void loadSweepKernels() {
  cudaFuncAttributes attributes{};
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, sweepKernel<float>));
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, sweepKernel<double>));
}

}  // namespace accellab::kernels::stencil
