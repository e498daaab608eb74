#include "accellab/insights.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <unordered_map>

#include "accellab/format.h"

namespace accellab {

namespace {

bool measured(const ReportRow& row) { return row.status == PointStatus::ok && row.medianS > 0; }

bool flaggedRow(const ReportRow& row) { return row.flags.unstable || row.flags.cutShort; }

// The FMA peak that bounds `row`: measured for its element type, on the host, with its
// instruction set (the scalar one unless a SIMD variant says) and its threads.
std::optional<double> peakFor(const ReportRow& row, const PointResult& point,
                              const SystemInfo& system) {
  if (point.gpu) return std::nullopt;
  const std::string isa = row.isa.empty() ? "scalar" : row.isa;
  for (const ComputeCeiling& ceiling : system.computeCeilings)
    if (ceiling.gpuIndex < 0 && ceiling.dtype == point.point.params.dtype && ceiling.isa == isa &&
        ceiling.threads == row.threads)
      return ceiling.flopsPerS;
  return std::nullopt;
}

class Finder {
 public:
  Finder(const Run& run, const ReportOptions& options)
      : run_(run),
        baseline_(resolvedFor(options, run).baseline),
        rows_(buildRunRows(run, options)) {}

  std::vector<Insight> find() {
    // Each kernel's largest problem, and each group's rows in the order groups first appear:
    // one pass over the rows, however many groups a run has.
    std::map<std::string, std::uint64_t, std::less<>> largest;
    std::vector<std::vector<std::size_t>> groups;
    std::unordered_map<std::string, std::size_t> groupOf;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      std::uint64_t& size = largest[rows_[i].kernel];
      size = std::max(size, rows_[i].size);
      const auto [at, added] = groupOf.try_emplace(rows_[i].group, groups.size());
      if (added) groups.emplace_back();
      groups[at->second].push_back(i);
    }
    for (const std::vector<std::size_t>& members : groups) {
      const ReportRow& first = rows_[members.front()];
      if (first.size == largest.at(first.kernel)) bounds(members);
      threads(members);
      accessOrder(members);
      firstCalls(members);
      gpuCopies(members);
    }
    return std::move(found_);
  }

 private:
  Insight& add(InsightKind kind, const std::vector<std::size_t>& evidence, std::string chart) {
    const ReportRow& row = rows_[evidence.front()];
    Insight& insight = found_.emplace_back();
    insight.kind = kind;
    insight.kernel = row.kernel;
    insight.problem = row.problem;
    insight.variant = row.variant;
    insight.threads = row.threads;
    insight.onDevice = run_.points[evidence.front()].gpu.has_value();
    insight.rows = evidence;
    insight.chart = std::move(chart);
    insight.restsOnFlagged =
        std::ranges::any_of(evidence, [&](std::size_t i) { return flaggedRow(rows_[i]); });
    return insight;
  }

  void bounds(const std::vector<std::size_t>& members) {
    for (const std::size_t i : members) {
      const ReportRow& row = rows_[i];
      if (!measured(row) || !row.ceilingFraction) continue;
      const double fraction = *row.ceilingFraction;
      const auto peak =
          row.flopsPerS > 0 ? peakFor(row, run_.points[i], run_.system) : std::nullopt;
      // 0 where no peak applies: then the memory ceiling alone judges.
      const double peakFraction = peak ? row.flopsPerS / *peak : 0;
      // Above the ceiling the problem ran from a cache (the row's note says which).
      if (fraction >= kMemoryBound && fraction <= kAboveCeiling) {
        add(InsightKind::memoryBound, {i}, "roofline").numbers = {
            {"ceilingFraction", fraction},
            {"bytesPerS", row.bytesPerS},
            {"ceilingBytesPerS", row.bytesPerS / fraction}};
      } else if (peakFraction >= kComputeBound) {
        add(InsightKind::computeBound, {i}, "roofline").numbers = {
            {"peakFraction", peakFraction}, {"flopsPerS", row.flopsPerS}, {"peakFlopsPerS", *peak}};
      } else if (fraction < kFarBelowRoof && peakFraction < kFarBelowRoof) {
        Insight& insight = add(InsightKind::belowBothRoofs, {i}, "roofline");
        insight.numbers = {{"ceilingFraction", fraction}};
        if (peak) insight.numbers["peakFraction"] = peakFraction;
      }
    }
  }

