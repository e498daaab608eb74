// The roofs of the cache-aware roofline: the copy bandwidth within each data cache level.
#pragma once

#include <cstdint>
#include <stop_token>
#include <vector>

#include "accellab/sysinfo.h"

namespace accellab::kernels {

// a[i] = b[i] with cached stores over two arrays that together take half of each data (or
// unified) level, so they stay in it: each thread its own pair of L1's and L2's size (those
// levels belong to one core), the threads sharing one pair of L3's. Each sample copies many
// times over, at least kSampleS long; the best of a few. With one thread and with every thread
// (OpenMP's); about a tenth of a second in all. A level whose arrays would take more than a
// quarter of `availableBytes` (the process's limit, probeHostMemory; 0: unknown) is left out:
// a VM may report its host's 508 MiB L3. A stop request, or caches not known, gives none.
std::vector<CacheRoof> measureCacheBandwidths(const std::vector<CacheInfo>& caches,
                                              std::uint64_t availableBytes,
                                              std::stop_token stop = {});

}  // namespace accellab::kernels
