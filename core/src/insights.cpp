#include "accellab/insights.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <unordered_map>

#include "accellab/counters.h"
#include "accellab/format.h"
#include "accellab/quality.h"

namespace accellab {

namespace {

bool measured(const ReportRow& row) { return row.status == PointStatus::ok && row.medianS > 0; }

bool flaggedRow(const ReportRow& row) { return row.flags.unstable || row.flags.cutShort; }

// The hardware counters' evidence beside a bound: what was counted, nothing where no PMU.
void addCounted(Insight& insight, const CountedRates& rates) {
  const auto put = [&](const char* name, const std::optional<double>& rate) {
    if (rate) insight.numbers[name] = *rate;
  };
  put("instructionsPerCycle", rates.instructionsPerCycle);
  put("cacheMissesPerElement", rates.cacheMissesPerElement);
  put("l1dMissesPerElement", rates.l1dMissesPerElement);
  put("branchMissesPerElement", rates.branchMissesPerElement);
}

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
    busyMachine();
    for (const std::vector<std::size_t>& members : groups) {
      const ReportRow& first = rows_[members.front()];
      if (first.size == largest.at(first.kernel)) bounds(members);
      threads(members);
      accessOrder(members);
      gpuCopies(members);
      pythonAgainstCpp(members);
    }
    firstCalls();
    cacheDrops();
    gpuCrossovers();
    undeclaredThreads();
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
      Insight* insight = nullptr;
      if (fraction >= kMemoryBound && fraction <= kAboveCeiling) {
        insight = &add(InsightKind::memoryBound, {i}, "roofline");
        insight->numbers = {{"ceilingFraction", fraction},
                            {"bytesPerS", row.bytesPerS},
                            {"ceilingBytesPerS", row.bytesPerS / fraction}};
      } else if (peakFraction >= kComputeBound) {
        insight = &add(InsightKind::computeBound, {i}, "roofline");
        insight->numbers = {
            {"peakFraction", peakFraction}, {"flopsPerS", row.flopsPerS}, {"peakFlopsPerS", *peak}};
      } else if (fraction < kFarBelowRoof && peakFraction < kFarBelowRoof &&
                 (peak || row.flopsPerS <= 0)) {
        // A row that counts FLOPs but has no peak to hold them against (a library's own code,
        // OpenBLAS's) may be compute-bound: "neither bounds it" would be a guess.
        insight = &add(InsightKind::belowBothRoofs, {i}, "roofline");
        insight->numbers = {{"ceilingFraction", fraction}};
        if (peak) insight->numbers["peakFraction"] = peakFraction;
      }
      // Judged against a cache level's roof (the cache-aware roofline), not memory's.
      if (insight && row.ceilingLevel > 0) insight->numbers["cacheLevel"] = row.ceilingLevel;
      if (insight && row.counts) addCounted(*insight, countedRates(*row.counts, row.elements));
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
        Insight& lose = add(InsightKind::threadsLose, {counts.front(), counts.back()}, "scaling");
        lose.numbers = {{"threads", most.threads},
                        {"slowdown", most.medianS / oneS},
                        {"overheadS", most.medianS - oneS / most.threads},
                        {"oneThreadS", oneS}};
        loseEvidence(lose, counts.back());
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

