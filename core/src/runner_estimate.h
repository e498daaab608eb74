// How long the points of a run will take: predicted from each point's workload before any
// ran (the machine's bandwidth for memory-bound points, the measuring targets for the rest),
// then learned from the points that finished. The runner turns it into Progress::etaS.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "accellab/measure_config.h"
#include "accellab/registry.h"
#include "accellab/result.h"

namespace accellab::detail {

// Samples the stop rule of `config` takes when one sample lasts `sampleS`.
std::size_t expectedRepetitions(double sampleS, const MeasureConfig& config);
// Seconds the timed repetitions last when one run takes `runS` (warm-up not included).
double measuringSeconds(double runS, const MeasureConfig& config);

// What one point's phases are predicted to take.
struct PointPlan {
  double prepareS = 0;
  std::optional<double> runS;  // one run; empty for a compute-bound point not yet learned
  double verifyS = 0;
};

class RunEstimate {
 public:
  // `knownRunS`, when given, holds one run's time of each point already measured (re-runs).
  RunEstimate(const Registry& registry, const std::vector<Point>& points,
              const MeasureConfig& config, double bandwidthBytesPerS,
              std::vector<std::optional<double>> knownRunS = {});

  PointPlan plan(std::size_t index) const;
  // Seconds the whole point is predicted to take; 0 for one that will be refused.
  double pointSeconds(std::size_t index) const;
  // Seconds of the timed repetitions and the warm-up once one run is known to take `runS`.
  double measuringSeconds(std::optional<double> runS) const;
  // Seconds the points after `index` are predicted to take.
  double secondsAfter(std::size_t index) const;
  // Some point from `index` on runs in a group (kernel, variant, threads) whose time is
  // neither known nor learned yet: its prediction is the memory ceiling's, a floor.
  bool guessesFrom(std::size_t index) const;

  // What a finished point taught: how long preparing took, and its one run's median time.
  void learn(std::size_t index, double prepareS, const PointResult& result);

 private:
  using Group = std::tuple<std::string, std::string, int>;  // kernel, variant, threads
  struct Work {
    bool runs = true;  // false: the variant is unknown or unavailable here
    Group group;
    std::uint64_t elements = 0;
    std::uint64_t bytes = 0;
    std::uint64_t hostBytes = 0;
  };

  std::vector<Work> work_;
  std::vector<std::optional<double>> knownRunS_;
  MeasureConfig config_;
  double bandwidthBytesPerS_;
  double prepareSPerByte_;
  double preparedBytes_ = 0, preparedS_ = 0;
  std::map<Group, double> runSPerElement_;  // learned from finished points
};

}  // namespace accellab::detail
