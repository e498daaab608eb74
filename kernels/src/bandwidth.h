// The machine's memory-bandwidth ceiling, measured the way STREAM's copy does it.
#pragma once

#include <cstdint>
#include <string>

namespace accellab::kernels {

struct Bandwidth {
  double bytesPerS = 0;  // bytes read + written per second, as the add kernel counts them
  std::string method;    // how it was measured, for the session file
};

// a[i] = b[i] with every thread over two arrays well beyond the last-level cache
// (4x it, at least 256 MiB, at most 1 GiB each, and at most a quarter of the available
// RAM each); the best of several repetitions, about a second in all.
Bandwidth measureCopyBandwidth(std::uint64_t largestCacheBytes, std::uint64_t availableRamBytes);

}  // namespace accellab::kernels