  // What this run measured that says why more threads lost, most telling first (the cause the
  // text names: `cause`): the machine's own split crossover above the point's bytes (starting
  // and joining the threads costs more than the work), a busy machine, or threads that kept
  // few cores busy. None: the finding says what was measured and stops there.
  void loseEvidence(Insight& insight, std::size_t most) {
    const PointResult& point = run_.points[most];
    const std::uint64_t split = run_.system.splitFromBytes;
    const bool busy = std::ranges::any_of(run_.conditions, [](const SystemCondition& c) {
      return c.check == "load" || c.check == "busy-process";
    });
    const std::optional<double> cores = rows_[most].coresUsed;
    if (split > 0) insight.numbers["splitFromBytes"] = static_cast<double>(split);
    if (point.bytes > 0) insight.numbers["bytes"] = static_cast<double>(point.bytes);
    if (busy) insight.numbers["busy"] = 1;
    if (cores) insight.numbers["cores"] = *cores;
    if (split > 0 && point.bytes > 0 && point.bytes < split)
      insight.numbers["cause"] = static_cast<double>(LoseCause::belowSplit);
    else if (busy)
      insight.numbers["cause"] = static_cast<double>(LoseCause::busyMachine);
    else if (cores && *cores < kIdleThreads * point.point.threads)
      insight.numbers["cause"] = static_cast<double>(LoseCause::idleThreads);
    else
      insight.numbers["cause"] = static_cast<double>(LoseCause::unknown);
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

  // One finding a kernel: its coldest point (first call over median) named, the others its
  // rows, counted (a run of 35 cold points said the same 35 times).
  void firstCalls() {
    std::unordered_map<std::string, double> baselineS;  // by group: its first baseline row's
    std::vector<std::pair<std::string, std::vector<std::size_t>>> cold;  // by kernel, in order
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      const ReportRow& row = rows_[i];
      if (isBaselineRow(row, baseline_)) baselineS.try_emplace(row.group, row.medianS);
      if (!measured(row) || !row.flags.cold) continue;
      auto at = std::ranges::find(cold, row.kernel, &decltype(cold)::value_type::first);
      if (at == cold.end()) at = cold.insert(at, {row.kernel, {}});
      at->second.push_back(i);
    }
    for (auto& [kernel, points] : cold) {
      std::ranges::stable_sort(points, std::greater{}, [&](std::size_t i) {
        return rows_[i].firstCallS / rows_[i].medianS;
      });
      const ReportRow& row = rows_[points.front()];
      Insight& insight = add(InsightKind::firstCall, points, "first-call");
      insight.numbers = {{"firstCallS", row.firstCallS},
                         {"medianS", row.medianS},
                         {"points", static_cast<double>(points.size())}};
      if (const auto base = baselineS.find(row.group);
          base != baselineS.end() && base->second > row.medianS)
        insight.numbers["paybackCalls"] =
            std::ceil((row.firstCallS - row.medianS) / (base->second - row.medianS));
      if (row.counts) {
        const auto first = row.counts->firstCall.find("page-faults");
        const auto later = row.counts->perCall.find("page-faults");
        if (first != row.counts->firstCall.end() && later != row.counts->perCall.end()) {
          insight.numbers["firstCallPageFaults"] = first->second;
          insight.numbers["pageFaultsPerCall"] = later->second;
          if (row.bytes > 0) insight.numbers["bytes"] = static_cast<double>(row.bytes);
        }
      }
    }
  }

  void gpuCopies(const std::vector<std::size_t>& members) {
    for (const std::size_t i : members) {
      const PointResult& point = run_.points[i];
      if (point.status != PointStatus::ok || !point.gpu) continue;
      pageableCopies(i);
      const GpuTiming& gpu = *point.gpu;
      const double copies = gpu.h2dS + gpu.d2hS;
      const double total = copies + gpu.kernelS;
      if (total <= 0 || copies / total <= kCopiesDominate) continue;
      add(InsightKind::gpuCopies, {i}, "gpu-breakdown").numbers = {
          {"copyShare", copies / total}, {"copiesS", copies}, {"kernelS", gpu.kernelS}};
    }
  }

  void busyMachine() {
    const auto warned = [&](std::string_view check) {
      return std::ranges::any_of(run_.conditions,
                                 [&](const SystemCondition& c) { return c.check == check; });
    };
    const bool load = warned("load");
    const bool busy = warned("busy-process");
    if (!load && !busy) return;
    std::vector<std::size_t> measuredRows;
    std::vector<std::size_t> flagged;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      if (!measured(rows_[i])) continue;
      measuredRows.push_back(i);
      if (flaggedPoint(run_.points[i])) flagged.push_back(i);
    }
    if (measuredRows.empty()) return;
    Insight& insight =
        add(InsightKind::busyMachine, flagged.empty() ? measuredRows : flagged, "time");
    insight.numbers = {{"flaggedPoints", static_cast<double>(flagged.size())},
                       {"measuredPoints", static_cast<double>(measuredRows.size())}};
    insight.restsOnFlagged = false;  // the finding is about them
    if (load) insight.numbers["load"] = 1;
    if (busy) insight.numbers["busyProcess"] = 1;
  }

