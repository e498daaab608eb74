#include <unistd.h>

#include "simd.h"

namespace accellab::kernels::simd {

Stores storesFor(std::uint64_t bytesTouched, std::uint64_t streamingFromBytes) {
  if (streamingFromBytes > 0)
    return bytesTouched >= streamingFromBytes ? Stores::streaming : Stores::cached;
  constexpr std::uint64_t kUnknownCacheBytes = std::uint64_t{32} << 20;
  const long reported = sysconf(_SC_LEVEL3_CACHE_SIZE);
  const std::uint64_t lastLevel =
      reported > 0 ? static_cast<std::uint64_t>(reported) : kUnknownCacheBytes;
  return bytesTouched > lastLevel ? Stores::streaming : Stores::cached;
}

std::string toString(Stores stores) { return stores == Stores::streaming ? "streaming" : "cached"; }

}  // namespace accellab::kernels::simd
