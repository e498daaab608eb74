#include "bandwidth.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>

#include "cpu/simd.h"
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
  // Both ways of writing, as the add variants choose between them: the ceiling is the
  // faster, so no variant is measured against a ceiling it could beat by its store choice.
  struct Trial {
    simd::Stores stores;
    const char* name;
    double best = 0;
    int reps = 0;
  };
  std::array<Trial, 2> trials{Trial{simd::Stores::cached, "cached stores"},
                              Trial{simd::Stores::streaming, "streaming stores"}};
  for (Trial& trial : trials) {
    const double start = seconds();
    while (trial.reps < kMinReps || (trial.reps < kMaxReps && seconds() - start < kBudgetS / 2)) {
      const double t0 = seconds();
      // A contiguous part per thread, as STREAM's static schedule gives.
#pragma omp parallel
      {
        const auto t = static_cast<std::int64_t>(omp_get_thread_num());
        const auto threads = static_cast<std::int64_t>(omp_get_num_threads());
        const std::int64_t first = n * t / threads;
        const std::int64_t last = n * (t + 1) / threads;
        simd::copy(b + first, a + first, static_cast<std::size_t>(last - first), trial.stores);
      }
      const double elapsed = seconds() - t0;
      trial.best = std::max(trial.best, 2.0 * static_cast<double>(bytes) / elapsed);
      ++trial.reps;
    }
  }
  const Trial& winner = trials[0].best >= trials[1].best ? trials[0] : trials[1];
  char method[200];
  std::snprintf(method, sizeof method,
                "STREAM copy a[i] = b[i] with %s, 2 arrays of %llu MiB, %d threads, best of %d; "
                "bytes read + written",
                winner.name, static_cast<unsigned long long>(bytes / kMiB), omp_get_max_threads(),
                winner.reps);
  const double best = winner.best;
  return {best, method};
}

}  // namespace accellab::kernels