  void threads(const std::vector<std::size_t>& members) {
    std::vector<std::string> variants;
    for (const std::size_t i : members)
      if (std::ranges::find(variants, rows_[i].variant) == variants.end())
        variants.push_back(rows_[i].variant);
    for (const std::string& variant : variants) {
      std::vector<std::size_t> counts;  // the variant's measured rows of one rank, by threads
      for (const std::size_t i : members)
        if (rows_[i].variant == variant && rows_[i].ranks == 1 && measured(rows_[i]))
          counts.push_back(i);
      std::ranges::sort(counts, {}, [&](std::size_t i) { return rows_[i].threads; });
      if (counts.size() < 2 || rows_[counts.front()].threads != 1) continue;
      const double oneS = rows_[counts.front()].medianS;
      const ReportRow& most = rows_[counts.back()];
      if (most.medianS > kClearFactor * oneS) {
        add(InsightKind::threadsLose, {counts.front(), counts.back()}, "scaling").numbers = {
            {"threads", most.threads},
            {"slowdown", most.medianS / oneS},
            {"overheadS", most.medianS - oneS / most.threads},
            {"oneThreadS", oneS}};
        continue;
      }
      for (std::size_t k = 1; k < counts.size(); ++k) {
        const ReportRow& row = rows_[counts[k]];
        const double speedup = oneS / row.medianS;
        const double efficiency = speedup / row.threads;
        if (efficiency >= kLowEfficiency) continue;
        add(InsightKind::threadsStopPay, {counts.front(), counts[k]}, "scaling").numbers = {
            {"threads", row.threads}, {"efficiency", efficiency}, {"speedup", speedup}};
        break;
      }
    }
  }

  void accessOrder(const std::vector<std::size_t>& members) {
    const auto find = [&](std::string_view variant) -> std::optional<std::size_t> {
      for (const std::size_t i : members)
        if (rows_[i].variant == variant && measured(rows_[i])) return i;
      return std::nullopt;
    };
    const auto strided = find("loop-strided");
    const auto loop = find("loop");
    if (!strided || !loop) return;
    const double factor = rows_[*strided].medianS / rows_[*loop].medianS;
    const Params& params = run_.points[*strided].point.params;
    if (factor < kClearFactor || !params.shape) return;
    add(InsightKind::accessOrder, {*strided, *loop}, "time").numbers = {
        {"factor", factor},
        {"strideBytes", static_cast<double>(params.shape->x * sizeOf(params.dtype))}};
  }

  void firstCalls(const std::vector<std::size_t>& members) {
    std::optional<double> baselineS;
    for (const std::size_t i : members)
      if (!baselineS && isBaselineRow(rows_[i], baseline_)) baselineS = rows_[i].medianS;
    for (const std::size_t i : members) {
      const ReportRow& row = rows_[i];
      if (!measured(row) || !row.flags.cold) continue;
      Insight& insight = add(InsightKind::firstCall, {i}, "first-call");
      insight.numbers = {{"firstCallS", row.firstCallS}, {"medianS", row.medianS}};
      if (baselineS && *baselineS > row.medianS)
        insight.numbers["paybackCalls"] =
            std::ceil((row.firstCallS - row.medianS) / (*baselineS - row.medianS));
    }
  }

  void gpuCopies(const std::vector<std::size_t>& members) {
    for (const std::size_t i : members) {
      const PointResult& point = run_.points[i];
      if (point.status != PointStatus::ok || !point.gpu) continue;
      const GpuTiming& gpu = *point.gpu;
      const double copies = gpu.h2dS + gpu.d2hS;
      const double total = copies + gpu.kernelS;
      if (total <= 0 || copies / total <= kCopiesDominate) continue;
      add(InsightKind::gpuCopies, {i}, "gpu-breakdown").numbers = {
          {"copyShare", copies / total}, {"copiesS", copies}, {"kernelS", gpu.kernelS}};
    }
  }

  const Run& run_;
  std::string baseline_;
  std::vector<ReportRow> rows_;
  std::vector<Insight> found_;
};

std::string value(const Insight& insight, std::string_view name, ValueKind kind) {
  const auto found = insight.numbers.find(name);
  return found == insight.numbers.end() ? std::string("?") : formatValue(found->second, kind);
}

std::string count(const Insight& insight, std::string_view name) {
  const auto found = insight.numbers.find(name);
  return found == insight.numbers.end() ? std::string("?")
                                        : std::to_string(std::llround(found->second));
}

}  // namespace

