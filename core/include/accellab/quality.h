// Judging a measurement: whether it is unstable, cut short or cold, and what to do about it.
#pragma once

#include <string>
#include <vector>

#include "accellab/measure_config.h"
#include "accellab/result.h"

namespace accellab {

// MAD / median of an ok point's samples; 0 without samples.
double relativeSpread(const PointResult& result);

// The flags that follow from the samples and the first call (unstable, cold); cutShort is
// kept as it was, since only the runner knows why measuring stopped. Only ok points are
// flagged.
PointFlags judgeQuality(const PointResult& result, const QualityLimits& limits);

// "unstable", "cut-short", "cold": the names used in sessions and exports, in this order.
std::vector<std::string> flagNames(const PointFlags& flags);
// Sets the flag of `name`; false for a name that is not a flag.
bool setFlag(PointFlags& flags, std::string_view name);
// "unstable, cold", or "" when there is none.
std::string flagsText(const PointFlags& flags);
// For a tooltip or a note: each flag of the point, why it was set and what to do.
std::string flagAdvice(const PointResult& result, const QualityLimits& limits);

}  // namespace accellab