  // Each variant, thread count and element type across the run's sizes: the largest fall of
  // throughput from one size to the next, and the cache the larger size no longer fits in.
  void cacheDrops() {
    std::map<std::string, std::vector<std::size_t>> lines;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      const PointResult& point = run_.points[i];
      if (!measured(rows_[i]) || point.bytes == 0 || rows_[i].ranks != 1 || point.gpu) continue;
      // Only along sizes of one element type: an axis of strings (an asv file's dtype) is
      // another line, never a size step.
      std::string key = rows_[i].kernel + '\n' + rows_[i].variant + '\n' +
                        std::to_string(rows_[i].threads) + '\n' +
                        std::string(toString(point.point.params.dtype));
      for (const auto& [name, label] : point.point.params.labels) key += '\n' + name + '=' + label;
      lines[key].push_back(i);
    }
    for (auto& [key, line] : lines) {
      std::ranges::sort(line, {}, [&](std::size_t i) { return run_.points[i].bytes; });
      std::optional<std::pair<std::size_t, std::size_t>> worst;
      double worstDrop = kClearFactor;
      for (std::size_t k = 1; k < line.size(); ++k) {
        const PointResult& from = run_.points[line[k - 1]];
        const PointResult& to = run_.points[line[k]];
        if (to.bytes <= from.bytes || to.elementsPerS <= 0) continue;
        const double drop = from.elementsPerS / to.elementsPerS;
        if (drop >= worstDrop) {
          worstDrop = drop;
          worst = {line[k - 1], line[k]};
        }
      }
      if (!worst) continue;
      const PointResult& from = run_.points[worst->first];
      const PointResult& to = run_.points[worst->second];
      // The evidence's first row is the larger size: the finding names where it fell to.
      Insight& insight = add(InsightKind::cacheDrop, {worst->second, worst->first}, "throughput");
      insight.numbers = {{"fromBytes", static_cast<double>(from.bytes)},
                         {"toBytes", static_cast<double>(to.bytes)},
                         {"fromRate", from.elementsPerS},
                         {"toRate", to.elementsPerS},
                         {"drop", worstDrop}};
      const CacheInfo* crossed = nullptr;
      for (const CacheInfo& cache : run_.system.caches)
        if (holdsData(cache) && cache.sizeBytes >= from.bytes && cache.sizeBytes < to.bytes &&
            (!crossed || cache.sizeBytes > crossed->sizeBytes))
          crossed = &cache;
      if (crossed) {
        insight.numbers["cacheLevel"] = crossed->level;
        insight.numbers["cacheBytes"] = static_cast<double>(crossed->sizeBytes);
      }
    }
  }

  // Each device variant end to end against the fastest CPU variant, problem by problem.
  void gpuCrossovers() {
    struct Problem {
      std::uint64_t size = 0;
      std::size_t gpu = 0;
      std::size_t cpu = 0;  // the fastest CPU row of the problem
    };
    // By group: a group is one kernel's one problem.
    std::map<std::string, std::size_t, std::less<>> fastestCpu;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      const ReportRow& row = rows_[i];
      if (!measured(row) || run_.points[i].gpu || row.ranks != 1) continue;
      const auto [at, added] = fastestCpu.try_emplace(row.group, i);
      if (!added && row.medianS < rows_[at->second].medianS) at->second = i;
    }
    std::map<std::pair<std::string, std::string>, std::vector<Problem>> lines;  // kernel, variant
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      const PointResult& point = run_.points[i];
      if (point.status != PointStatus::ok || !point.gpu || point.gpu->endToEndS <= 0) continue;
      const auto cpu = fastestCpu.find(rows_[i].group);
      if (cpu == fastestCpu.end()) continue;  // nothing to beat at this problem
      lines[{rows_[i].kernel, rows_[i].variant}].push_back({rows_[i].size, i, cpu->second});
    }
    for (auto& [key, problems] : lines) {
      std::ranges::sort(problems, {}, &Problem::size);
      const auto wins = [&](const Problem& p) {
        return run_.points[p.gpu].gpu->endToEndS < rows_[p.cpu].medianS;
      };
      // The first size from which the GPU wins at every larger one.
      std::size_t from = problems.size();
      while (from > 0 && wins(problems[from - 1])) --from;
      const Problem& largest = problems.back();
      const Problem& shown = from < problems.size() ? problems[from] : largest;
      Insight& insight = add(InsightKind::gpuCrossover, {shown.gpu, shown.cpu}, "time");
      insight.other = rows_[largest.cpu].variant;
      if (rows_[largest.cpu].threads > 1)
        insight.other += " \u00d7" + std::to_string(rows_[largest.cpu].threads);
      insight.numbers = {
          {"speedup", rows_[largest.cpu].medianS / run_.points[largest.gpu].gpu->endToEndS},
          {"largestSize", static_cast<double>(largest.size)}};
      if (from < problems.size()) {
        insight.numbers["crossoverSize"] = static_cast<double>(shown.size);
        if (from == 0) insight.numbers["everySize"] = 1;
      }
    }
  }

  void pythonAgainstCpp(const std::vector<std::size_t>& members) {
    const auto oneThread = [&](std::string_view variant) -> std::optional<std::size_t> {
      for (const std::size_t i : members)
        if (rows_[i].variant == variant && rows_[i].threads == 1 && rows_[i].ranks == 1 &&
            measured(rows_[i]))
          return i;
      return std::nullopt;
    };
    auto cpp = oneThread("vectorized");
    if (!cpp) cpp = oneThread("loop");
    if (!cpp) return;
    std::vector<std::size_t> evidence{*cpp};
    std::map<std::string, double, std::less<>> factors;
    // The tutorial's own Python, and a user's Python functions that joined the kernel.
    std::vector<std::string> pythons(std::begin(kPythonVariants), std::end(kPythonVariants));
    for (const auto& [variant, source] : run_.variantSources)
      if (source.kind == "python") pythons.push_back(variant);
    for (const std::string& python : pythons)
      if (const auto row = oneThread(python); row && !factors.contains(python)) {
        evidence.push_back(*row);
        factors[python] = rows_[*row].medianS / rows_[*cpp].medianS;
      }
    if (factors.empty()) return;
    // The evidence's first row is the C++ one: the finding's variant.
    add(InsightKind::pythonAgainstCpp, evidence, "time").numbers = std::move(factors);
  }

  void undeclaredThreads() {
    std::vector<std::size_t> beyond;
    for (std::size_t i = 0; i < rows_.size(); ++i)
      if (measured(rows_[i]) && judgeCoreUse(run_.points[i]) == CoreUse::beyondThreads)
        beyond.push_back(i);
    if (beyond.empty()) return;
    std::ranges::stable_sort(beyond, std::greater{},
                             [&](std::size_t i) { return *rows_[i].coresUsed; });
    const ReportRow& most = rows_[beyond.front()];
    add(InsightKind::undeclaredThreads, beyond, "time").numbers = {
        {"threads", most.threads},
        {"cores", *most.coresUsed},
        {"points", static_cast<double>(beyond.size())}};
  }

  void pageableCopies(std::size_t i) {
    const GpuTiming& gpu = *run_.points[i].gpu;
    const double pinned = gpu.h2dS + gpu.d2hS;
    const double pageable = gpu.h2dPageableS + gpu.d2hPageableS;
    if (pinned <= 0 || pageable < kClearFactor * pinned) return;
    add(InsightKind::pageableCopies, {i}, "gpu-breakdown").numbers = {
        {"pageableS", pageable}, {"pinnedS", pinned}, {"factor", pageable / pinned}};
  }

  const Run& run_;
  std::string baseline_;
  std::vector<ReportRow> rows_;
  std::vector<Insight> found_;
};

}  // namespace

