// Measuring one point, wherever it runs: in this process (the runner's own measuring) or in a
// worker process that may die alone (worker.h). The runner owns the run (the points' order,
// the fingerprints across points, progress, estimates, re-runs); a measurer owns one point.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>

#include "accellab/measure_config.h"
#include "accellab/result.h"

namespace accellab {

// What the runner is doing with the point it works on, in order.
enum class RunPhase {
  preparing,  // allocating and filling its inputs (one call into the kernel: no reports within)
  warmingUp,  // the untimed first run
  measuring,  // the timed repetitions
  verifying,  // comparing the output with the reference
};
std::string_view toString(RunPhase phase);  // "preparing", "warming up", "measuring", "verifying"

// What measuring one point says as it goes: the phase, and in the measuring phase how far.
struct PointStage {
  RunPhase phase = RunPhase::preparing;
  std::size_t repetitionsDone = 0;
  std::optional<std::size_t> repetitionsExpected;
  std::optional<double> runS;  // one run's time, once the warm-up or the samples told it
  double fraction = 0;         // of the stop rule, in the measuring phase
  friend bool operator==(const PointStage&, const PointStage&) = default;
};
using StageReport = std::function<void(const PointStage&)>;

struct MeasuredPoint {
  PointResult result;
  // What the verification computed that other variants of the same problem must reproduce
  // (pi's hit count); the runner compares it across the run's points.
  std::optional<std::uint64_t> fingerprint;
  double prepareS = 0;  // how long the kernel took to allocate and fill the point's buffers
  // Set when the run must not go on after this point (a worker that crashed once too
  // often, or a crash under "stop on crash"): why, for the points left unmeasured.
  std::optional<std::string> endsRun{};
};

class PointMeasurer {
 public:
  virtual ~PointMeasurer() = default;
  // Never throws for the point's own failure: the result says failed, skipped or cancelled,
  // and why. `config` is the run's, already capped to its sample budget; `expectedS` the
  // run's prediction of the point's seconds (0: none), from which a watchdog may set a
  // deadline.
  virtual MeasuredPoint measure(const Point& point, const MeasureConfig& config,
                                std::stop_token stop, const StageReport& stage,
                                double expectedS) = 0;
};

}  // namespace accellab
