#include "split_crossover.h"

#include <omp.h>

#include <algorithm>
#include <vector>

#include "accellab/runner.h"
#include "arrays/host_array.h"
#include "cpu/parallel.h"
#include "cpu/simd.h"
#include "crossover.h"

namespace accellab::kernels {
namespace {

constexpr std::uint64_t kSmallestBytes = std::uint64_t{8} << 10;
constexpr std::uint64_t kLargestBytes = std::uint64_t{8} << 20;
// Copies per sample: at 8 KiB 512 copies, each a fork and join of the team (microseconds), so
// a sample is milliseconds, and the whole probe some 12 000 of them. A probe that shares its
// cores with another program pays a time slice per fork and join instead: keep them few.
constexpr std::uint64_t kSampleBytes = std::uint64_t{4} << 20;
constexpr int kSamples = 5;
constexpr int kThreads = 2;

}  // namespace

SplitCrossover measureSplitCrossover(std::stop_token stop) {
  if (omp_get_max_threads() < kThreads) return {0, "not measured: one thread"};
  constexpr std::uint64_t n = kLargestBytes / sizeof(double);
  HostArray<double> source(n);
  HostArray<double> target(n, kHalfPage);
  std::fill(source.span().begin(), source.span().end(), 1.0);
  std::fill(target.span().begin(), target.span().end(), 0.0);
  const double* b = source.span().data();
  double* a = target.span().data();
  // As the parallel variants cut a problem that splits: a few pieces per thread, cache lines.
  constexpr Grain kAnySize{.smallest = 1, .largest = n, .align = 64 / sizeof(double)};
  std::vector<CrossoverTrial> trials;
  for (std::uint64_t size = kSmallestBytes; size <= kLargestBytes; size *= 2) {
    const std::uint64_t items = size / sizeof(double);
    const auto copies = std::max<std::uint64_t>(1, kSampleBytes / size);
    CrossoverTrial trial{size};
    for (int sample = 0; sample <= kSamples; ++sample) {
      for (const int threads : {1, kThreads}) {
        const Split split = splitFor(items, threads, kAnySize);
        const double t0 = steadySeconds();
        for (std::uint64_t copy = 0; copy < copies; ++copy)
          forEachPiece(split, {}, [&](std::uint64_t, std::uint64_t first, std::uint64_t last) {
            simd::copy(b + first, a + first, last - first, simd::Stores::cached);
          });
        if (stop.stop_requested()) return {0, "not measured: interrupted"};
        const double rate =
            2.0 * static_cast<double>(size * copies) / std::max(steadySeconds() - t0, 1e-9);
        if (sample == 0) continue;  // the warm-up: pages and caches settle
        double& best = threads == 1 ? trial.usualBytesPerS : trial.otherBytesPerS;
        best = std::max(best, rate);
      }
    }
    trials.push_back(trial);
  }
  const std::uint64_t from = crossoverFrom(trials);
  return {from, describeTrials(trials, from, "copies, 2 threads against 1", "2 threads")};
}

}  // namespace accellab::kernels
