// The values the two quality settings of a run may take: the CLI's --unstable-above and
// --cold-above, the window's "Unstable above" and "Cold above" fields, and the session's
// max_relative_spread and cold_factor, which its reader and writer check. One range each, so
// a value is valid everywhere or nowhere (they once differed: 0-1000 % in the CLI, 0.1-100 %
// in the window, and a session could hold any).
#pragma once

#include <string>

namespace accellab {

struct QualityRange {
  double min;  // inclusive
  double max;  // inclusive
  bool contains(double value) const { return value >= min && value <= max; }
};

// MAD / median above which a point is unstable (QualityLimits::maxRelativeSpread), as a
// fraction: 0.0001 % (a limit no real timing meets: every point re-measured) to 1000 %.
inline constexpr QualityRange kUnstableRange{1e-6, 10};
// First calls above this many medians mark a point cold (QualityLimits::coldFactor).
inline constexpr QualityRange kColdRange{1, 1e6};

// "0.1% to 1000%", "1 to 1000000": how messages name a range.
std::string describePercentRange(const QualityRange& range);
std::string describeRange(const QualityRange& range);

}  // namespace accellab
