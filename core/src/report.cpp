#include "accellab/report.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

#include "accellab/cache_roofs.h"
#include "accellab/counters.h"
#include "accellab/format.h"
#include "accellab/insights.h"
#include "accellab/quality.h"
#include "report_stream.h"

namespace accellab {

namespace {

// The time a row shows: the samples' median and MAD, or for an end-to-end gpu row the
// medians of the end-to-end times and their MAD.
struct RowTime {
  double medianS = 0;
  double spreadS = 0;
  bool endToEnd = false;
};

RowTime rowTime(const PointResult& result, GpuTime gpuTime) {
  if (gpuTime == GpuTime::endToEnd && result.gpu && result.gpu->endToEndS > 0)
    return {result.gpu->endToEndS, result.gpuMad ? result.gpuMad->endToEndS : 0, true};
  return {result.stats.medianS, result.stats.madS, false};
}

// Why a host point ran faster than the memory copy ceiling: the smallest data cache (of the
// levels distinguished here) that holds what one call moves. Where none does, a few percent
// above is the ceiling's own noise, and more says the ceiling is low, not that caches helped.
std::string aboveTheCeiling(std::uint64_t bytes, double fraction,
                            const std::vector<CacheInfo>& caches) {
  const CacheInfo* holds = nullptr;
  const CacheInfo* largest = nullptr;
  for (const CacheInfo& cache : caches) {
    if (!holdsData(cache)) continue;
    if (largest == nullptr || cache.sizeBytes > largest->sizeBytes) largest = &cache;
    if (cache.sizeBytes >= bytes && (holds == nullptr || cache.sizeBytes < holds->sizeBytes))
      holds = &cache;
  }
  const std::string moved = formatValue(static_cast<double>(bytes), ValueKind::bytes);
  const auto sized = [](const CacheInfo& cache) {
    // Appended piece by piece: GCC 12 warns (-Wrestrict) on "L" + std::to_string(...) here.
    std::string text = "L";
    text += std::to_string(cache.level);
    text += " (" + formatValue(static_cast<double>(cache.sizeBytes), ValueKind::bytes) + ")";
    return text;
  };
  if (holds != nullptr)
    return "above the memory ceiling: the " + moved + " a call moves fit in " + sized(*holds) +
           ", so it ran from the cache, not memory";
  if (largest == nullptr)
    return "above the memory ceiling; the caches are not known here, so whether part of the " +
           moved + " a call moves came from them cannot be told";
  if (fraction <= kAboveCeiling)
    return "at the memory ceiling, within its own noise: the " + moved +
           " a call moves fit no cache (the largest is " + sized(*largest) + ")";
  return "above the memory ceiling although the " + moved +
         " a call moves fit no cache (the largest is " + sized(*largest) +
         "): the ceiling is below what this machine copies; measure it again when the machine is "
         "quiet (accellab-cli sysinfo --remeasure)";
}

// "printed 3 lines (kept in the session), the last: abserr 1e-3" for a point whose code
// printed; empty for one that did not.
std::string printedNote(const std::string& output) {
  if (output.empty()) return {};
  const auto lines = std::ranges::count(output, '\n') + (output.ends_with('\n') ? 0 : 1);
  std::string_view last = output;
  while (last.ends_with('\n')) last.remove_suffix(1);
  last = last.substr(last.rfind('\n') == std::string_view::npos ? 0 : last.rfind('\n') + 1);
  constexpr std::size_t kShown = 80;
  std::string shown(last.substr(0, kShown));
  if (last.size() > kShown) shown += "...";
  return "printed " + std::to_string(lines) + (lines == 1 ? " line" : " lines") +
         " (kept in the session), the last: " + shown;
}

// What the scheduler did to a point whose samples spread: its context switches and CPU
// migrations per call, where counted. The numbers only: a spread has other causes too (the
// clock, other cores' traffic), which no counter here shows.
std::string switchedNote(const PointResult& result) {
  if (!(result.flags.unstable || result.flags.outliers) || !result.counts) return {};
  const auto& perCall = result.counts->perCall;
  const auto switches = perCall.find("context-switches");
  const auto migrations = perCall.find("cpu-migrations");
  if (switches == perCall.end() || migrations == perCall.end()) return {};
  return "spread with " + formatValue(switches->second, ValueKind::number) +
         " context switches and " + formatValue(migrations->second, ValueKind::number) +
         " CPU migrations per call";
}

std::string noteFor(const PointResult& result, GpuTime gpuTime) {
  if (result.status != PointStatus::ok) {
    // A crash's reason quotes stderr's last lines already.
    const std::string printed = printedNote(result.output);
    if (printed.empty() || result.reason.find("last lines on stderr") != std::string::npos)
      return result.reason;
    return result.reason + "; " + printed;
  }
  std::string note = simdName(result.isa);
  // An ok point not verified had nothing to compare with: the detail says why (an imported
  // one's detail is the import's, said by its benchmark's name).
  if (!result.verified && !result.verifyDetail.empty() && result.point.originalName.empty()) {
    if (!note.empty()) note += "; ";
    note += result.verifyDetail;
  }
  if (!result.stores.empty()) {
    if (!note.empty()) note += "; ";
    note += result.stores + " stores";
  }
  if (!result.repetitionsBy.empty()) {
    if (!note.empty()) note += "; ";
    note += std::to_string(result.samplesS.size()) + " samples, as its " + result.repetitionsBy +
            " asks";
  }
  if (result.build) {
    if (!note.empty()) note += "; ";
    note += "first call includes " + formatValue(result.build->compileS, ValueKind::duration) +
            " to compile and " + formatValue(result.build->loadS, ValueKind::duration) +
            " to load (" + result.build->how + ")";
  }
  if (!result.valuesMissing.empty()) {
    if (!note.empty()) note += "; ";
    note += "no values: " + result.valuesMissing;
  }
  if (const std::string cores = coreUseNote(result); !cores.empty()) {
    if (!note.empty()) note += "; ";
    note += cores;
  }
  if (const std::string switched = switchedNote(result); !switched.empty()) {
    if (!note.empty()) note += "; ";
    note += switched;
  }
  if (result.counts) {
    if (const std::string counted = describe(countedRates(*result.counts, result.elements));
        !counted.empty()) {
      if (!note.empty()) note += "; ";
      note += "counted " + counted;
    }
  }
  if (const std::string printed = printedNote(result.output); !printed.empty()) {
    if (!note.empty()) note += "; ";
    note += printed;
  }
  if (result.threadsWorked > 0 && result.threadsWorked < result.point.threads) {
    if (!note.empty()) note += "; ";
    note += "ran on " + std::to_string(result.threadsWorked) + " of " +
            std::to_string(result.point.threads) + " threads: too little work to split";
  }
  if (result.gpu) {
    const GpuTiming& gpu = *result.gpu;
    const auto time = [](double s) { return formatValue(s, ValueKind::duration); };
    if (!note.empty()) note += "; ";
    note += rowTime(result, gpuTime).endToEnd ? "end to end" : "kernel only";
    note += "; kernel " + time(gpu.kernelS) + ", h2d " + time(gpu.h2dS) + ", d2h " + time(gpu.d2hS);
    if (gpu.h2dPageableS > 0 || gpu.d2hPageableS > 0)
      note += "; pageable h2d " + time(gpu.h2dPageableS) + ", d2h " + time(gpu.d2hPageableS);
  }
  return note;
}

}  // namespace

std::string_view toString(GpuTime time) {
  return time == GpuTime::endToEnd ? "end-to-end" : "kernel";
}

std::optional<GpuTime> parseGpuTime(std::string_view text) {
  if (text == "kernel") return GpuTime::kernel;
  if (text == "end-to-end") return GpuTime::endToEnd;
  return std::nullopt;
}

Ceilings ceilingsOf(const SystemInfo& system) {
  const GpuInfo* gpu = selectedGpu(system);
  return {.hostBytesPerS = system.bandwidthCeilingBytesPerS,
          .deviceBytesPerS = gpu ? gpu->copyCeilingBytesPerS : 0,
          .acrossNodes = false,
          .caches = distinguishedCaches(system),
          .cacheRoofs = usableCacheRoofs(system)};
}

std::optional<CacheRoof> cacheRoofFor(std::uint64_t bytes, int threads,
                                      const std::vector<CacheRoof>& roofs) {
  int most = 1;
  for (const CacheRoof& roof : roofs) most = std::max(most, roof.threads);
  const int measuredOn = threads <= 1 ? 1 : most;
  std::optional<CacheRoof> holds;
  for (const CacheRoof& roof : roofs) {
    if (roof.threads != measuredOn) continue;
    const bool privateLevel = roof.level <= kLastPrivateCacheLevel;
    const std::uint64_t room =
        privateLevel ? roof.sizeBytes * static_cast<std::uint64_t>(std::max(threads, 1))
                     : roof.sizeBytes;
    if (bytes > room || (holds && holds->level <= roof.level)) continue;
    holds = roof;
    if (privateLevel && threads > 1 && threads != roof.threads)
      holds->bytesPerS = roof.bytesPerS * threads / roof.threads;
    holds->threads = std::max(threads, 1);
  }
  return holds;
}

std::optional<CacheRoof> cacheRoofOf(const PointResult& point,
                                     const std::vector<CacheRoof>& roofs) {
  if (point.gpu || point.point.ranks > 1) return std::nullopt;
  return cacheRoofFor(point.bytes,
                      point.threadsWorked > 0 ? point.threadsWorked : point.point.threads, roofs);
}

Ceilings ceilingsOf(const Run& run) {
  Ceilings ceilings = ceilingsOf(run.system);
  ceilings.acrossNodes = run.mpi && run.mpi->nodes.size() > 1;
  return ceilings;
}

namespace detail {

ReportRow rowWithoutSpeedup(const PointResult& result, const Ceilings& ceilings,
                            const ReportOptions& options, int runId) {
  ReportRow row;
  row.runId = runId;
  row.group = reportGroup(result.point);
  row.kernel = result.point.kernel;
  row.problem = describe(result.point.params);
  row.size = problemSize(result.point.params);
  row.variant = result.point.variant;
  row.threads = result.point.threads;
  row.ranks = result.point.ranks;
  row.status = result.status;
  const RowTime time = rowTime(result, options.gpuTime);
  row.medianS = time.medianS;
  row.spreadS = time.spreadS;
  row.stats = result.stats;
  row.samples = result.samplesS.size();
  row.runsPerSample = result.runsPerSample;
  row.firstCallS = result.firstCallS;
  row.elements = result.elements;
  row.bytes = result.bytes;
  row.elementsPerS = result.elementsPerS;
  row.bytesPerS = result.bytesPerS;
  row.flops = result.flops;
  row.flopsPerS = result.flopsPerS;
  if (time.endToEnd) {
    row.elementsPerS = static_cast<double>(result.elements) / time.medianS;
    row.bytesPerS = static_cast<double>(result.bytes) / time.medianS;
    row.flopsPerS = static_cast<double>(result.flops) / time.medianS;
  }

  row.verified = result.verified;
  row.originalName = result.point.originalName;
  row.flags = result.flags;
  row.attempts = result.attempts;
  row.reason = result.reason;
  row.isa = result.isa;
  row.gpu = result.gpu;
  row.note = noteFor(result, options.gpuTime);
  // An imported point's plain names may not say which benchmark it was: its own name does.
  if (!row.originalName.empty())
    row.note = "benchmark " + row.originalName + (row.note.empty() ? "" : "; " + row.note);
  // What the code reported stays, a failed verification's too: a plugin's abserr is what
  // explains the failure (a point that never measured has none).
  row.values = result.values;
  const bool ok = result.status == PointStatus::ok && time.medianS > 0;
  // A point that did not finish well has no numbers to show: its samples were cut off
  // (cancelled) or timed a wrong result (failed). The status and note say why.
  if (!ok) {
    row.medianS = row.spreadS = row.firstCallS = row.elementsPerS = row.bytesPerS = row.flopsPerS =
        0;
    row.stats = {};
  } else if (result.cpu) {
    row.cpuS = result.cpu->medianS;
    row.coresUsed = result.cpu->cores;
  }
  row.counts = result.counts;
  const auto [fastest, slowest] =
      std::minmax_element(result.rankMediansS.begin(), result.rankMediansS.end());
  if (ok && result.rankMediansS.size() >= 2 && *fastest > 0) row.imbalance = *slowest / *fastest;
  if (ok && result.flops > 0 && result.bytes > 0)
    row.intensity = static_cast<double>(result.flops) / static_cast<double>(result.bytes);
  double ceiling = result.gpu ? ceilings.deviceBytesPerS : ceilings.hostBytesPerS;
  // A host problem that fits a cache is judged against that level's roof.
  // Level 0: none applies (a plain value: GCC 12 misreads an optional here).
  const CacheRoof roof = cacheRoofOf(result, ceilings.cacheRoofs).value_or(CacheRoof{});
  if (roof.level > 0) ceiling = roof.bytesPerS;
  const bool oneMachine = !ceilings.acrossNodes || result.point.ranks == 1;
  if (ok && !time.endToEnd && oneMachine && ceiling > 0 && row.bytesPerS > 0) {
    row.ceilingFraction = row.bytesPerS / ceiling;
    if (roof.level > 0) {
      row.ceilingLevel = roof.level;
      row.note += (row.note.empty() ? "" : "; ") + std::string("ceiling: the L") +
                  std::to_string(roof.level) + " roof (" +
                  formatValue(static_cast<double>(roof.sizeBytes), ValueKind::bytes) +
                  " holds the " + formatValue(static_cast<double>(result.bytes), ValueKind::bytes) +
                  " a call moves; " + formatValue(roof.bytesPerS, ValueKind::byteRate) + " on " +
                  std::to_string(roof.threads) + (roof.threads == 1 ? " thread)" : " threads)");
    }
  }
  if (row.ceilingFraction && *row.ceilingFraction > 1 && !result.gpu && roof.level == 0)
    row.note += (row.note.empty() ? "" : "; ") +
                aboveTheCeiling(result.bytes, *row.ceilingFraction, ceilings.caches);
  return row;
}

std::vector<std::size_t> baselineOrder(const std::vector<PointResult>& points,
                                       const std::string& baseline) {
  // Groups keep the order of their first point; within a group the baseline moves first.
  std::unordered_map<std::string, std::size_t> groupRanks;
  std::vector<std::pair<std::size_t, int>> ranks;
  ranks.reserve(points.size());
  for (const PointResult& p : points) {
    const auto group = groupRanks.try_emplace(reportGroup(p.point), groupRanks.size()).first;
    ranks.emplace_back(group->second, p.point.variant == baseline ? 0 : 1);
  }
  std::vector<std::size_t> order(points.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return ranks[a] < ranks[b]; });
  return order;
}

}  // namespace detail