FirstTouch firstTouch(const Insight& insight) {
  const auto first = insight.numbers.find("firstCallPageFaults");
  const auto later = insight.numbers.find("pageFaultsPerCall");
  if (first == insight.numbers.end() || later == insight.numbers.end())
    return FirstTouch::notCounted;
  return first->second >= kFirstTouchFaults &&
                 first->second >= kFirstTouchFactor * std::max(later->second, 1.0)
             ? FirstTouch::explains
             : FirstTouch::doesNotExplain;
}

namespace {

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

CountedRates countedOf(const Insight& insight) {
  const auto of = [&](const char* name) -> std::optional<double> {
    const auto found = insight.numbers.find(name);
    return found == insight.numbers.end() ? std::nullopt : std::optional(found->second);
  };
  return {of("instructionsPerCycle"), of("cacheMissesPerElement"), of("l1dMissesPerElement"),
          of("branchMissesPerElement")};
}

namespace {

// The roof a bandwidth finding divides by: a cache level's, or memory's copy ceiling.
std::string roof(const Insight& insight) {
  return insight.numbers.contains("cacheLevel")
             ? "the L" + count(insight, "cacheLevel") + " cache's roof"
             : std::string("the memory ceiling");
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
    case InsightKind::cacheDrop:
      return "cache-drop";
    case InsightKind::pageableCopies:
      return "pageable-copies";
    case InsightKind::pythonAgainstCpp:
      return "python-against-cpp";
    case InsightKind::busyMachine:
      return "busy-machine";
    case InsightKind::gpuCrossover:
      return "gpu-crossover";
    case InsightKind::undeclaredThreads:
      return "undeclared-threads";
    case InsightKind::runChange:
      return "run-change";
  }
  return "unknown";
}

LoseCause loseCause(const Insight& insight) {
  const auto cause = insight.numbers.find("cause");
  if (cause == insight.numbers.end()) return LoseCause::unknown;
  const auto value = std::llround(cause->second);
  return value >= 0 && value <= static_cast<long long>(LoseCause::unknown)
             ? static_cast<LoseCause>(value)
             : LoseCause::unknown;
}

std::vector<std::pair<std::string, double>> slowestFirst(const Insight& insight) {
  std::vector<std::pair<std::string, double>> factors(insight.numbers.begin(),
                                                      insight.numbers.end());
  std::ranges::stable_sort(factors, std::greater{}, &std::pair<std::string, double>::second);
  return factors;
}

bool pythonFaster(const Insight& insight) {
  return std::ranges::any_of(insight.numbers, [](const auto& n) { return n.second < 1; });
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
           << value(insight, "ceilingFraction", VK::percentage) << " of " << roof(insight) << " ("
           << value(insight, "ceilingBytesPerS", VK::byteRate)
           << (insight.numbers.contains("cacheLevel")
                   ? "): it is bound by that cache's bandwidth. Faster code will not help; less "
                     "traffic will (fuse passes, a smaller element type, or block for a smaller "
                     "level)."
                   : "): it is memory-bound. Faster code will not help; less traffic will (fuse "
                     "passes, a smaller element type, or stay in cache).");
      break;
    case InsightKind::computeBound:
      text << what << " computes " << value(insight, "flopsPerS", VK::flopRate) << ", "
           << value(insight, "peakFraction", VK::percentage) << " of the FMA peak of its "
           << "instruction set and threads (" << value(insight, "peakFlopsPerS", VK::flopRate)
           << "): it is compute-bound. Wider vectors or more threads will help; less traffic "
              "will not.";
      break;
    case InsightKind::belowBothRoofs:
      text << what << " reaches " << value(insight, "ceilingFraction", VK::percentage) << " of "
           << roof(insight);
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
           << value(insight, "oneThreadS", VK::duration) << ")";
      switch (loseCause(insight)) {
        case LoseCause::belowSplit:
          text << ": it moves " << value(insight, "bytes", VK::bytes) << " a call, below the "
               << value(insight, "splitFromBytes", VK::bytes)
               << " from which this machine's threads pay (its split crossover), so starting "
                  "and joining them, about "
               << value(insight, "overheadS", VK::duration)
               << " here, costs more than the work. Use one thread for problems this small, or "
                  "a larger problem.";
          break;
        case LoseCause::busyMachine:
          text << ": the machine was busy when the run began (its load warning), and the "
                  "threads competed with other work. Measure again on a quiet machine before "
                  "drawing conclusions.";
          break;
        case LoseCause::idleThreads:
          text << ": its threads kept only " << value(insight, "cores", VK::number)
               << " cores busy, so they waited more than they worked (a lock, the memory bus, "
                  "another process). Look for what they wait on.";
          break;
        case LoseCause::unknown:
          text << ".";
          if (insight.numbers.contains("splitFromBytes") && insight.numbers.contains("bytes"))
            text << " It moves " << value(insight, "bytes", VK::bytes) << " a call, above the "
                 << value(insight, "splitFromBytes", VK::bytes)
                 << " from which this machine's threads pay, so starting them does not explain "
                    "it.";
          text << " Nothing else this run measured says why: measure again on a quiet machine, "
                  "or more sizes.";
          break;
      }
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
           << " against a median of " << value(insight, "medianS", VK::duration);
      switch (firstTouch(insight)) {
        case FirstTouch::notCounted:
          text << " (compilation, page faults or module loading).";
          break;
        case FirstTouch::explains:
          text << ": " << count(insight, "firstCallPageFaults") << " page faults in it against "
               << value(insight, "pageFaultsPerCall", VK::number) << " per later call";
          if (insight.numbers.contains("bytes"))
            text << ", one per "
                 << formatValue(
                        insight.numbers.at("bytes") / insight.numbers.at("firstCallPageFaults"),
                        VK::bytes)
                 << " of the " << value(insight, "bytes", VK::bytes) << " a call moves";
          text << ": the first touch of its memory.";
          break;
        case FirstTouch::doesNotExplain:
          text << ": " << count(insight, "firstCallPageFaults") << " page faults in it against "
               << value(insight, "pageFaultsPerCall", VK::number)
               << " per later call, so not the first touch of memory (compilation, module "
                  "loading or caches warming).";
          break;
      }
      if (insight.numbers.contains("paybackCalls")) {
        const std::string calls = count(insight, "paybackCalls");
        text << " It takes " << (calls == "1" ? std::string("one call") : calls + " calls")
             << " to win that back over the baseline.";
      }
      text << " A program that calls it once pays the first call, not the median.";
      if (const long long others = std::llround(insight.numbers.at("points")) - 1; others > 0)
        text << " " << others << (others == 1 ? " more point" : " more points") << " of "
             << insight.kernel << (others == 1 ? " was" : " were") << " cold too.";
      break;
    case InsightKind::gpuCopies:
      text << what << ": the copies to and from the GPU take "
           << value(insight, "copyShare", VK::percentage) << " of its time end to end ("
           << value(insight, "copiesS", VK::duration) << " against a kernel of "
           << value(insight, "kernelS", VK::duration)
           << "). Keep the data on the device across calls, or give the kernel more work per "
              "byte.";
      break;
    case InsightKind::cacheDrop:
      text << insight.kernel << " " << insight.variant
           << (insight.threads > 1 ? " \u00d7" + std::to_string(insight.threads) : std::string())
           << " falls from " << value(insight, "fromRate", VK::rate) << " at "
           << value(insight, "fromBytes", VK::bytes) << " a call to "
           << value(insight, "toRate", VK::rate) << " at " << value(insight, "toBytes", VK::bytes)
           << " (" << value(insight, "drop", VK::ratio) << " slower per element)";
      if (insight.numbers.contains("cacheLevel"))
        text << ": the larger size no longer fits in L" << count(insight, "cacheLevel") << " ("
             << value(insight, "cacheBytes", VK::bytes)
             << "), so it runs from the next level down. Block the work to stay within it, or "
                "expect this rate beyond it.";
      else
        text << ", with no cache boundary known between the two: look for another limit "
                "(page faults, the TLB, a change of code path).";
      break;
    case InsightKind::pageableCopies:
      text << what << ": its copies from and to pageable memory (as the tutorial's to_device "
           << "does) take " << value(insight, "pageableS", VK::duration) << " against "
           << value(insight, "pinnedS", VK::duration) << " from pinned memory, "
           << value(insight, "factor", VK::ratio)
           << " as long. Allocate the host buffers pinned (cudaMallocHost, "
              "cupy.cuda.alloc_pinned_memory) where the copies matter.";
      break;
    case InsightKind::pythonAgainstCpp: {
      text << "For the same work, " << insight.kernel << " at " << insight.problem
           << " on one thread:";
      bool first = true;
      for (const auto& [python, factor] : slowestFirst(insight)) {
        text << (first ? " " : ", ") << python << " takes " << formatValue(factor, VK::ratio);
        first = false;
      }
      text << " the time of AccelLab's " << insight.variant << " (C++).";
      if (pythonFaster(insight))
        text << " Where Python is faster, it calls compiled code that beats this C++ variant (a "
                "library's SIMD loops or its own threads: see its cores); where it is slower, "
                "the difference is the interpreter, NumPy's temporary arrays or the call "
                "through Python.";
      else
        text << " The difference is the interpreter (a pure-Python loop runs bytecode for "
                "each element), NumPy's calls and temporary arrays, or Numba's call through "
                "Python; the C++ variant is the floor for this work.";
      break;
    }
    case InsightKind::busyMachine:
      text << "The machine was busy when this run began (";
      if (insight.numbers.contains("load")) text << "a load above its CPUs";
      if (insight.numbers.contains("load") && insight.numbers.contains("busyProcess")) text << "; ";
      if (insight.numbers.contains("busyProcess")) text << "another process keeping a core busy";
      text << "): " << count(insight, "flaggedPoints") << " of its "
           << count(insight, "measuredPoints")
           << " measured points are flagged, and every time may be slower than the machine is. "
              "Close other programs and measure again (--rerun-unstable) before drawing "
              "conclusions.";
      break;
    case InsightKind::gpuCrossover:
      text << insight.kernel << " " << insight.variant << " end to end (its copies included) ";
      if (insight.numbers.contains("everySize"))
        text << "beats the fastest CPU variant at every size measured";
      else if (insight.numbers.contains("crossoverSize"))
        text << "beats the fastest CPU variant from " << insight.problem << " on";
      else
        text << "loses to the fastest CPU variant at every size measured";
      text << ": " << value(insight, "speedup", VK::ratio) << " the speed of " << insight.other
           << " at the largest (" << value(insight, "largestSize", VK::count) << " elements).";
      if (!insight.numbers.contains("crossoverSize"))
        text << " The copies and the launch cost more than the kernel saves: measure larger "
                "problems, or keep the data on the device across calls.";
      else if (!insight.numbers.contains("everySize"))
        text << " Below that size the copies and the launch cost more than the kernel saves; "
                "send the GPU larger problems, or keep the data on it.";
      break;
    case InsightKind::undeclaredThreads: {
      const long long others = std::llround(insight.numbers.at("points")) - 1;
      text << what << " declared " << count(insight, "threads")
           << (insight.threads == 1 ? " thread" : " threads") << " and kept "
           << value(insight, "cores", VK::number)
           << " cores busy (its CPU time over its wall time)";
      if (others > 0)
        text << "; " << others << (others == 1 ? " more point does" : " more points do")
             << " likewise";
      text << ": threads it did not declare ran too, a library's own (Dask's scheduler, "
              "OpenBLAS, Numba's or PyTorch's pool). Its time is not a time on that many "
              "threads: compare it with variants on as many threads, or limit the library's "
              "threads (threads= in the accellab module, OMP_NUM_THREADS).";
      break;
    }
    case InsightKind::runChange: {
      text << "run " << count(insight, "newRun") << " against run " << count(insight, "baseRun")
           << " of " << insight.kernel << ": ";
      const std::string test = "U test at " + value(insight, "alpha", VK::probability) +
                               ", a change of " + value(insight, "threshold", VK::percentage) +
                               " or more";
      if (!insight.numbers.contains("ratio")) {
        text << "none of their " << count(insight, "unchanged")
             << " common points changed significantly (" << test
             << "): the runs agree within their noise.";
        break;
      }
      const double common = insight.numbers.at("faster") + insight.numbers.at("slower") +
                            insight.numbers.at("unchanged");
      text << "of their " << std::llround(common) << " common points, " << count(insight, "faster")
           << " faster, " << count(insight, "slower") << " slower, " << count(insight, "unchanged")
           << " without a significant change (" << test << "); the largest change is " << what
           << ": " << value(insight, "ratio", VK::ratio)
           << " the time (p = " << value(insight, "pValue", VK::probability) << ").";
      if (insight.numbers.at("slower") > 0)
        text << " A slower point is a regression only on the same machine under the same "
                "conditions: check the runs' machines and warnings (accellab-cli compare).";
      break;
    }
  }
  if (const std::string counted = describe(countedOf(insight)); !counted.empty())
    text << " Counted: " << counted << ".";
  if (insight.restsOnFlagged)
    text << " (Rests on unstable or cut-short points: measure longer or re-run them.)";
  return text.str();
}

}  // namespace accellab
