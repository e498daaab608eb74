#include "bandwidth.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <new>
#include <span>
#include <vector>

#include "accellab/format.h"
#include "accellab/runner.h"
#include "arrays/host_array.h"
#include "cpu/simd.h"
#include "cpu/stop_chunks.h"
#include "crossover.h"

namespace accellab::kernels {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
constexpr int kMinReps = 3;
constexpr int kMaxReps = 10;
constexpr double kBudgetS = 1.0;
// The store crossover's trials: sizes from 1 MiB per array, each sample at least 64 MiB of
// copies (some milliseconds), the best of 3 each way; about a third of a second in all.
constexpr std::uint64_t kSmallestTrialBytes = kMiB;
constexpr std::uint64_t kTrialBytes = 64 * kMiB;
constexpr int kTrialReps = 3;
// Doubles a thread copies between two looks at the stop token: 16 MiB, a few milliseconds.
constexpr std::uint64_t kChunkElements = std::uint64_t{1} << 21;

std::string bytesText(std::uint64_t bytes) {
  return formatValue(static_cast<double>(bytes), ValueKind::bytes);
}

Bandwidth notMeasured(const std::string& why) { return {0, "not measured: " + why}; }

// Each thread's contiguous part of [0, n), as STREAM's static schedule gives, in chunks with
// a look at the stop token between them; body(first, last) runs on each chunk. The same parts
// fill and copy the arrays, so pages land near the threads that copy them.
template <class Body>
void inThreadParts(std::int64_t n, std::stop_token stop, Body&& body) {
#pragma omp parallel
  {
    const auto t = static_cast<std::int64_t>(omp_get_thread_num());
    const auto threads = static_cast<std::int64_t>(omp_get_num_threads());
    const std::int64_t first = n * t / threads;
    const std::int64_t last = n * (t + 1) / threads;
    forEachChunk(static_cast<std::uint64_t>(last - first), kChunkElements, stop,
                 [&](std::uint64_t begin, std::uint64_t end) {
                   body(first + static_cast<std::int64_t>(begin),
                        first + static_cast<std::int64_t>(end));
                 });
  }
}

std::string arraysText(const CopyArrays& arrays, std::uint64_t availableBytes) {
  std::string text = "2 arrays of " + std::to_string(arrays.bytes / kMiB) + " MiB";
  if (arrays.bytes < arrays.usualBytes)
    text += " (usually " + std::to_string(arrays.usualBytes / kMiB) + " MiB; only " +
            bytesText(availableBytes) + " of memory available" +
            (arrays.lessReliable ? ", so less reliable: the cache holds more of them)" : ")");
  return text;
}

}  // namespace

CopyArrays copyArrays(std::uint64_t largestCacheBytes, std::uint64_t availableBytes) {
  CopyArrays arrays;
  arrays.usualBytes = std::clamp(4 * largestCacheBytes, 256 * kMiB, 1024 * kMiB);
  arrays.smallestBytes = std::min(arrays.usualBytes, std::max(2 * largestCacheBytes, 16 * kMiB));
  arrays.bytes = arrays.usualBytes;
  // Whole MiB, as the method names them.
  if (availableBytes > 0) arrays.bytes = std::min(arrays.bytes, availableBytes / 4 / kMiB * kMiB);
  if (arrays.bytes < arrays.smallestBytes) arrays.bytes = 0;
  arrays.lessReliable = arrays.bytes < 4 * largestCacheBytes;
  return arrays;
}

Bandwidth measureCopyBandwidth(std::uint64_t largestCacheBytes, std::uint64_t availableBytes,
                               std::stop_token stop) {
  const CopyArrays arrays = copyArrays(largestCacheBytes, availableBytes);
  if (arrays.bytes == 0)
    return notMeasured("only " + bytesText(availableBytes) +
                       " of memory available; the probe needs 2 arrays of at least " +
                       bytesText(arrays.smallestBytes) + " and leaves half of it to the run");
  if (stop.stop_requested()) return notMeasured("interrupted");
  const std::uint64_t bytes = arrays.bytes;
  const auto n = static_cast<std::int64_t>(bytes / sizeof(double));
  try {
    HostArray<double> source(static_cast<std::size_t>(n));
    HostArray<double> target(static_cast<std::size_t>(n));
    double* a = target.span().data();
    double* b = source.span().data();
    // Touch both arrays with the threads that will copy them, as STREAM does.
    inThreadParts(n, stop, [&](std::int64_t first, std::int64_t last) {
      std::fill(b + first, b + last, 1.0);
      std::fill(a + first, a + last, 0.0);
    });
    // The best rate of `copies` back-to-back copies of the first `count` elements, each way of
    // writing in turn, as the add variants choose between them.
    const auto bestOf = [&](std::int64_t count, int copies, int reps, CrossoverTrial& trial) {
      for (int rep = 0; rep < reps; ++rep) {
        for (const simd::Stores stores : {simd::Stores::cached, simd::Stores::streaming}) {
          const double t0 = steadySeconds();
          for (int copy = 0; copy < copies; ++copy)
            inThreadParts(count, stop, [&](std::int64_t first, std::int64_t last) {
              simd::copy(b + first, a + first, static_cast<std::size_t>(last - first), stores);
            });
          if (stop.stop_requested()) return false;
          const double rate =
              2.0 * static_cast<double>(count) * sizeof(double) * copies / (steadySeconds() - t0);
          double& best =
              stores == simd::Stores::cached ? trial.usualBytesPerS : trial.otherBytesPerS;
          best = std::max(best, rate);
        }
      }
      return true;
    };
    // The ceiling: the whole arrays, the faster way of writing, so no variant is measured
    // against a ceiling it could beat by its store choice.
    CrossoverTrial whole{bytes};
    int reps = 0;
    for (const double start = steadySeconds();
         reps < kMinReps || (reps < kMaxReps && steadySeconds() - start < kBudgetS); ++reps)
      if (!bestOf(n, 1, 1, whole)) return notMeasured("interrupted");
    // Where streaming starts to win: halving sizes down to kSmallestTrialBytes per array, each
    // sample at least kTrialBytes of copies so the small ones are not timer noise.
    std::vector<CrossoverTrial> trials;
    for (std::uint64_t size = bytes / 2; size >= kSmallestTrialBytes; size /= 2) {
      CrossoverTrial trial{size};
      const auto copies = static_cast<int>(std::max<std::uint64_t>(1, kTrialBytes / size));
      if (!bestOf(static_cast<std::int64_t>(size / sizeof(double)), copies, kTrialReps, trial))
        return notMeasured("interrupted");
      trials.insert(trials.begin(), trial);
    }
    trials.push_back(whole);
    const bool streamingWins = whole.otherBytesPerS > whole.usualBytesPerS;
    char method[400];
    std::snprintf(method, sizeof method,
                  "STREAM copy a[i] = b[i] with %s, %s, %d threads, best of %d; bytes read + "
                  "written",
                  streamingWins ? "streaming stores" : "cached stores",
                  arraysText(arrays, availableBytes).c_str(), omp_get_max_threads(), reps);
    Bandwidth result{std::max(whole.usualBytesPerS, whole.otherBytesPerS), method};
    result.streamingFromBytes = crossoverFrom(trials);
    result.streamingMethod = describeTrials(trials, result.streamingFromBytes,
                                            "copies with " + std::to_string(omp_get_max_threads()) +
                                                " threads, streaming against cached stores",
                                            "streaming");
    return result;
  } catch (const std::bad_alloc&) {
    return notMeasured("out of memory allocating 2 arrays of " + bytesText(bytes));
  }
}

}  // namespace accellab::kernels
