// How a run's distributed points scale with their MPI ranks: computed once here from the run's
// complete result set, for every front end (the desktop app's Rank scaling chart).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "accellab/report.h"
#include "accellab/session.h"

namespace accellab {

// One rank count of a line. Values are none where the point has no time (failed, skipped,
// cancelled) or its line no 1-rank time to hold it against: a gap, never a zero.
struct RankScalingPoint {
  std::size_t index = 0;  // into the run's points
  std::string group;      // its report row's group (its total problem, under weak scaling)
  int ranks = 1;
  // Strong scaling: t(1) / t(r). Weak: r · t(1) / t(r), the scaled speedup (Gustafson): the
  // work done in the time of one rank's.
  std::optional<double> speedup;
  // speedup / r: strong t(1) / (r · t(r)), weak t(1) / t(r); 1 is ideal.
  std::optional<double> efficiency;
  // The same quantity from the fastest and the slowest rank's own median (rankMediansS), so
  // imbalance shows as a range around the point; none without two rank medians.
  std::optional<double> efficiencyFastestRank;
  std::optional<double> efficiencySlowestRank;
  friend bool operator==(const RankScalingPoint&, const RankScalingPoint&) = default;
};

// One variant on one problem at one thread count per rank, across its rank counts.
struct RankScalingLine {
  // The report rows' group (kernel and problem); under weak scaling that of the problem of
  // each rank, which every point of the line shares while their totals grow with the ranks.
  std::string group;
  std::string kernel;
  std::string variant;
  int threads = 1;
  std::optional<double> oneRankS;        // the 1-rank point's time, when it has one
  std::vector<RankScalingPoint> points;  // by rank count; one point per rank count
  friend bool operator==(const RankScalingLine&, const RankScalingLine&) = default;
};

// The run's scaling: its MPI launch's, strong without one.
Scaling scalingOf(const Run& run);

// The lines of every variant, problem and thread count of the run measured at some rank count
// other than 1, in order of their first point. Times as the report rows take them (options:
// kernel or end-to-end time of gpu points).
std::vector<RankScalingLine> rankScaling(const Run& run, const ReportOptions& options = {});

}  // namespace accellab
