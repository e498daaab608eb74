#include "bandwidth.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "host_array.h"

namespace accellab::kernels {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
constexpr int kMinReps = 3;
constexpr int kMaxReps = 10;
constexpr double kBudgetS = 1.0;

std::uint64_t arrayBytes(std::uint64_t largestCacheBytes, std::uint64_t availableRamBytes) {
  std::uint64_t bytes = std::clamp(4 * largestCacheBytes, 256 * kMiB, 1024 * kMiB);
  if (availableRamBytes > 0) bytes = std::min(bytes, availableRamBytes / 4);
  return std::max(bytes, 16 * kMiB);
}

double seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

Bandwidth measureCopyBandwidth(std::uint64_t largestCacheBytes, std::uint64_t availableRamBytes) {
  const std::uint64_t bytes = arrayBytes(largestCacheBytes, availableRamBytes);
  const auto n = static_cast<std::int64_t>(bytes / sizeof(double));
  HostArray<double> source(static_cast<std::size_t>(n));
  HostArray<double> target(static_cast<std::size_t>(n));
  double* a = target.span().data();
  double* b = source.span().data();
  // Touch both arrays with the threads that will copy them, as STREAM does.
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    b[i] = 1.0;
    a[i] = 0.0;
  }
  double best = 0;
  int reps = 0;
  const double start = seconds();
  while (reps < kMinReps || (reps < kMaxReps && seconds() - start < kBudgetS)) {
    const double t0 = seconds();
#pragma omp parallel for simd schedule(static)
    for (std::int64_t i = 0; i < n; ++i) a[i] = b[i];
    const double elapsed = seconds() - t0;
    best = std::max(best, 2.0 * static_cast<double>(bytes) / elapsed);
    ++reps;
  }
  char method[160];
  std::snprintf(method, sizeof method,
                "STREAM copy a[i] = b[i], 2 arrays of %llu MiB, %d threads, best of %d; "
                "bytes read + written",
                static_cast<unsigned long long>(bytes / kMiB), omp_get_max_threads(), reps);
  return {best, method};
}

}  // namespace accellab::kernels
