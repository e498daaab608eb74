// The machine's memory-bandwidth ceiling, measured the way STREAM's copy does it.
#pragma once

#include <cstdint>
#include <stop_token>
#include <string>

namespace accellab::kernels {

struct Bandwidth {
  double bytesPerS = 0;  // bytes read + written per second, as the add kernel counts them; 0:
                         // not measured, and the method says why
  std::string method;    // how it was measured, for the session file
  // From how many bytes touched streaming stores win (SystemInfo::streamingFromBytes), and
  // the trials that say so; 0 when not measured.
  std::uint64_t streamingFromBytes = 0;
  std::string streamingMethod{};
};

// The size of each of the probe's two arrays. Usually 4x the last-level cache, at least
// 256 MiB and at most 1 GiB; never more than a quarter of the memory available each, so the
// pair leaves half of it to the process. Smaller arrays measure less reliably (more of them may
// sit in a cache); below twice the cache, or 16 MiB, they would measure the cache.
struct CopyArrays {
  std::uint64_t bytes = 0;          // each; 0 when too little memory is available to measure
  std::uint64_t usualBytes = 0;     // what a machine with enough memory gets
  std::uint64_t smallestBytes = 0;  // the least the probe measures with
  bool lessReliable = false;        // below 4x the cache: the cache holds a larger share
};
CopyArrays copyArrays(std::uint64_t largestCacheBytes, std::uint64_t availableBytes);

// a[i] = b[i] with every thread over the two arrays of copyArrays(); the best of several
// repetitions, about a second in all; then the same copies over halving parts of them, both
// ways of writing, for the store crossover. availableBytes is the process's effective limit
// (probeHostMemory; 0: unknown). A stop request is seen within a few milliseconds and leaves
// the ceiling unmeasured, as do too little memory and a failed allocation.
Bandwidth measureCopyBandwidth(std::uint64_t largestCacheBytes, std::uint64_t availableBytes,
                               std::stop_token stop = {});

}  // namespace accellab::kernels
