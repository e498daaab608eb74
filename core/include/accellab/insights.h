// Why a variant is fast or slow, read back from one run's own measurements: what bounds it,
// where threads stop paying, what the loop order costs, what the first call costs, where a
// GPU's time goes. Each finding is a kind, the rows it rests on and its numbers, so that every
// front end words it in its own language; derived when asked, never stored. The thresholds
// and the theory behind each: docs/insights.md.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "accellab/compare.h"
#include "accellab/counters.h"
#include "accellab/report.h"
#include "accellab/session.h"

namespace accellab {

enum class InsightKind {
  // At the run's largest problem: its bandwidth is within kMemoryBound of the copy ceiling, or
  // of the roof of the cache level that holds it (ReportRow::ceilingLevel). numbers:
  // ceilingFraction, bytesPerS, ceilingBytesPerS, and cacheLevel for a cache's roof. These
  // three bounds carry the hardware counters' evidence where counted (countedOf).
  memoryBound,
  // At the largest problem: its FLOP rate is within kComputeBound of the FMA peak measured for
  // its element type, instruction set and threads. numbers: peakFraction, flopsPerS, peakFlopsPerS.
  computeBound,
  // At the largest problem: below kFarBelowRoof of the copy ceiling and of the FMA peak (when
  // one applies): neither bounds it; latency, dependency chains, the loop order or overhead do.
  // numbers: ceilingFraction, peakFraction (when a peak applies), cacheLevel (as above).
  belowBothRoofs,
  // A threaded variant's efficiency (its speedup over its own 1-thread time, per thread) falls
  // below kLowEfficiency from `threads` on. numbers: threads, efficiency, speedup.
  threadsStopPay,
  // Its most threads are slower than its one thread. numbers: threads, slowdown, overheadS (the
  // time beyond a perfect split of the 1-thread time), oneThreadS; the evidence of why, where
  // the run has it: splitFromBytes (the machine's split crossover) and bytes (the point's a
  // call), busy (1: a load or busy-process warning), cores (its cores used); and cause, a
  // LoseCause, the one the text names.
  threadsLose,
  // loop-strided (the tutorial's order) against loop on the same problem. numbers: factor,
  // strideBytes (how far apart two consecutive accesses are).
  accessOrder,
  // The first call (the warm-up) took more than the run's cold limit of medians: one finding a
  // kernel, its rows every such point, the coldest (first call over median) first. numbers:
  // firstCallS, medianS (the coldest's), points (how many), and where the baseline is slower,
  // paybackCalls (how many calls it takes the faster steady state to win the first call's cost
  // back); where page faults were counted, firstCallPageFaults, pageFaultsPerCall and bytes (a
  // call moves): the evidence firstTouch() judges.
  firstCall,
  // A gpu point's copies to and from the device take more than kCopiesDominate of its time
  // end to end. numbers: copyShare, copiesS, kernelS.
  gpuCopies,
  // A variant's throughput (elements per second) falls by kClearFactor or more from one size to
  // the next larger one of the run: the largest such fall of each variant and thread count.
  // numbers: fromBytes, toBytes (bytes a call moves), fromRate, toRate (elements/s), drop;
  // and, where a data cache's size lies between the two, cacheLevel and cacheBytes (the
  // largest such cache: the one the larger size no longer fits in).
  cacheDrop,
  // A gpu point's copies from and to pageable memory (as the tutorial's to_device does) take
  // kClearFactor or more times the same copies from pinned memory. numbers: pageableS,
  // pinnedS, factor.
  pageableCopies,
  // Python and C++ doing the same work on one problem, on one thread: each Python variant's
  // time as a multiple of AccelLab's own (`variant`: vectorized, else loop). numbers: one per
  // Python variant measured, by its name: the tutorial's (kPythonVariants) and a user's
  // functions that joined the kernel (Run::variantSources of kind "python").
  pythonAgainstCpp,
  // The run began on a busy machine (its "load" or "busy-process" warning): its times may be
  // slower and noisier than the machine is. numbers: flaggedPoints (unstable, cut short or
  // with outliers), measuredPoints, and load or busyProcess (1) for the warnings there were.
  // Rows: the flagged points, else every measured one.
  busyMachine,
  // A variant on the GPU, end to end (its copies included), against the fastest CPU variant of
  // each problem of the run, by size: from which size on it wins at every larger one
  // (`problem`: that size's), or that it wins at none. `other`: the CPU variant at the largest.
  // numbers: speedup (the CPU's time over the GPU's, at the largest size), largestSize, and
  // crossoverSize (elements) where it wins from a size on, everySize (1) where that is the
  // smallest size measured.
  gpuCrossover,
  // Points whose process kept clearly more cores busy than the threads they declared
  // (judgeCoreUse, quality.h: CPU time over wall time): threads of a library ran too. One
  // finding a run, its rows those points, the most cores first. numbers: threads (declared by
  // the first), cores (its cores used), points (how many such points).
  undeclaredThreads,
  // Across runs (findInsightsAcross): a later run of a kernel against the first run shown,
  // point by point as `compare` matches and judges them (compare.h: the U test, the bootstrap
  // interval and the threshold). numbers: baseRun, newRun, faster, slower, unchanged (points
  // of each verdict), alpha, threshold; and where a point changed significantly, ratio (the new
  // median over the base's) and pValue of the largest change, whose variant, problem and
  // threads the finding names, rows its index in the new run. None where the two runs share
  // no point measured in both.
  runChange,
};

// What a run needs for findings, for the words that say it has none (the CLI's, the files').
inline constexpr std::string_view kFindingsNeed =
    "they need a variant near a ceiling or far below both, a thread sweep, sizes on both sides "
    "of a cache, loop-strided beside loop, Python beside C++, a cold first call or a gpu point";

// The Python variants of the built-in kernels on one thread: the tutorial's own code, and its
// Dask row.
inline constexpr std::string_view kPythonVariants[] = {"python-loop", "numpy", "numba", "dask"};

// Why more threads lost (threadsLose's numbers["cause"]).
enum class LoseCause {
  belowSplit,   // the point moves less than the machine's split crossover: threads cost more
  busyMachine,  // the run began on a busy machine
  idleThreads,  // its threads kept fewer than kIdleThreads of their cores busy
  unknown,      // nothing this run measured says why
};
inline constexpr double kIdleThreads = 0.6;

inline constexpr double kMemoryBound = 0.7;
// Above the copy ceiling by more than its noise, a point ran from a cache: memory did not bound it.
inline constexpr double kAboveCeiling = 1.1;
inline constexpr double kComputeBound = 0.7;
inline constexpr double kFarBelowRoof = 0.1;
inline constexpr double kLowEfficiency = 0.5;
inline constexpr double kCopiesDominate = 0.5;
// Slower by less than this is noise, not a loss: loop-strided and threadsLose need more.
inline constexpr double kClearFactor = 1.5;

struct Insight {
  InsightKind kind{};
  std::string kernel;
  std::string problem;  // ReportRow::problem: "1024x1024x512 f64"
  std::string variant;
  // The variant it is compared with, where that is neither `variant` nor in its numbers
  // (gpuCrossover: the fastest CPU variant).
  std::string other;
  int threads = 1;        // of its first row: the thread findings compare theirs in `numbers`
  bool onDevice = false;  // its first row ran on a GPU: below both roofs, the launch dominates
  // The rows it rests on: indices into the run's points (and buildRunRows' rows).
  std::vector<std::size_t> rows;
  // The chart that shows the evidence, by its export stem: "roofline", "scaling", "time",
  // "first-call", "gpu-breakdown".
  std::string chart;
  std::map<std::string, double, std::less<>> numbers;
  // A row it rests on is unstable or was cut short: the finding says so and how to fix it.
  bool restsOnFlagged = false;
  friend bool operator==(const Insight&, const Insight&) = default;
};

std::string_view toString(InsightKind kind);  // "memory-bound", "threads-lose", ...

// threadsLose's cause (numbers["cause"]); unknown when it has none.
LoseCause loseCause(const Insight& insight);
// pythonAgainstCpp's factors, by Python variant, the slowest first; and whether any of them is
// faster than the C++ variant (then the C++ variant is not the floor).
std::vector<std::pair<std::string, double>> slowestFirst(const Insight& insight);
bool pythonFaster(const Insight& insight);

// The findings of `run`, with the speedups and GPU times `options` choose, in the order of
// its kernels and problems.
std::vector<Insight> findInsights(const Run& run, const ReportOptions& options = {});

// The findings across `runs` (runChange): each run after the first against the first, kernel
// by kernel, in the order of the runs and of the later run's kernels.
std::vector<Insight> findInsightsAcross(const std::vector<const Run*>& runs,
                                        const CompareOptions& options = {});

// In English, for the command line: the claim with its numbers, then the next step to try;
// "(rests on unstable points: ...)" when it does.
std::string describe(const Insight& insight);

// What a firstCall finding's page faults say of its cost: not counted (then the text names
// the possible causes), the first touch of memory (at least kFirstTouchFaults faults, and
// kFirstTouchFactor times a later call's), or not that.
enum class FirstTouch { notCounted, explains, doesNotExplain };
FirstTouch firstTouch(const Insight& insight);

// The hardware counters' rates a bound finding carries: numbers instructionsPerCycle,
// cacheMissesPerElement, l1dMissesPerElement, branchMissesPerElement, where counted.
CountedRates countedOf(const Insight& insight);
inline constexpr double kFirstTouchFaults = 16;
inline constexpr double kFirstTouchFactor = 4;

// The findings of each run, for sharing: {"format": "accellab-findings", "version": 1, "runs":
// [{"id", "name", "findings": [{"kind", "kernel", "problem", "variant", "threads", "on_device",
// "chart", "rests_on_flagged", "numbers": {name: value}, "evidence": [{"row", "variant",
// "threads", "problem"}], "text", "other" (Insight::other, where it has one)}]}], "across":
// [the same for findInsightsAcross, the evidence in the later run]}: numbers in SI units,
// "text" as describe() says it. "across" is empty for one run.
std::string findingsToJson(const std::vector<Run>& runs, const ReportOptions& options = {});
// The same as Markdown: a heading per run and a table of its findings, then "Across runs"
// where there are several, for an issue or a pull request.
std::string findingsToMarkdown(const std::vector<Run>& runs, const ReportOptions& options = {});

}  // namespace accellab
