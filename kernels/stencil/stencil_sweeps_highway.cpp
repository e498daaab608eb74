// The SIMD sweeps over cache blocks (stencil_blocks.h): one thread, or OpenMP threads over
// the pieces of cpu/parallel.h, a block each. Built only with Highway, whose code runs each block.
#include <algorithm>

#include "cpu/parallel.h"
#include "cpu/stop_chunks.h"
#include "stencil_blocks.h"
#include "stencil_sweep.h"

namespace accellab::kernels::stencil {

template <class T>
bool sweepVectorized(const T* in, T* out, const Shape3& shape, simd::Stores stores,
                     std::stop_token stop) {
  const Blocking blocking = blockingFor(shape, sizeof(T), l2CacheBytes());
  // A block is about kChunkPoints points: a look at the token per block.
  return forEachChunk(blocking.count(), 1, std::move(stop), [&](std::uint64_t b, std::uint64_t) {
    sweepBlock(in, out, shape, blocking.block(b), stores);
  });
}

template <class T>
PiecesDone sweepParallel(const T* in, T* out, const Shape3& shape, int threads, simd::Stores stores,
                         std::stop_token stop) {
  const Blocking blocking = blockingFor(shape, sizeof(T), l2CacheBytes(), threads);
  // A block a piece: blocks are cut to fit the cache already, and a few per thread keep a
  // preempted thread's share moving (cpu/parallel.h).
  return forEachPiece(splitFor(blocking.count(), threads, {}), stop,
                      [&](std::uint64_t b, std::uint64_t, std::uint64_t) {
                        sweepBlock(in, out, shape, blocking.block(b), stores);
                      });
}

template bool sweepVectorized(const float*, float*, const Shape3&, simd::Stores, std::stop_token);
template bool sweepVectorized(const double*, double*, const Shape3&, simd::Stores, std::stop_token);
template PiecesDone sweepParallel(const float*, float*, const Shape3&, int, simd::Stores,
                                  std::stop_token);
template PiecesDone sweepParallel(const double*, double*, const Shape3&, int, simd::Stores,
                                  std::stop_token);

}  // namespace accellab::kernels::stencil
