// Measures points: warm-up, calibrated repetitions, statistics, verification.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "accellab/memory_guard.h"
#include "accellab/registry.h"
#include "accellab/result.h"

namespace accellab {

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
};

struct Progress {
  std::size_t pointsDone = 0;
  std::size_t pointsTotal = 0;
  double fraction = 0;  // 0..1, moves within a point as repetitions complete
  std::string current;  // describe(point) of the point being measured
  std::optional<double> etaS;
};

struct RunCallbacks {
  std::function<void(const Progress&)> progress;
  std::function<void(const PointResult&)> pointFinished;
};

using Clock = std::function<double()>;  // monotonic seconds
using MemoryProbe = std::function<MemoryAvailable()>;
// Fraction 0..1 of one point's repetitions, reported at most about 20 times a second.
using PointProgress = std::function<void(double fraction)>;

double steadySeconds();

class Runner {
 public:
  // `memory` answers what the machine has free, GPU included where the registry has gpu
  // variants; there is no default (front ends get a runner from Engine). Throws
  // std::invalid_argument when it or the clock is empty.
  Runner(const Registry& registry, MemoryProbe memory, Clock clock = steadySeconds);

  // Never throws for a kernel's failure: the result says failed/skipped/cancelled and why.
  PointResult runPoint(const Point& point, const MeasureConfig& config, std::stop_token stop = {});
  PointResult runPoint(const Point& point, const MeasureConfig& config, std::stop_token stop,
                       const PointProgress& progress);

  // Runs points in order, reporting progress and each result as it completes. After a
  // stop request the remaining points are returned as cancelled. Fingerprints (pi's hit
  // counts) are compared across the points with equal params: a mismatch fails the point.
  std::vector<PointResult> run(const std::vector<Point>& points, const MeasureConfig& config,
                               const RunCallbacks& callbacks = {}, std::stop_token stop = {});

 private:
  const Registry& registry_;
  MemoryProbe memory_;
  Clock clock_;
};

}  // namespace accellab