std::string_view toString(InsightKind kind) {
  switch (kind) {
    case InsightKind::memoryBound:
      return "memory-bound";
    case InsightKind::computeBound:
      return "compute-bound";
    case InsightKind::belowBothRoofs:
      return "below-both-roofs";
    case InsightKind::threadsStopPay:
      return "threads-stop-paying";
    case InsightKind::threadsLose:
      return "threads-lose";
    case InsightKind::accessOrder:
      return "access-order";
    case InsightKind::firstCall:
      return "first-call";
    case InsightKind::gpuCopies:
      return "gpu-copies";
  }
  return "unknown";
}

std::vector<Insight> findInsights(const Run& run, const ReportOptions& options) {
  return Finder(run, options).find();
}

std::string describe(const Insight& insight) {
  using VK = ValueKind;
  const std::string what =
      insight.kernel + " " + insight.variant +
      (insight.threads > 1 ? " \u00d7" + std::to_string(insight.threads) : std::string()) + " at " +
      insight.problem;
  std::ostringstream text;
  switch (insight.kind) {
    case InsightKind::memoryBound:
      text << what << " moves " << value(insight, "bytesPerS", VK::byteRate) << ", "
           << value(insight, "ceilingFraction", VK::percentage) << " of the memory ceiling ("
           << value(insight, "ceilingBytesPerS", VK::byteRate)
           << "): it is memory-bound. Faster code will not help; less traffic will (fuse passes, "
              "a smaller element type, or stay in cache).";
      break;
    case InsightKind::computeBound:
      text << what << " computes " << value(insight, "flopsPerS", VK::flopRate) << ", "
           << value(insight, "peakFraction", VK::percentage) << " of the FMA peak of its "
           << "instruction set and threads (" << value(insight, "peakFlopsPerS", VK::flopRate)
           << "): it is compute-bound. Wider vectors or more threads will help; less traffic "
              "will not.";
      break;
    case InsightKind::belowBothRoofs:
      text << what << " reaches " << value(insight, "ceilingFraction", VK::percentage)
           << " of the memory ceiling";
      if (insight.numbers.contains("peakFraction"))
        text << " and " << value(insight, "peakFraction", VK::percentage) << " of the FMA peak";
      text << (insight.onDevice
                   ? ": neither bounds it. At this size the launch and its latency do; give the "
                     "GPU a larger problem (it needs millions of elements to fill its cores)."
                   : ": neither bounds it. Latency, a dependency chain, the loop order or "
                     "per-call overhead does; try the vectorized or parallel variant, or a "
                     "larger problem.");
      break;
    case InsightKind::threadsStopPay:
      text << what << " on " << count(insight, "threads") << " threads runs "
           << value(insight, "speedup", VK::ratio) << " as fast as on one, an efficiency of "
           << value(insight, "efficiency", VK::percentage)
           << ": from there, added threads pay less than half each. Look for a shared "
              "resource (memory bandwidth, a lock) or too little work per thread.";
      break;
    case InsightKind::threadsLose:
      text << what << " on " << count(insight, "threads") << " threads is "
           << value(insight, "slowdown", VK::ratio) << " slower than on one ("
           << value(insight, "oneThreadS", VK::duration)
           << "): the work is smaller than starting and joining the threads, which cost about "
           << value(insight, "overheadS", VK::duration)
           << " here. Use one thread for problems this small, or a larger problem.";
      break;
    case InsightKind::accessOrder:
      text << insight.kernel << " loop-strided at " << insight.problem << " is "
           << value(insight, "factor", VK::ratio)
           << " slower than loop: the tutorial's loop order makes each access jump "
           << value(insight, "strideBytes", VK::bytes)
           << ", so every element costs a cache line of its own. Make the innermost loop walk "
              "the last index.";
      break;
    case InsightKind::firstCall:
      text << what << ": the first call took " << value(insight, "firstCallS", VK::duration)
           << " against a median of " << value(insight, "medianS", VK::duration)
           << " (compilation, page faults or module loading).";
      if (insight.numbers.contains("paybackCalls")) {
        const std::string calls = count(insight, "paybackCalls");
        text << " It takes " << (calls == "1" ? std::string("one call") : calls + " calls")
             << " to win that back over the baseline.";
      }
      text << " A program that calls it once pays the first call, not the median.";
      break;
    case InsightKind::gpuCopies:
      text << what << ": the copies to and from the GPU take "
           << value(insight, "copyShare", VK::percentage) << " of its time end to end ("
           << value(insight, "copiesS", VK::duration) << " against a kernel of "
           << value(insight, "kernelS", VK::duration)
           << "). Keep the data on the device across calls, or give the kernel more work per "
              "byte.";
      break;
  }
  if (insight.restsOnFlagged)
    text << " (Rests on unstable or cut-short points: measure longer or re-run them.)";
  return text.str();
}

}  // namespace accellab
