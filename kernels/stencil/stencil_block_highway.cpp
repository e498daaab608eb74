// One cache block of the stencil with Google Highway SIMD along x, compiled once per x86
// target; HWY_DYNAMIC_DISPATCH picks the best this CPU supports at run time.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "stencil/stencil_block_highway.cpp"
#include <hwy/cache_control.h>
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <cstddef>

#include "stencil/stencil_blocks.h"
#include "stencil/stencil_sweep.h"

HWY_BEFORE_NAMESPACE();
namespace accellab {
namespace kernels {
namespace stencil {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

constexpr size_t kCacheLineBytes = 64;

// Loads stay unaligned: a row starts wherever x = 0 falls, and the neighbours are one
// element off it anyway. Streaming stores write whole cache lines: each row computes a scalar
// head up to its first line-aligned output element and a scalar tail from its last, since a
// line written partly by streaming stores and partly by ordinary ones costs a partial write
// to memory (the sweep ran 1.5x faster on one thread without them).
template <class T>
void SweepBlockImpl(const T* HWY_RESTRICT in, T* HWY_RESTRICT out, uint64_t nx, uint64_t ny,
                    uint64_t nz, uint64_t y0, uint64_t y1, uint64_t z0, uint64_t z1,
                    bool streaming) {
  const hn::ScalableTag<T> d;
  const size_t lanes = hn::Lanes(d);
  const size_t lineBytes = std::max<size_t>(kCacheLineBytes, lanes * sizeof(T));
  const size_t lineElements = lineBytes / sizeof(T);
  const auto row = static_cast<std::ptrdiff_t>(nx);
  const auto plane = static_cast<std::ptrdiff_t>(nx * ny);
  const auto centre = hn::Set(d, T(kCentre));
  const auto neighbour = hn::Set(d, T(kNeighbour));
  for (uint64_t z = z0; z < z1; ++z) {
    for (uint64_t y = y0; y < y1; ++y) {
      const uint64_t first = (z * ny + y) * nx;
      const T* c = in + first;
      T* o = out + first;
      if (z == 0 || y == 0 || z + 1 == nz || y + 1 == ny || nx < 3) {
        std::copy(c, c + nx, o);  // a boundary row
        continue;
      }
      o[0] = c[0];
      o[nx - 1] = c[nx - 1];
      size_t x = 1;
      size_t end = nx - 1;
      if (streaming) {
        for (; x < nx - 1 && reinterpret_cast<uintptr_t>(o + x) % lineBytes != 0; ++x)
          o[x] = stencilPoint(c + x, row, plane);
        end = x + (nx - 1 - x) / lineElements * lineElements;
      }
      // The row after this one in plane z + 1 is the only input the next row reads from
      // memory; fetching it now keeps DRAM busy across the page boundary each row starts at,
      // where the hardware prefetchers stop and start over.
      const T* ahead = c + plane + row;
      for (; x + lanes <= end; x += lanes) {
        const T* p = c + x;
        hwy::Prefetch(ahead + x);
        const auto sum = hn::Add(hn::Add(hn::Add(hn::LoadU(d, p - 1), hn::LoadU(d, p + 1)),
                                         hn::Add(hn::LoadU(d, p - row), hn::LoadU(d, p + row))),
                                 hn::Add(hn::LoadU(d, p - plane), hn::LoadU(d, p + plane)));
        const auto value = hn::MulAdd(neighbour, sum, hn::Mul(centre, hn::LoadU(d, p)));
        if (streaming) {
          hn::Stream(value, d, o + x);
        } else {
          hn::StoreU(value, d, o + x);
        }
      }
      for (; x < nx - 1; ++x) o[x] = stencilPoint(c + x, row, plane);
    }
  }
  // Streaming stores are weakly ordered: fence them before anyone reads the output.
  if (streaming) hwy::FlushStream();
}

void SweepBlockF32(const float* in, float* out, uint64_t nx, uint64_t ny, uint64_t nz, uint64_t y0,
                   uint64_t y1, uint64_t z0, uint64_t z1, bool streaming) {
  SweepBlockImpl(in, out, nx, ny, nz, y0, y1, z0, z1, streaming);
}
void SweepBlockF64(const double* in, double* out, uint64_t nx, uint64_t ny, uint64_t nz,
                   uint64_t y0, uint64_t y1, uint64_t z0, uint64_t z1, bool streaming) {
  SweepBlockImpl(in, out, nx, ny, nz, y0, y1, z0, z1, streaming);
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace stencil
}  // namespace kernels
}  // namespace accellab
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace accellab::kernels::stencil {

HWY_EXPORT(SweepBlockF32);
HWY_EXPORT(SweepBlockF64);

void sweepBlock(const float* in, float* out, const Shape3& shape, const Block& block,
                simd::Stores stores) {
  HWY_DYNAMIC_DISPATCH(SweepBlockF32)
  (in, out, shape.x, shape.y, shape.z, block.y0, block.y1, block.z0, block.z1,
   stores == simd::Stores::streaming);
}
void sweepBlock(const double* in, double* out, const Shape3& shape, const Block& block,
                simd::Stores stores) {
  HWY_DYNAMIC_DISPATCH(SweepBlockF64)
  (in, out, shape.x, shape.y, shape.z, block.y0, block.y1, block.z0, block.z1,
   stores == simd::Stores::streaming);
}

}  // namespace accellab::kernels::stencil
#endif  // HWY_ONCE
