#include "accellab/compare.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "accellab/gbench.h"
#include "accellab/quality.h"
#include "report_stream.h"

namespace accellab {

namespace {

// Same kernel, variant, problem and ranks; the seed picks input values, not the work. Ranks
// change the work (weak scaling) or how it is shared (strong): never paired across them.
// Points imported on both sides are the same work when their benchmarks' names are: the
// plain names an import maps them to may differ between files (gbench.h).
bool sameWork(const Point& a, const Point& b) {
  if (!a.originalName.empty() && !b.originalName.empty())
    return gbenchWorkName(a.originalName) == gbenchWorkName(b.originalName);
  Params seedless = b.params;
  seedless.seed = a.params.seed;
  return a.kernel == b.kernel && a.variant == b.variant && a.ranks == b.ranks &&
         a.params == seedless;
}

bool samePoint(const Point& a, const Point& b) { return sameWork(a, b) && a.threads == b.threads; }

// For each base point, the index of its partner among the new run's points, if any. First
// the same point (in order, should a run list one twice). Then, where some work is left with
// exactly one point on each side, those two across their thread counts: a run at 1 thread
// against one at 2 asks whether the threads helped.
std::vector<std::optional<std::size_t>> pairPoints(const Run& base, const Run& next) {
  std::vector<std::optional<std::size_t>> partner(base.points.size());
  std::vector<bool> taken(next.points.size(), false);
  const auto pairWhere = [&](auto matches) {
    for (std::size_t b = 0; b < base.points.size(); ++b) {
      for (std::size_t n = 0; n < next.points.size() && !partner[b]; ++n) {
        if (taken[n] || !matches(base.points[b].point, next.points[n].point)) continue;
        partner[b] = n;
        taken[n] = true;
      }
    }
  };
  pairWhere(samePoint);
  const auto unpaired = [&](const Point& work) {
    std::size_t inBase = 0;
    std::size_t inNew = 0;
    for (std::size_t b = 0; b < base.points.size(); ++b)
      inBase += !partner[b] && sameWork(base.points[b].point, work);
    for (std::size_t n = 0; n < next.points.size(); ++n)
      inNew += !taken[n] && sameWork(next.points[n].point, work);
    return inBase == 1 && inNew == 1;
  };
  pairWhere([&](const Point& a, const Point& b) { return sameWork(a, b) && unpaired(a); });
  return partner;
}

const std::vector<double> kNoSamples;

// The samples a comparison sets side by side, and their median.
const std::vector<double>& samplesOf(const PointResult& result, CompareTime time) {
  if (time == CompareTime::wall) return result.samplesS;
  return result.cpu ? result.cpu->samplesS : kNoSamples;
}
double medianOf(const PointResult& result, CompareTime time) {
  if (time == CompareTime::wall) return result.stats.medianS;
  return result.cpu ? result.cpu->medianS : 0;
}

ComparedSide sideOf(const PointResult& result, CompareTime time) {
  ComparedSide side;
  side.status = result.status;
  side.reason = result.reason;
  side.threads = result.point.threads;
  side.flags = result.flags;
  if (result.status == PointStatus::ok) {
    side.medianS = medianOf(result, time);
    side.samples = samplesOf(result, time).size();
  }
  return side;
}

// Why one side cannot be compared, or "" when it can.
std::string unmeasured(const PointResult& result, CompareTime time) {
  if (result.status != PointStatus::ok)
    return std::string(toString(result.status)) +
           (result.reason.empty() ? "" : " (" + result.reason + ")");
  if (time == CompareTime::cpu && !result.cpu) return "CPU time not measured";
  if (samplesOf(result, time).empty()) return "no samples stored";
  if (!(medianOf(result, time) > 0)) return "median not positive";
  return {};
}

void addNote(std::string& note, const std::string& text) {
  if (text.empty()) return;
  if (!note.empty()) note += "; ";
  note += text;
}

std::string flagsNote(const PointFlags& base, const PointFlags& next) {
  std::string note;
  if (base.any()) addNote(note, "base " + flagsText(base));
  if (next.any()) addNote(note, "new " + flagsText(next));
  return note;
}

// The verdict of two measured sides, and the note that explains an unchanged one whose
// ratio alone would suggest otherwise.
void judge(ComparisonRow& row, const PointResult& base, const PointResult& next,
           const CompareOptions& options) {
  const std::vector<double>& baseSamples = samplesOf(base, options.time);
  const std::vector<double>& nextSamples = samplesOf(next, options.time);
  const double ratio = medianOf(next, options.time) / medianOf(base, options.time);
  const RatioInterval ci =
      bootstrapMedianRatio95(baseSamples, nextSamples, options.seed, options.resamples);
  const double p = mannWhitneyU(baseSamples, nextSamples).pValue;
  row.ratio = ratio;
  row.ratioCi95 = ci;
  row.pValue = p;
  const bool differs = p < options.alpha;
  const bool large = std::abs(ratio - 1) > options.threshold;
  const bool directed = ratio > 1 ? ci.low > 1 : ci.high < 1;
  row.verdict = !(differs && large && directed) ? Verdict::unchanged
                : ratio > 1                     ? Verdict::slower
                                                : Verdict::faster;
  if (row.verdict != Verdict::unchanged || !large) return;
  std::ostringstream why;
  if (smallestPValue(baseSamples.size(), nextSamples.size()) >= options.alpha) {
    why << baseSamples.size() << " + " << nextSamples.size() << " samples cannot reach p < "
        << options.alpha;
  } else if (!differs) {
    why << "p not below " << options.alpha;
  } else {
    why << "95 % interval not " << (ratio > 1 ? "above" : "below") << " 1";
  }
  addNote(row.note, why.str());
}

ComparisonRow matchedRow(const PointResult& base, const PointResult& next,
                         const CompareOptions& options) {
  ComparisonRow row;
  row.point = base.point;
  row.baseSide = sideOf(base, options.time);
  row.newSide = sideOf(next, options.time);
  const std::string baseProblem = unmeasured(base, options.time);
  const std::string newProblem = unmeasured(next, options.time);
  if (baseProblem.empty() && newProblem.empty()) {
    judge(row, base, next, options);
  } else {
    row.verdict = Verdict::notComparable;
    if (!baseProblem.empty()) addNote(row.note, "base " + baseProblem);
    if (!newProblem.empty()) addNote(row.note, "new " + newProblem);
  }
  if (base.point.params.seed != next.point.params.seed)
    addNote(row.note, "seeds differ (" + std::to_string(base.point.params.seed) + ", " +
                          std::to_string(next.point.params.seed) + ")");
  // A user's CUDA source compiled from other code (or for another target) between the runs: the
  // change may be the code's, not the machine's. The cache's word is how, not what.
  const auto built = [](const PointResult& r) {
    std::string how = r.build ? r.build->how : std::string();
    if (const auto at = how.find(", from the kernel cache"); at != std::string::npos) how.erase(at);
    return how;
  };
  if (built(base) != built(next))
    addNote(row.note, "built from other code: base " +
                          (base.build ? built(base) : std::string("not compiled")) + ", new " +
                          (next.build ? built(next) : std::string("not compiled")));
  addNote(row.note, flagsNote(base.flags, next.flags));
  return row;
}

ComparisonRow unmatchedRow(const PointResult& result, Verdict verdict, CompareTime time) {
  ComparisonRow row;
  row.point = result.point;
  row.verdict = verdict;
  (verdict == Verdict::onlyInBase ? row.baseSide : row.newSide) = sideOf(result, time);
  if (result.status != PointStatus::ok) addNote(row.note, unmeasured(result, time));
  return row;
}

ComparedRun labelOf(const Run& run) { return {"", run.id, run.name, run.created}; }

void addDifference(std::vector<std::string>& warnings, const std::string& what,
                   const std::string& base, const std::string& next) {
  if (base != next)
    warnings.push_back(what + " differs: '" + base + "' in base, '" + next + "' in new");
}

// A file's build, for telling two apart: its name, version and digest, not where it lay (a
// copied file is the same build).
std::string buildOf(const std::optional<PluginIdentity>& code) {
  if (!code) return "built in";
  return kindWords(*code) + " " + code->name + (code->version.empty() ? "" : " " + code->version) +
         (code->sha256.empty() ? "" : ", SHA-256 " + code->sha256.substr(0, 16) + "\u2026");
}

// Where either digest is unknown (a build without OpenSSL), name and version alone.
bool sameBuild(const std::optional<PluginIdentity>& a, const std::optional<PluginIdentity>& b) {
  if (a && b && !a->sha256.empty() && !b->sha256.empty()) return buildOf(a) == buildOf(b);
  return a.has_value() == b.has_value() &&
         (!a || (a->kind == b->kind && a->name == b->name && a->version == b->version));
}

std::optional<PluginIdentity> sourceOf(const Run& run, const std::string& variant) {
  const auto found = run.variantSources.find(variant);
  return found == run.variantSources.end() ? std::nullopt : std::optional(found->second);
}

void addCodeDifferences(std::vector<std::string>& warnings, const Run& base, const Run& next) {
  if (!sameBuild(base.plugin, next.plugin))
    addDifference(warnings, "the kernel's code", buildOf(base.plugin), buildOf(next.plugin));
  // Variants measured in both runs alone: one the other did not run has nothing to compare.
  const std::vector<std::string> measured = variantsIn(next.points);
  for (const std::string& variant : variantsIn(base.points)) {
    if (std::ranges::find(measured, variant) == measured.end()) continue;
    const auto a = sourceOf(base, variant);
    const auto b = sourceOf(next, variant);
    if (!sameBuild(a, b))
      addDifference(warnings, "variant " + variant + "'s code", buildOf(a), buildOf(b));
  }
}

// What changes timings besides the code: the machine, the build, the system's state.
std::vector<std::string> warningsOf(const Run& base, const Run& next) {
  std::vector<std::string> warnings;
  const SystemInfo& a = base.system;
  const SystemInfo& b = next.system;
  addDifference(warnings, "CPU", a.cpuModel, b.cpuModel);
  addDifference(warnings, "logical cores", std::to_string(a.logicalCores),
                std::to_string(b.logicalCores));
  addDifference(warnings, "SIMD target", a.simdSelected, b.simdSelected);
  addDifference(warnings, "build type", a.buildType, b.buildType);
  addDifference(warnings, "compiler", a.compiler, b.compiler);
  addDifference(warnings, "compiler flags", a.compilerFlags, b.compilerFlags);
  addCodeDifferences(warnings, base, next);
  const GpuInfo* gpuA = selectedGpu(a);
  const GpuInfo* gpuB = selectedGpu(b);
  addDifference(warnings, "GPU", gpuA ? gpuA->name : "none", gpuB ? gpuB->name : "none");
  for (const SystemCondition& condition : base.conditions)
    warnings.push_back("base run: " + condition.message);
  for (const SystemCondition& condition : next.conditions)
    warnings.push_back("new run: " + condition.message);
  return warnings;
}

// Each row of the new run alone goes after the last row of its group, so that a printer
// grouping rows under headings shows it there.
void placeNewOnly(std::vector<ComparisonRow>& rows, ComparisonRow row) {
  const auto last = std::find_if(rows.rbegin(), rows.rend(), [&](const ComparisonRow& other) {
    return detail::reportGroup(other.point) == detail::reportGroup(row.point);
  });
  rows.insert(last.base(), std::move(row));
}

}  // namespace

std::string_view toString(CompareTime time) { return time == CompareTime::cpu ? "cpu" : "wall"; }

std::optional<CompareTime> parseCompareTime(std::string_view text) {
  if (text == "wall") return CompareTime::wall;
  if (text == "cpu") return CompareTime::cpu;
  return std::nullopt;
}

std::string_view toString(Verdict verdict) {
  switch (verdict) {
    case Verdict::faster:
      return "faster";
    case Verdict::slower:
      return "slower";
    case Verdict::unchanged:
      return "no significant change";
    case Verdict::notComparable:
      return "not comparable";
    case Verdict::onlyInBase:
      return "only in base";
    case Verdict::onlyInNew:
      return "only in new";
  }
  return "?";
}

Comparison compareRuns(const Run& base, const Run& next, const CompareOptions& options) {
  Comparison comparison{labelOf(base), labelOf(next), options, warningsOf(base, next), {}};
  const auto partner = pairPoints(base, next);
  std::vector<bool> paired(next.points.size(), false);
  for (std::size_t b = 0; b < base.points.size(); ++b) {
    if (!partner[b]) {
      comparison.rows.push_back(unmatchedRow(base.points[b], Verdict::onlyInBase, options.time));
      continue;
    }
    paired[*partner[b]] = true;
    comparison.rows.push_back(matchedRow(base.points[b], next.points[*partner[b]], options));
  }
  for (std::size_t n = 0; n < next.points.size(); ++n) {
    if (!paired[n])
      placeNewOnly(comparison.rows, unmatchedRow(next.points[n], Verdict::onlyInNew, options.time));
  }
  return comparison;
}

std::size_t countOf(const Comparison& comparison, Verdict verdict) {
  return static_cast<std::size_t>(
      std::count_if(comparison.rows.begin(), comparison.rows.end(),
                    [&](const ComparisonRow& row) { return row.verdict == verdict; }));
}

std::string summaryText(const Comparison& comparison) {
  std::string text;
  for (Verdict verdict : kVerdicts) {
    const std::size_t count = countOf(comparison, verdict);
    if (count == 0) continue;
    if (!text.empty()) text += ", ";
    text += std::to_string(count) + " " + std::string(toString(verdict));
  }
  return text.empty() ? "no points" : text;
}

}  // namespace accellab
