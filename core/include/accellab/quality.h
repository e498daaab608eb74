// Judging a measurement: whether it is unstable, cut short, cold or heavy-tailed, and what to
// do about it.
#pragma once

#include <string>
#include <vector>

#include "accellab/measure_config.h"
#include "accellab/result.h"

namespace accellab {

// MAD / median of an ok point's samples; 0 without samples.
double relativeSpread(const PointResult& result);

// The `outliers` rule. MAD is blind to a tail that holds a fifth of the samples (a point of
// 489 samples with 95 at 12 ms against a 193 us median had a small MAD and a mean 10.7x the
// median). A point is flagged when more than kOutlierShare of its samples lie outside Tukey's
// fences (1.5 IQR beyond the quartiles: Statistics::outliers) and it has kOutlierMinSamples
// or more (the quartiles of a handful of samples put half of them outside), or when its mean
// exceeds kMeanToMedian medians. A normal spread puts 0.7 % outside the fences; a mean 1.5x
// the median needs, say, 5 % of the samples at 10x.
inline constexpr double kOutlierShare = 0.10;
inline constexpr std::size_t kOutlierMinSamples = 20;
inline constexpr double kMeanToMedian = 1.5;

// The flags that follow from the samples and the first call (unstable, cold, outliers);
// cutShort is kept as it was, since only the runner knows why measuring stopped. Only ok
// points are flagged.
PointFlags judgeQuality(const PointResult& result, const QualityLimits& limits);

// An ok point whose samples cannot be trusted as they are (unstable or outliers): what
// --rerun-unstable and "Re-run unstable points" measure again.
bool worthRemeasuring(const PointResult& result);
// Of two measurements of one point, whether `a` is the steadier: not worth re-measuring
// before worth it, then the smaller relative spread.
bool steadier(const PointResult& a, const PointResult& b);

// What the CPU time (PointResult::cpu) says against the threads a point declared. Clearly
// more cores than threads: threads the code did not declare ran too (a library's own pool).
// A one-thread host point clearly below one core: it waited or was preempted. Each needs
// both a relative and an absolute margin, so a busy second of a thread's startup does not
// trip it.
enum class CoreUse { asDeclared, beyondThreads, belowOneCore };
inline constexpr double kCoresBeyondFactor = 1.15;
inline constexpr double kCoresBeyondMargin = 0.1;
inline constexpr double kCoresBelowOne = 0.75;
CoreUse judgeCoreUse(const PointResult& result);
// Whether `cores` is clearly more than `threads`: judgeCoreUse's beyondThreads.
bool coresBeyondThreads(double cores, int threads);
// For a note: "declared 1 thread, used 1.93 cores: …", "1 thread, 0.42 cores of CPU over its
// wall time: …"; empty when the point used what it declared.
std::string coreUseNote(const PointResult& result);
// "CPU time 2.10 ms per run, 1.93 cores used", then coreUseNote on a line of its own where it
// says something; empty where the CPU time was not measured.
std::string cpuUseText(const PointResult& result);

// "unstable", "cut-short", "cold", "outliers": the names used in sessions and exports, in this
// order.
std::vector<std::string> flagNames(const PointFlags& flags);
// Every flag's name, in that order.
std::vector<std::string> everyFlagName();
// A measured point with a flag: what the Runs panel counts as flagged and the busy-machine
// finding says of a run, one count.
bool flaggedPoint(const PointResult& result);
// Sets the flag of `name`; false for a name that is not a flag.
bool setFlag(PointFlags& flags, std::string_view name);
// "unstable, cold", or "" when there is none.
std::string flagsText(const PointFlags& flags);
// What the advice calls the settings it tells the user to change: the CLI's flags by default,
// the window's fields there ("Minimum time", "Re-run unstable"). An empty maxTime: the front
// end has no such setting, and the advice does not offer it.
struct AdviceTerms {
  std::string minTime = "--min-time";
  std::string reps = "--reps";
  std::string maxTime = "--max-time";
  std::string rerun = "--rerun-unstable";
};

// For a tooltip or a note: each flag of the point, why it was set and what to do.
std::string flagAdvice(const PointResult& result, const QualityLimits& limits,
                       const AdviceTerms& terms = {});

}  // namespace accellab
