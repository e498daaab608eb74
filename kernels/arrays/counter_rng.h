// The counter-based generator every kernel draws its random inputs from, on the host and on
// the device alike: value i of a stream is SplitMix64's output for state key + (i + 1) * gamma.
// SplitMix64 passes BigCrush, and being counter-based, any thread or GPU lane jumps straight
// to its own values, so a parallel fill gives the same array as a serial one.
//
// Plain C++ on purpose: no CUDA header; nvcc sees the functions as __host__ __device__.
#pragma once

#include <cstdint>

#include "host_device.h"

namespace accellab::kernels::rng {

inline constexpr std::uint64_t kGamma = 0x9E3779B97F4A7C15ull;
inline constexpr std::uint64_t kMix1 = 0xBF58476D1CE4E5B9ull;
inline constexpr std::uint64_t kMix2 = 0x94D049BB133111EBull;

// SplitMix64's output function.
ACCELLAB_HOST_DEVICE constexpr std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * kMix1;
  z = (z ^ (z >> 27)) * kMix2;
  return z ^ (z >> 31);
}

// The starting state of stream `stream` for a user's seed (mixed, so nearby seeds and the
// arrays of one kernel get unrelated streams). Stream 0 is the seed's own.
ACCELLAB_HOST_DEVICE constexpr std::uint64_t streamKey(std::uint64_t seed,
                                                       std::uint64_t stream = 0) {
  return mix(seed + stream * kGamma);
}

// Value `index` of the stream `key`.
ACCELLAB_HOST_DEVICE constexpr std::uint64_t draw(std::uint64_t key, std::uint64_t index) {
  return mix(key + (index + 1) * kGamma);
}

}  // namespace accellab::kernels::rng
