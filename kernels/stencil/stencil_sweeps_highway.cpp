// The SIMD sweeps over cache blocks (stencil_blocks.h): one thread, or OpenMP threads taking
// blocks as they come free. Built only with Highway, whose code runs each block.
#include <algorithm>

#include "shared/stop_chunks.h"
#include "stencil_blocks.h"
#include "stencil_sweep.h"

namespace accellab::kernels::stencil {
namespace {

// In and out, each read or written once.
template <class T>
simd::Stores storesOf(const Shape3& shape) {
  return simd::storesFor(2 * shape.x * shape.y * shape.z * sizeof(T));
}

}  // namespace

template <class T>
bool sweepVectorized(const T* in, T* out, const Shape3& shape, std::stop_token stop) {
  const Blocking blocking = blockingFor(shape, sizeof(T), l2CacheBytes());
  const simd::Stores stores = storesOf<T>(shape);
  // A block is about kChunkPoints points: a look at the token per block.
  return forEachChunk(blocking.count(), 1, std::move(stop), [&](std::uint64_t b, std::uint64_t) {
    sweepBlock(in, out, shape, blocking.block(b), stores);
  });
}

template <class T>
bool sweepParallel(const T* in, T* out, const Shape3& shape, int threads, std::stop_token stop) {
  const Blocking blocking = blockingFor(shape, sizeof(T), l2CacheBytes());
  const simd::Stores stores = storesOf<T>(shape);
  // A few blocks per thread between looks at the token, handed out dynamically: on a shared
  // machine a preempted thread would otherwise hold the others at the closing barrier.
  const std::uint64_t wave = 4 * static_cast<std::uint64_t>(threads);
  return forEachChunk(
      blocking.count(), wave, std::move(stop), [&](std::uint64_t begin, std::uint64_t end) {
        const auto first = static_cast<std::int64_t>(begin);
        const auto last = static_cast<std::int64_t>(end);
#pragma omp parallel for num_threads(threads) schedule(dynamic)
        for (std::int64_t b = first; b < last; ++b)
          sweepBlock(in, out, shape, blocking.block(static_cast<std::uint64_t>(b)), stores);
      });
}

template bool sweepVectorized(const float*, float*, const Shape3&, std::stop_token);
template bool sweepVectorized(const double*, double*, const Shape3&, std::stop_token);
template bool sweepParallel(const float*, float*, const Shape3&, int, std::stop_token);
template bool sweepParallel(const double*, double*, const Shape3&, int, std::stop_token);

}  // namespace accellab::kernels::stencil
