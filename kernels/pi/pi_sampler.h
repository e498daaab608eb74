// The samples of the pi kernel, shared by the CPU variants and the CUDA kernel so that all
// of them draw exactly the same points.
//
// Sample i is value i of the seed's stream of the counter-based generator (counter_rng.h). x
// is the top 31 bits and y the low 31 bits of it; the point lies inside the quarter circle
// iff x*x + y*y < 2^62, in exact integer arithmetic, so every variant agrees bit for bit. The
// 2^31 x 2^31 lattice biases pi by about 2^-31 relative, far below the statistical error
// of any sample count we can afford (1e10 samples: 1.6e-5 standard error).
#pragma once

#include <cstdint>

#include "arrays/counter_rng.h"

namespace accellab::kernels::pi {

inline constexpr std::uint64_t kLow31 = (std::uint64_t{1} << 31) - 1;

// 1 when sample `index` falls outside the quarter circle, else 0.
ACCELLAB_HOST_DEVICE constexpr std::uint64_t outside(std::uint64_t key, std::uint64_t index) {
  const std::uint64_t bits = rng::draw(key, index);
  const std::uint64_t x = bits >> 33;
  const std::uint64_t y = bits & kLow31;
  return (x * x + y * y) >> 62;  // x*x + y*y < 2^63: bit 62 is set iff the sum >= 2^62
}

}  // namespace accellab::kernels::pi
