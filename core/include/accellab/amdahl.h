// Amdahl's law fitted to measured times: how much of a kernel's time no thread count shortens.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "accellab/report.h"

namespace accellab {

// One measured time of a thread count: the threads a point ran on (threadsUsed), which
// may be a fraction where a library's own threads kept more cores busy than it declared.
struct ThreadTime {
  double threads = 1;
  double seconds = 0;
};

// T(p) = oneThreadS * (serialFraction + (1 - serialFraction) / p).
struct AmdahlFit {
  double serialFraction = 0;  // s, in [0, 1]
  double oneThreadS = 0;      // T1 of the fitted curve, not the measured 1-thread time
  // How well the curve fits the times: 1 - residual / total sum of squares (1 when every time
  // is equal and the curve is flat; 0 or below when a fit clamped to s = 0 or 1 does no better
  // than the mean), and the root mean square of the residuals relative to each time.
  double rSquared = 0;
  double rmsRelativeError = 0;
  double timeAt(double threads) const;
  // oneThreadS / timeAt(threads): Amdahl's speedup, at most 1 / serialFraction.
  double speedupAt(double threads) const;
  friend bool operator==(const AmdahlFit&, const AmdahlFit&) = default;
};

// Least squares over `times` with s clamped to [0, 1]. Times that are not finite and positive,
// and thread counts below 1, are left out; none without 2 distinct thread counts left.
std::optional<AmdahlFit> fitAmdahl(std::span<const ThreadTime> times);

// The fit of one variant on one problem in one run.
struct ScalingFit {
  int runId = 0;
  std::string group;  // the rows' group: kernel + problem
  std::string kernel;
  std::string problem;
  std::string variant;
  AmdahlFit fit;
};

// The threads a row's point ran on: those it declared, or the cores it kept busy where that
// was clearly more (coresBeyondThreads: a library's own pool, a prange without a thread
// count) — on the thread axis, a "1 thread" NumPy that used 1.9 cores sits at 1.9.
double threadsUsed(const ReportRow& row);

// Each variant's fit on each problem over `rows` of one run (buildRunRows: gpu rows time what
// its options say), from its ok rows' medians at threadsUsed; in order of the groups' first
// rows. Variants measured with fewer than 2 thread counts have none.
std::vector<ScalingFit> scalingFits(const std::vector<ReportRow>& rows);

}  // namespace accellab