bool isBaselineRow(const ReportRow& row, std::string_view baseline) {
  return row.variant == baseline && row.threads == 1 && row.ranks == 1 &&
         row.status == PointStatus::ok && row.medianS > 0;
}

void setSpeedup(ReportRow& row, std::optional<double> baselineS) {
  if (row.medianS > 0 && baselineS) row.speedup = *baselineS / row.medianS;
}

std::string defaultBaseline(const std::vector<std::string>& variants) {
  if (variants.empty() || std::ranges::find(variants, kDefaultBaseline) != variants.end())
    return std::string(kDefaultBaseline);
  return variants.front();
}

std::string defaultBaseline(const std::vector<PointResult>& points) {
  return defaultBaseline(variantsIn(points));
}

std::string defaultBaseline(const Run& run) {
  const bool started = std::ranges::any_of(run.points, [&](const PointResult& result) {
    return result.point.variant == run.settings.baseline;
  });
  return started ? run.settings.baseline : defaultBaseline(run.points);
}

ReportOptions resolvedFor(const ReportOptions& options, const Run& run) {
  ReportOptions resolved = options;
  // Unrelated benchmarks have no baseline: no variant name is empty, so no row is one.
  if (run.unrelatedVariants)
    resolved.baseline.clear();
  else if (resolved.baseline.empty())
    resolved.baseline = defaultBaseline(run);
  return resolved;
}

