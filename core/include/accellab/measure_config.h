// How points are measured, and when a measurement is trusted: plain values recorded with
// every run (session "settings").
#pragma once

#include <cstddef>
#include <cstdint>

namespace accellab {

// When a point's numbers are flagged as not to be trusted as they are.
struct QualityLimits {
  // MAD / median above this marks a point unstable. nanobench warns at 5 % of its median
  // absolute percent error, the same measure of spread.
  double maxRelativeSpread = 0.05;
  // A first call slower than this many medians marks a point cold: its one-off cost (page
  // faults, module load, JIT) dwarfs the steady state, as the tutorial's Numba compile did.
  double coldFactor = 10;
  friend bool operator==(const QualityLimits&, const QualityLimits&) = default;
};

// Repeats until both minReps and minTimeS are reached, or until maxTimeS (then with at
// least one sample) or maxReps, whichever comes first. The warm-up is not counted.
struct MeasureConfig {
  std::size_t minReps = 5;
  double minTimeS = 0.2;
  std::size_t maxReps = 100000;
  double maxTimeS = 15.0;
  // Runs faster than this are timed in batches of back-to-back runs so that one sample
  // lasts at least this long (as Google Benchmark calibrates); 0 times every run alone.
  double minSampleS = 20e-6;
  // From how many bytes touched the streaming loops (add, triad, stencil) write with
  // streaming stores: the machine's measured crossover (SystemInfo::streamingFromBytes), which
  // the front ends set; 0 decides from the last-level cache sysconf reports.
  std::uint64_t streamingFromBytes = 0;
  // From how many bytes touched the parallel variants of the streaming loops split their work
  // between threads (SystemInfo::splitFromBytes), which the front ends set; 0: pieces of at
  // least 128 KiB of traffic.
  std::uint64_t splitFromBytes = 0;
  QualityLimits quality;
  friend bool operator==(const MeasureConfig&, const MeasureConfig&) = default;
};

}  // namespace accellab
