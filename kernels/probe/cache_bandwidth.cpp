#include "cache_bandwidth.h"

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <new>

#include "accellab/runner.h"
#include "arrays/host_array.h"
#include "cpu/simd.h"

namespace accellab::kernels {
namespace {

constexpr double kSampleS = 2e-3;
constexpr int kSamples = 5;
// b lies this far past a within each thread's part, so that a store to a never shares its
// page offset with the load of b it follows (4K aliasing).
constexpr std::size_t kStagger = 256;  // doubles: half a page

// The best copy rate, bytes read + written per second, of `threads` threads each copying its
// own `perThread` doubles back and forth; 0 when stopped.
double bestCopyRate(std::size_t perThread, int threads, std::stop_token stop) {
  const std::size_t stride = 2 * perThread + kStagger + 64;
  HostArray<double> memory(stride * static_cast<std::size_t>(threads));
  double* base = memory.span().data();
  std::fill(base, base + stride * static_cast<std::size_t>(threads), 1.0);
  // Copies per sample: a first guess (200 KB, a thousandth of kSampleS at 100 GB/s a thread),
  // calibrated below.
  std::uint64_t copies = std::max<std::uint64_t>(1, 200'000'000 / (16 * perThread) / 1000);
  const auto timed = [&] {
    const double start = steadySeconds();
#pragma omp parallel num_threads(threads)
    {
      double* a = base + stride * static_cast<std::size_t>(omp_get_thread_num());
      double* b = a + perThread + kStagger;
      for (std::uint64_t copy = 0; copy < copies; ++copy) {
        simd::copy(b, a, perThread, simd::Stores::cached);
        std::swap(a, b);
      }
    }
    return steadySeconds() - start;
  };
  // A warm-up that brings the arrays into the cache and the threads up, then calibration: neither
  // kept.
  timed();
  for (double seconds = timed(); seconds < kSampleS; seconds = timed()) {
    if (stop.stop_requested()) return 0;
    copies = static_cast<std::uint64_t>(static_cast<double>(copies) * 1.5 * kSampleS /
                                        std::max(seconds, 1e-9)) +
             1;
  }
  const double bytes = 16.0 * static_cast<double>(perThread) * static_cast<double>(copies) *
                       static_cast<double>(threads);
  double best = 0;
  for (int sample = 0; sample < kSamples; ++sample) {
    if (stop.stop_requested()) return 0;
    best = std::max(best, bytes / timed());
  }
  return best;
}

}  // namespace

std::vector<CacheRoof> measureCacheBandwidths(const std::vector<CacheInfo>& caches,
                                              std::uint64_t availableBytes, std::stop_token stop) {
  std::vector<CacheRoof> roofs;
  std::vector<int> counts{1};
  if (omp_get_max_threads() > 1) counts.push_back(omp_get_max_threads());
  try {
    for (const int threads : counts) {
      for (const CacheInfo& cache : caches) {
        if (!holdsData(cache) || cache.sizeBytes < 1024) continue;
        // Half the level for the pair of arrays: the other half keeps the stack, the code and
        // what the line placement leaves out.
        const std::uint64_t pairBytes = cache.sizeBytes / 2;
        if (availableBytes > 0 && pairBytes > availableBytes / 4) continue;
        const std::uint64_t shared = cache.level > kLastPrivateCacheLevel ? threads : 1;
        const auto perThread = static_cast<std::size_t>(pairBytes / shared / 2 / sizeof(double));
        if (perThread < 64) continue;
        const double rate = bestCopyRate(perThread, threads, stop);
        if (rate <= 0) return {};
        roofs.push_back({cache.level, cache.sizeBytes, threads, rate});
      }
    }
  } catch (const std::bad_alloc&) {
    return {};
  }
  return roofs;
}

}  // namespace accellab::kernels
