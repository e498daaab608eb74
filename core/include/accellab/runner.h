// Measures points: warm-up, calibrated repetitions, statistics, verification.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "accellab/collective.h"
#include "accellab/counters.h"
#include "accellab/measure_config.h"
#include "accellab/memory_guard.h"
#include "accellab/point_measurer.h"
#include "accellab/registry.h"
#include "accellab/result.h"

namespace accellab {

// A run's progress: copied to the front ends as it goes (queued signals, the CLI's line).
struct Progress {
  std::size_t pointsDone = 0;
  std::size_t pointsTotal = 0;
  // 0..1; moves within a point from its first phase on, never backwards.
  double fraction = 0;
  // The point being worked on, the pointIndex-th (0-based) of the run; empty in the report
  // that closes the run.
  std::optional<Point> point;
  std::size_t pointIndex = 0;
  // Its variant has a thread count: the threads are named even when there is one.
  bool usesThreads = false;
  RunPhase phase = RunPhase::preparing;
  // Samples measured so far, and how many the stop rule will take once one run's time is
  // known (before that, empty).
  std::size_t repetitionsDone = 0;
  std::optional<std::size_t> repetitionsExpected;
  // Re-runs of unstable points: attempt k of at most `attempts`; 0 in a first measurement.
  std::size_t attempt = 0;
  std::size_t attempts = 0;
  // Seconds left in the whole run; present from the first report on (predicted before any
  // point finished, from the machine's bandwidth or the measuring targets).
  std::optional<double> etaS;
  // etaS counts points of variants not yet measured in this run at what the memory ceiling
  // allows (a Python loop runs hundreds of times slower): the run may take much longer.
  bool etaIsFloor = false;
  // Seconds left of the current point alone, so a front end can move its bar on between
  // reports (a phase such as preparing 8 GiB sends none while it lasts).
  std::optional<double> pointEtaS;

  // "add · parallel ×2 threads · 1024x1024x512 f64"; empty without a point.
  std::string describePoint() const;
  // "preparing", "warming up", "measuring 3 of 10", "measuring 3", "verifying", with
  // ", re-run 1 of 3" on a re-run.
  std::string describePhase() const;
};

// The bandwidth assumed to predict memory-bound points when the machine's was not measured:
// a modest laptop's, so the first estimate errs long rather than short.
inline constexpr double kAssumedBandwidthBytesPerS = 10e9;

struct RunCallbacks {
  std::function<void(const Progress&)> progress;
  std::function<void(const PointResult&)> pointFinished;
  // The machine's measured memory bandwidth (SystemInfo::bandwidthCeilingBytesPerS), which
  // predicts how long memory-bound points take before any has finished; 0: not measured.
  double bandwidthBytesPerS = 0;
};

using Clock = std::function<double()>;  // monotonic seconds
using MemoryProbe = std::function<MemoryAvailable()>;
// Fraction 0..1 of one point's repetitions, reported at most about 20 times a second.
using PointProgress = std::function<void(double fraction)>;

double steadySeconds();
// The CPU seconds this process has used, all its threads (CLOCK_PROCESS_CPUTIME_ID).
double processCpuSeconds();

// How the reason of a failed point whose allocation failed begins ("out of memory: an
// allocation failed while preparing its buffers; ..."): its own failure, never a verification
// failure.
inline constexpr std::string_view kOutOfMemory = "out of memory";
bool ranOutOfMemory(const PointResult& result);

// The most repetitions each point of a run of `pointCount` points may store: kMaxRunSamples
// / pointCount (session.h), so that a whole run fits a session file. The runner caps
// MeasureConfig::maxReps at it.
std::size_t pointSampleCap(std::size_t pointCount);
// Why `pointCount` points cannot be one run (each would get fewer than kMinPointSamples
// samples): "a sweep of 250000 points is more than one run may hold (100000): …"; nullopt
// when they can. Front ends ask before starting; Runner::run and rerunUnstable throw
// std::length_error with the same message.
std::optional<std::string> runSizeProblem(std::size_t pointCount);

class Runner {
 public:
  // `memory` answers what the machine has free, GPU included where the registry has gpu
  // variants; there is no default (front ends get a runner from Engine). Throws
  // std::invalid_argument when it or the clock is empty. Under MPI, `collective` is the
  // launch's (every rank runs the same points and takes every decision from rank 0);
  // null: one process (SoloCollective). `cpuClock` is read beside `clock` around each timed
  // batch (PointResult::cpu); empty: the CPU time is not measured (a run's own CPU time, a
  // Python child's, still is). `counters` are read beside it, and around the first call
  // (PointResult::counts); null: nothing is counted.
  Runner(const Registry& registry, MemoryProbe memory, Clock clock = steadySeconds,
         std::shared_ptr<Collective> collective = nullptr, Clock cpuClock = processCpuSeconds,
         std::shared_ptr<CounterSource> counters = nullptr);

  // Never throws for a kernel's failure: the result says failed/skipped/cancelled and why.
  // Stores at most pointSampleCap(1) samples.
  PointResult runPoint(const Point& point, const MeasureConfig& config, std::stop_token stop = {});
  PointResult runPoint(const Point& point, const MeasureConfig& config, std::stop_token stop,
                       const PointProgress& progress);

  // Runs points in order, reporting progress and each result as it completes. After a
  // stop request the remaining points are returned as cancelled. Fingerprints (pi's hit
  // counts) are compared across the points with equal params: a mismatch fails the point.
  // Each point stores at most pointSampleCap(points.size()) samples.
  std::vector<PointResult> run(const std::vector<Point>& points, const MeasureConfig& config,
                               const RunCallbacks& callbacks = {}, std::stop_token stop = {});

  // Measures the ok points flagged unstable again, up to `maxAttempts` more times each,
  // until one measurement is stable; each point keeps its steadiest measurement (smallest
  // relative spread) with `attempts` counting them all. Progress counts the re-measured
  // points; pointFinished reports each point's kept result. Returns the indices re-measured.
  std::vector<std::size_t> rerunUnstable(std::vector<PointResult>& results,
                                         const MeasureConfig& config, std::size_t maxAttempts,
                                         const RunCallbacks& callbacks = {},
                                         std::stop_token stop = {});

  // Where run() and rerunUnstable() measure each point from now on: `measurer` (a worker
  // process, worker.h); null: in this process, as a runner does by default. A launch of
  // several MPI ranks always measures in its ranks' own processes.
  void measureIn(std::shared_ptr<PointMeasurer> measurer);

  // One point measured here, in this process, with `config` as given (no run's sample budget
  // applied): what a worker process does with each point it is sent.
  MeasuredPoint measureHere(const Point& point, const MeasureConfig& config, std::stop_token stop,
                            const StageReport& stage);

 private:
  // Through measurer_ when there is one, else measureHere().
  MeasuredPoint measureOne(const Point& point, const MeasureConfig& config, std::stop_token stop,
                           const StageReport& stage, double expectedS);

  const Registry& registry_;
  MemoryProbe memory_;
  Clock clock_;
  Clock cpuClock_;
  std::shared_ptr<CounterSource> counters_;
  std::shared_ptr<Collective> collective_;
  std::shared_ptr<PointMeasurer> measurer_;
};

}  // namespace accellab
