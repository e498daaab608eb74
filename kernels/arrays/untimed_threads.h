// Untimed work around a measurement — filling inputs, poisoning outputs, checking them — split
// over threads that end with it. Not OpenMP's: its pool spins on after each region (for
// milliseconds, as libgomp does by default), and a spinning thread is CPU time and a busy core
// charged to the timed calls that follow, so a 1-thread loop would read as 2 cores used. The
// `parallel` variants keep OpenMP's pool, whose spinning is their own cost.
#pragma once

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

namespace accellab::kernels {

// Below this many items a share, starting a thread costs more than it saves.
inline constexpr std::int64_t kUntimedItemsPerThread = std::int64_t{1} << 18;

// body(share, first, last) over [0, n) in equal runs, one per thread, the calling thread
// doing the first; shares < untimedShares(n).
inline int untimedShares(std::int64_t n, std::int64_t itemsPerThread = kUntimedItemsPerThread) {
  const auto cores = static_cast<std::int64_t>(std::max(1u, std::thread::hardware_concurrency()));
  return static_cast<int>(
      std::clamp<std::int64_t>(n / std::max<std::int64_t>(1, itemsPerThread), 1, cores));
}

template <class Body>
void forEachUntimedShare(std::int64_t n, int shares, Body&& body) {
  const std::int64_t per = (n + shares - 1) / std::max(1, shares);
  std::vector<std::jthread> others;
  others.reserve(static_cast<std::size_t>(std::max(0, shares - 1)));
  for (int share = 1; share < shares; ++share)
    others.emplace_back([&body, share, per, n] {
      body(share, std::min(n, share * per), std::min(n, (share + 1) * per));
    });
  body(0, std::int64_t{0}, std::min(n, per));
}

}  // namespace accellab::kernels
