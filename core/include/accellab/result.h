// What one measured point produced. Plain values: copied across threads and into sessions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "accellab/kernel.h"
#include "accellab/stats.h"
#include "accellab/types.h"

namespace accellab {

// One combination of the sweep's axes.
struct Point {
  std::string kernel;
  std::string variant;
  Params params;
  int threads = 1;
  // MPI processes the point ran on: an axis of distributed variants only (VariantInfo::
  // distributed), 1 for every other point.
  int ranks = 1;
  // The name another tool measured it under (Google Benchmark's run_name, gbench.h), for an
  // imported point; empty for AccelLab's own. Kernel and variant are made plain names, so
  // this says what the point was; nothing here verified its result. ({}: initialisers that
  // stop before it, {kernel, variant, params, threads}, need not spell it out.)
  std::string originalName{};
  friend bool operator==(const Point&, const Point&) = default;
};

// "add parallel 1024x1024x512 f64 x2 threads", "pi mpi 1e8 samples x4 ranks x1 thread": for
// progress lines and logs.
std::string describe(const Point& point);

// Each variant of `points` once, in the order they first name it.
std::vector<std::string> variantsIn(const std::vector<Point>& points);

enum class PointStatus { ok, skipped, failed, cancelled };
std::string_view toString(PointStatus status);
std::optional<PointStatus> parsePointStatus(std::string_view text);

// Why a point's numbers are not to be trusted as they are (quality.h judges them).
// The variant speedups are against unless the user picks another (report.h, defaultBaseline).
inline constexpr std::string_view kDefaultBaseline = "loop";

struct PointFlags {
  bool unstable = false;  // spread above QualityLimits::maxRelativeSpread
  bool cutShort = false;  // MeasureConfig::maxTimeS stopped it before minReps repetitions
  bool cold = false;      // first call above QualityLimits::coldFactor medians
  bool outliers = false;  // a heavy tail MAD cannot see (quality.h, kOutlierShare)
  bool any() const { return unstable || cutShort || cold || outliers; }
  friend bool operator==(const PointFlags&, const PointFlags&) = default;
};

// The CPU time of the process that ran a point's code, all its threads (Dask's scheduler,
// OpenBLAS, Numba's pool included), read around each timed batch beside the wall time.
struct CpuUse {
  // CPU seconds per run of each sample, beside PointResult::samplesS (one each).
  std::vector<double> samplesS;
  double medianS = 0;  // of samplesS
  // CPU time over the wall time it was read beside, both summed over the samples: the cores
  // the code kept busy. (A GPU point's wall time here is the host's clock, not its events.)
  double cores = 0;
  friend bool operator==(const CpuUse&, const CpuUse&) = default;
};

// The most of a point's output (PointResult::output) a session keeps: its end, where a
// failure's last words are.
inline constexpr std::size_t kMaxPointOutput = std::size_t{64} << 10;

// perf events (counters.h) counted in the process that ran the code, by perf's event name
// ("page-faults", "context-switches", "cpu-migrations", "cycles", "instructions", …).
struct EventCounts {
  // Per timed call: the counts over every timed batch over the calls they made.
  std::map<std::string, double> perCall;
  // In the first call alone (the warm-up): its page faults are the first touch's.
  std::map<std::string, double> firstCall;
  friend bool operator==(const EventCounts&, const EventCounts&) = default;
};

struct PointResult {
  Point point;
  PointStatus status = PointStatus::ok;
  std::string reason;            // why not ok
  std::vector<double> samplesS;  // every timed repetition, seconds
  Statistics stats;              // of samplesS
  double firstCallS = 0;         // the warm-up run, kept out of samplesS
  std::uint64_t elements = 0;    // per run
  std::uint64_t bytes = 0;       // read + written per run
  std::uint64_t flops = 0;       // floating-point operations per run; 0 = not counted
  double elementsPerS = 0;       // elements / median
  double bytesPerS = 0;          // bytes / median
  double flopsPerS = 0;          // flops / median
  bool verified = false;
  std::string verifyDetail;
  std::string isa;     // SIMD target of vectorized/parallel points
  std::string stores;  // "streaming", "cached" (KernelRun::stores), or empty
  // What set the point's repetitions in place of the run's settings (OwnRepetitions::origin:
  // "repeat = 5"); empty: the run's settings.
  std::string repetitionsBy;
  // The code the point compiled and loaded before its first call (KernelRun::codeBuild):
  // firstCallS includes its seconds.
  std::optional<CodeBuild> build;
  std::optional<GpuTiming> gpu;     // medians over the repetitions, GPU points only
  std::optional<GpuTiming> gpuMad;  // their median absolute deviations
  // Runs timed back to back per sample (very fast kernels); samplesS hold per-run means.
  std::uint64_t runsPerSample = 1;
  PointFlags flags;
  // Measurements of this point in its run: more than 1 after re-runs of unstable points
  // (the one kept is the steadiest).
  std::uint32_t attempts = 1;
  // Distributed points: the median time of each rank's own share, by rank, so imbalance shows
  // (samplesS hold the slowest rank's time of each repetition); empty for every other point.
  std::vector<double> rankMediansS;
  // The threads that did a share of the work in every run, for variants that count them
  // (RunOutcome::threadsWorked); below point.threads when the problem was too small to
  // split. 0: not counted.
  int threadsWorked = 0;
  // What the run reported besides its times (KernelRun::reportedValues), in the kernel's order:
  // each a column of its own in the printers, empty for a point that did not report it.
  std::vector<ReportedValue> values{};
  // Why the point has none of them though measured ("its report_values failed: …"): its times
  // stand, its values are gaps with this reason. Empty when it reported or declares none.
  std::string valuesMissing{};
  // Empty where not measured: an imported point, a file written before it, no sample taken.
  std::optional<CpuUse> cpu{};
  // Empty where nothing was counted: no event opened (SystemInfo::counters says why), code in
  // a Python child, an imported point, a file written before counting.
  std::optional<EventCounts> counts{};
  // What the code printed on stdout and stderr while the point ran in a worker process, its
  // last kMaxPointOutput bytes (a note says how much came before); empty when it printed
  // nothing or ran in this process (whose output is the terminal's).
  std::string output{};
  friend bool operator==(const PointResult&, const PointResult&) = default;
};
std::vector<std::string> variantsIn(const std::vector<PointResult>& results);

}  // namespace accellab
