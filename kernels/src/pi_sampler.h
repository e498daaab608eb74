// The samples of the pi kernel, shared by the CPU variants and the CUDA kernel so that all
// of them draw exactly the same points.
//
// Sample i is SplitMix64's output number i for the state derived from the seed: the mix of
// key + (i + 1) * golden gamma. SplitMix64 passes BigCrush, and being counter-based, any
// thread or GPU lane can jump straight to its own samples. x is the top 31 bits and y the
// low 31 bits of the output; the point lies inside the quarter circle iff
// x*x + y*y < 2^62, in exact integer arithmetic, so every variant agrees bit for bit. The
// 2^31 x 2^31 lattice biases pi by about 2^-31 relative, far below the statistical error
// of any sample count we can afford (1e10 samples: 1.6e-5 standard error).
//
// Plain C++ on purpose: no CUDA header; nvcc sees the functions as __host__ __device__.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define ACCELLAB_HOST_DEVICE __host__ __device__
#else
#define ACCELLAB_HOST_DEVICE
#endif

namespace accellab::kernels::pi {

inline constexpr std::uint64_t kGamma = 0x9E3779B97F4A7C15ull;
inline constexpr std::uint64_t kMix1 = 0xBF58476D1CE4E5B9ull;
inline constexpr std::uint64_t kMix2 = 0x94D049BB133111EBull;
inline constexpr std::uint64_t kLow31 = (std::uint64_t{1} << 31) - 1;

// SplitMix64's output function.
ACCELLAB_HOST_DEVICE constexpr std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * kMix1;
  z = (z ^ (z >> 27)) * kMix2;
  return z ^ (z >> 31);
}

// The stream's starting state for a user's seed (mixed, so nearby seeds give unrelated streams).
ACCELLAB_HOST_DEVICE constexpr std::uint64_t streamKey(std::uint64_t seed) { return mix(seed); }

// 1 when sample `index` falls outside the quarter circle, else 0.
ACCELLAB_HOST_DEVICE constexpr std::uint64_t outside(std::uint64_t key, std::uint64_t index) {
  const std::uint64_t bits = mix(key + (index + 1) * kGamma);
  const std::uint64_t x = bits >> 33;
  const std::uint64_t y = bits & kLow31;
  return (x * x + y * y) >> 62;  // x*x + y*y < 2^63: bit 62 is set iff the sum >= 2^62
}

}  // namespace accellab::kernels::pi