namespace {

// The rows with speedups against `options.baseline` as given (empty: none).
std::vector<ReportRow> rowsAgainst(const std::vector<PointResult>& points, const Ceilings& ceilings,
                                   const ReportOptions& options, int runId) {
  std::vector<ReportRow> rows;
  rows.reserve(points.size());
  // Each group's baseline is its first baseline row: found once, not once per row.
  std::unordered_map<std::string, double> baselines;
  for (const PointResult& result : points) {
    ReportRow& row = rows.emplace_back(detail::rowWithoutSpeedup(result, ceilings, options, runId));
    if (isBaselineRow(row, options.baseline)) baselines.try_emplace(row.group, row.medianS);
  }
  for (ReportRow& row : rows) {
    const auto baseline = baselines.find(row.group);
    setSpeedup(row, baseline == baselines.end() ? std::nullopt : std::optional(baseline->second));
  }
  return rows;
}

}  // namespace

std::vector<ReportRow> buildReportRows(const std::vector<PointResult>& points,
                                       const Ceilings& ceilings, const ReportOptions& given,
                                       int runId) {
  ReportOptions options = given;
  if (options.baseline.empty()) options.baseline = defaultBaseline(points);
  return rowsAgainst(points, ceilings, options, runId);
}

std::vector<ReportRow> buildRunRows(const Run& run, const ReportOptions& options) {
  return rowsAgainst(run.points, ceilingsOf(run), resolvedFor(options, run), run.id);
}

