// Two runs compared point by point: which points got faster, which slower, and whether the
// change is more than noise. Computed once here; the CLI and the desktop app show it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "accellab/compare_stats.h"
#include "accellab/result.h"
#include "accellab/session.h"

namespace accellab {

// What a comparison sets side by side: each sample's wall time (the default), or the CPU time
// the process that ran the code spent on it (PointResult::cpu), where a library's threads
// show that the wall time hides.
enum class CompareTime { wall, cpu };
std::string_view toString(CompareTime time);  // "wall", "cpu"
std::optional<CompareTime> parseCompareTime(std::string_view text);

struct CompareOptions {
  CompareTime time = CompareTime::wall;
  double alpha = 0.05;            // significance level of the Mann–Whitney U test
  double threshold = 0.05;        // the smallest change that counts: 0.05 = 5 % of the base median
  std::uint64_t seed = 20261130;  // of the bootstrap, the same for every point
  std::size_t resamples = kBootstrapResamples;
  friend bool operator==(const CompareOptions&, const CompareOptions&) = default;
};

// A point is significantly slower (faster) only when all of these hold:
//   p < alpha                         the U test finds the two samples differ,
//   ratio > 1 + threshold             the change is large enough to matter
//     (ratio < 1 - threshold),
//   the 95 % interval lies above 1    the bootstrap agrees on the direction
//     (below 1).
// Otherwise it shows no significant change, whatever its ratio.
enum class Verdict {
  faster,
  slower,
  unchanged,      // no significant change
  notComparable,  // in both runs, but not measured in one of them (skipped, failed, ...)
  onlyInBase,
  onlyInNew,
};
inline constexpr std::array kVerdicts = {Verdict::faster,     Verdict::slower,
                                         Verdict::unchanged,  Verdict::notComparable,
                                         Verdict::onlyInBase, Verdict::onlyInNew};
// "faster", "slower", "no significant change", "not comparable", "only in base",
// "only in new".
std::string_view toString(Verdict verdict);

// One run's side of a compared point.
struct ComparedSide {
  int threads = 1;  // may differ between the sides (see compareRuns)
  PointStatus status = PointStatus::ok;
  std::string reason;  // why not ok
  double medianS = 0;  // stats.medianS; for gpu points the kernel alone, as samplesS are
  std::size_t samples = 0;
  PointFlags flags;
  friend bool operator==(const ComparedSide&, const ComparedSide&) = default;
};

struct ComparisonRow {
  Point point;  // as the base run has it (the new run's when only in new); see the sides' threads
  Verdict verdict = Verdict::unchanged;
  std::optional<ComparedSide> baseSide;  // none: only in new
  std::optional<ComparedSide> newSide;   // none: only in base
  // Of comparable rows (both sides ok with samples) only:
  std::optional<double> ratio;  // new median / base median: below 1 is faster
  std::optional<RatioInterval> ratioCi95;
  std::optional<double> pValue;
  // Why the verdict is what it is where the numbers do not say it: the status of an
  // unmeasured side, samples too few to reach alpha, flags of either side.
  std::string note;
  friend bool operator==(const ComparisonRow&, const ComparisonRow&) = default;
};

// Which run a side is: `source` names where it came from ("base.json#2"; set by the caller).
struct ComparedRun {
  std::string source;
  int id = 0;
  std::string name;
  std::string created;
  friend bool operator==(const ComparedRun&, const ComparedRun&) = default;
};

struct Comparison {
  ComparedRun baseRun;
  ComparedRun newRun;
  CompareOptions options;
  // What makes the two runs less comparable than their numbers suggest: machines that
  // differ, system conditions either run recorded.
  std::vector<std::string> warnings;
  // Base order, each point of the new run alone placed after the last row of its kernel and
  // problem (at the end when the base has none).
  std::vector<ComparisonRow> rows;
  friend bool operator==(const Comparison&, const Comparison&) = default;
};

// Points match when kernel, variant, threads, ranks and params agree, the seed excepted: it picks
// the input values, not the work, and comparing a run with another seed is a fair question
// (the note says when seeds differ). A point listed twice in one run matches in order.
// Points left over that share kernel, variant and params, one in each run, match across
// their thread counts: `compare` of a run at 1 thread with one at 2 answers whether the
// threads helped (the row's sides say which threads each ran).
Comparison compareRuns(const Run& base, const Run& next, const CompareOptions& options = {});

std::size_t countOf(const Comparison& comparison, Verdict verdict);
// "2 faster, 1 slower, 5 no significant change, 1 only in new": verdicts with rows only.
std::string summaryText(const Comparison& comparison);

}  // namespace accellab
