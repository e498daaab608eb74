#include "accellab/quality.h"

#include <array>
#include <string_view>

#include "accellab/format.h"
#include "joined.h"

namespace accellab {

namespace {

struct FlagName {
  std::string_view name;
  bool PointFlags::*flag;
};
constexpr std::array<FlagName, 4> kFlags = {{{"unstable", &PointFlags::unstable},
                                             {"cut-short", &PointFlags::cutShort},
                                             {"cold", &PointFlags::cold},
                                             {"outliers", &PointFlags::outliers}}};

double outlierShare(const PointResult& result) {
  const std::size_t n = result.samplesS.size();
  return n > 0 ? static_cast<double>(result.stats.outliers) / static_cast<double>(n) : 0;
}

std::string percent(double fraction) { return formatValue(fraction, ValueKind::percentage); }

}  // namespace

double relativeSpread(const PointResult& result) {
  return result.stats.medianS > 0 ? result.stats.madS / result.stats.medianS : 0;
}

PointFlags judgeQuality(const PointResult& result, const QualityLimits& limits) {
  PointFlags flags;
  flags.cutShort = result.flags.cutShort;
  if (result.status != PointStatus::ok || result.stats.medianS <= 0) return flags;
  flags.unstable = relativeSpread(result) > limits.maxRelativeSpread;
  flags.cold = result.firstCallS > limits.coldFactor * result.stats.medianS;
  flags.outliers =
      (result.samplesS.size() >= kOutlierMinSamples && outlierShare(result) > kOutlierShare) ||
      result.stats.meanS > kMeanToMedian * result.stats.medianS;
  return flags;
}

bool worthRemeasuring(const PointResult& result) {
  return result.status == PointStatus::ok && (result.flags.unstable || result.flags.outliers);
}

bool steadier(const PointResult& a, const PointResult& b) {
  if (worthRemeasuring(a) != worthRemeasuring(b)) return !worthRemeasuring(a);
  return relativeSpread(a) < relativeSpread(b);
}

std::vector<std::string> flagNames(const PointFlags& flags) {
  std::vector<std::string> names;
  for (const FlagName& f : kFlags)
    if (flags.*f.flag) names.emplace_back(f.name);
  return names;
}

bool flaggedPoint(const PointResult& result) {
  return result.status == PointStatus::ok && result.flags.any();
}

std::vector<std::string> everyFlagName() {
  std::vector<std::string> names;
  for (const FlagName& f : kFlags) names.emplace_back(f.name);
  return names;
}

bool setFlag(PointFlags& flags, std::string_view name) {
  for (const FlagName& f : kFlags) {
    if (f.name == name) {
      flags.*f.flag = true;
      return true;
    }
  }
  return false;
}

std::string flagsText(const PointFlags& flags) { return detail::joined(flagNames(flags), ", "); }

bool coresBeyondThreads(double cores, int threads) {
  return cores > static_cast<double>(threads) * kCoresBeyondFactor + kCoresBeyondMargin;
}

CoreUse judgeCoreUse(const PointResult& result) {
  if (result.status != PointStatus::ok || !result.cpu) return CoreUse::asDeclared;
  const double cores = result.cpu->cores;
  if (coresBeyondThreads(cores, result.point.threads)) return CoreUse::beyondThreads;
  // A GPU point's host thread waits for the device by design.
  if (result.point.threads == 1 && !result.gpu && cores < kCoresBelowOne)
    return CoreUse::belowOneCore;
  return CoreUse::asDeclared;
}

std::string coreUseNote(const PointResult& result) {
  const auto threads = [](int n) { return std::to_string(n) + (n == 1 ? " thread" : " threads"); };
  const std::string cores = result.cpu ? formatValue(result.cpu->cores, ValueKind::number) : "";
  switch (judgeCoreUse(result)) {
    case CoreUse::beyondThreads:
      return "declared " + threads(result.point.threads) + ", used " + cores +
             " cores: threads it did not declare ran too (a library's own, such as Dask's "
             "scheduler, OpenBLAS, Numba's or PyTorch's pool)";
    case CoreUse::belowOneCore:
      return threads(1) + ", " + cores +
             " cores of CPU over its wall time: it waited (for I/O, a lock, another process) or "
             "was preempted";
    case CoreUse::asDeclared:
      break;
  }
  return {};
}

std::string cpuUseText(const PointResult& result) {
  if (!result.cpu) return {};
  std::string text = "CPU time " + formatValue(result.cpu->medianS, ValueKind::duration) +
                     " per run, " + formatValue(result.cpu->cores, ValueKind::number) +
                     " cores used";
  if (const std::string note = coreUseNote(result); !note.empty()) text += "\n" + note;
  return text;
}

std::string flagAdvice(const PointResult& result, const QualityLimits& limits,
                       const AdviceTerms& terms) {
  std::vector<std::string> lines;
  const PointFlags& flags = result.flags;
  if (flags.unstable)
    lines.push_back("unstable: the samples' MAD is " + percent(relativeSpread(result)) +
                    " of the median (limit " + percent(limits.maxRelativeSpread) +
                    "); close other programs, measure longer (" + terms.minTime + ", " +
                    terms.reps + ") or re-run it (" + terms.rerun + ")");
  if (flags.cutShort)
    lines.push_back(
        "cut short: the time limit stopped it after " + std::to_string(result.samplesS.size()) +
        " repetitions; " +
        (terms.maxTime.empty() ? std::string("use") : "raise " + terms.maxTime + " or use") +
        " a smaller problem");
  if (flags.cold && result.stats.medianS > 0)
    lines.push_back("cold: the first call took " +
                    formatValue(result.firstCallS / result.stats.medianS, ValueKind::ratio) +
                    " the median (" + formatValue(result.firstCallS, ValueKind::duration) +
                    "): page faults, module loading or compilation; it is kept out of the "
                    "median, count it if your program calls the kernel once");
  if (flags.outliers && result.stats.medianS > 0) {
    // Says the rule that flagged it, of the two (quality.h): a share past the fences, or a
    // mean far above the median (a few very slow samples inside a small share).
    const double ratio = result.stats.meanS / result.stats.medianS;
    std::string why;
    if (result.samplesS.size() >= kOutlierMinSamples && outlierShare(result) > kOutlierShare)
      why = percent(outlierShare(result)) + " of the samples lie outside Tukey's fences (limit " +
            percent(kOutlierShare) + ")";
    if (ratio > kMeanToMedian)
      why += (why.empty() ? "" : " and ") + std::string("the mean is ") +
             formatValue(ratio, ValueKind::ratio) + " the median (limit " +
             formatValue(kMeanToMedian, ValueKind::ratio) + ")";
    lines.push_back("outliers: " + why +
                    ": a heavy tail of slow runs (another program, interrupts, a thread woken "
                    "late); the median ignores it, the mean does not; close other programs or "
                    "re-run it (" +
                    terms.rerun + ")");
  }
  return detail::joined(lines, "\n");
}

}  // namespace accellab