std::vector<PointResult> baselineFirst(std::vector<PointResult> points,
                                       const std::string& baseline) {
  std::vector<PointResult> ordered;
  ordered.reserve(points.size());
  for (std::size_t i : detail::baselineOrder(points, baseline))
    ordered.push_back(std::move(points[i]));
  return ordered;
}

void reportRun(Reporter& reporter, const Run& run, const ReportOptions& options) {
  reporter.begin(run);
  for (std::size_t i : detail::baselineOrder(run.points, resolvedFor(options, run).baseline))
    reporter.point(run.points[i]);
  reporter.end();
}

void writeReport(ReportFormat format, std::ostream& out, const std::vector<Run>& runs,
                 ReportOptions options) {
  ValueColumns values;
  values.add(options.values);
  for (const Run& run : runs) values.add(run.points);
  options.values = values.values();
  const auto reporter = makeReporter(format, out, options);
  for (const Run& run : runs) reportRun(*reporter, run, options);
  reporter->finish();
}

std::unique_ptr<Reporter> makeReporter(ReportFormat format, std::ostream& out,
                                       const ReportOptions& options) {
  switch (format) {
    case ReportFormat::console:
      return detail::makeConsoleReporter(out, options);
    case ReportFormat::csv:
      return detail::makeCsvReporter(out, options);
    case ReportFormat::markdown:
      return detail::makeMarkdownReporter(out, options);
    case ReportFormat::json:
      return detail::makeJsonReporter(out, options);
  }
  return detail::makeConsoleReporter(out, options);
}

}  // namespace accellab
