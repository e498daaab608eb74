#include "stencil_blocks.h"

#include <unistd.h>

#include <algorithm>

#include "cpu/parallel.h"
#include "stencil_sweep.h"

namespace accellab::kernels::stencil {
namespace {

constexpr std::uint64_t kMinPlanes = 16;
// A block worth a thread of its own: tens of microseconds of the SIMD sweep.
constexpr std::uint64_t kSmallestSplitPoints = std::uint64_t{1} << 14;
constexpr std::uint64_t kDefaultL2Bytes = std::uint64_t{512} << 10;

std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

}  // namespace

Block Blocking::block(std::uint64_t index) const {
  const std::uint64_t slab = index / zBlocks;
  const std::uint64_t step = index % zBlocks;
  Block b;
  b.y0 = slab * rows;
  b.y1 = std::min(shape.y, b.y0 + rows);
  b.z0 = step * planes;
  b.z1 = std::min(shape.z, b.z0 + planes);
  return b;
}

Blocking blockingFor(const Shape3& shape, std::size_t elementBytes, std::uint64_t cacheBytes,
                     int threads) {
  Blocking blocking;
  blocking.shape = shape;
  // Three planes of (rows + 2) rows in half the cache.
  const std::uint64_t rowBytes = shape.x * elementBytes;
  const std::uint64_t fitting = cacheBytes / 2 / (3 * rowBytes);
  blocking.rows = std::min(fitting > 3 ? fitting - 2 : 1, shape.y);
  const std::uint64_t slabPoints = blocking.rows * shape.x;
  blocking.yBlocks = ceilDiv(shape.y, blocking.rows);
  std::uint64_t planes = std::max(ceilDiv(kChunkPoints, slabPoints), kMinPlanes);
  if (threads > 1) {
    // Thinner blocks where that gives every thread kPiecesPerThread of them, down to
    // kMinPlanes planes and kSmallestSplitPoints points.
    const std::uint64_t wanted = static_cast<std::uint64_t>(threads) * kPiecesPerThread;
    const std::uint64_t zBlocks = ceilDiv(wanted, blocking.yBlocks);
    planes = std::min(planes, std::max({ceilDiv(shape.z, zBlocks), kMinPlanes,
                                        ceilDiv(kSmallestSplitPoints, slabPoints)}));
  }
  blocking.planes = std::min(planes, shape.z);
  blocking.zBlocks = ceilDiv(shape.z, blocking.planes);
  return blocking;
}

std::uint64_t l2CacheBytes() {
  const long bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
  return bytes > 0 ? static_cast<std::uint64_t>(bytes) : kDefaultL2Bytes;
}

}  // namespace accellab::kernels::stencil
