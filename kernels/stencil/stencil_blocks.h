// The cache blocks of the SIMD sweeps. A block is a slab of whole rows (all of x, `rows` of
// y) marching through `planes` planes in z. While it computes plane z it reads planes z - 1,
// z and z + 1 of its rows (plus one halo row on each side); the slab is as tall as lets those
// three partial planes fit in half of the L2 cache, so each input row comes from memory once
// and is reused from L2 for its other two planes (and its two neighbouring rows). The other
// half leaves room for the output rows passing through and for the prefetchers.
#pragma once

#include <cstddef>
#include <cstdint>

#include "accellab/types.h"
#include "cpu/simd.h"

namespace accellab::kernels::stencil {

struct Block {
  std::uint64_t y0 = 0, y1 = 0;  // rows [y0, y1)
  std::uint64_t z0 = 0, z1 = 0;  // planes [z0, z1)
};

struct Blocking {
  Shape3 shape;
  std::uint64_t rows = 1;
  std::uint64_t planes = 1;
  std::uint64_t yBlocks = 1;
  std::uint64_t zBlocks = 1;

  std::uint64_t count() const { return yBlocks * zBlocks; }
  // The blocks of one slab are consecutive and in z order: the next block continues the
  // march with its first two input planes still in cache.
  Block block(std::uint64_t index) const;
};

// The blocks of `shape` for elements of `elementBytes` and an L2 cache of `cacheBytes`.
// Blocks of at least kChunkPoints points where the grid allows (a look at the stop token
// each), and of at least 16 planes, so the two halo planes a block re-reads cost at most 1/8
// more input traffic; for `threads` threads, thinner where that gives each thread several
// (an OpenMP piece each, cpu/parallel.h), so a small grid does not run on one of them.
Blocking blockingFor(const Shape3& shape, std::size_t elementBytes, std::uint64_t cacheBytes,
                     int threads = 1);

// This CPU's L2 cache per core (sysconf), 512 KiB when it does not say.
std::uint64_t l2CacheBytes();

// One block of a sweep with Highway SIMD along x (stencil_block_highway.cpp). Streaming
// stores spare the output's read-for-ownership, a third of the traffic, where the grid is
// far beyond the last-level cache (simd::storesFor).
void sweepBlock(const float* in, float* out, const Shape3& shape, const Block& block,
                simd::Stores stores);
void sweepBlock(const double* in, double* out, const Shape3& shape, const Block& block,
                simd::Stores stores);

}  // namespace accellab::kernels::stencil
