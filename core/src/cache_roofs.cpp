#include "accellab/cache_roofs.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "accellab/format.h"

namespace accellab {
namespace {

// What a copy loop can measure (machine_cache.cpp bounds the cached ceilings alike).
constexpr double kMinCopy = 1e7;
constexpr double kMaxCopy = 1e14;

std::string rate(double bytesPerS) { return formatValue(bytesPerS, ValueKind::byteRate); }

std::string levelName(int level) {
  std::string name = "L";
  name += std::to_string(level);
  return name;
}

void judge(JudgedRoof& judged, RoofVerdict verdict, std::string reason) {
  judged.verdict = verdict;
  judged.reason = std::move(reason);
}

}  // namespace

std::vector<JudgedRoof> judgeCacheRoofs(const SystemInfo& system) {
  std::vector<JudgedRoof> judged;
  int most = 1;
  for (const CacheRoof& roof : system.cacheRoofs) {
    judged.push_back({roof});
    most = std::max(most, roof.threads);
  }
  const auto oneThread = [&](int level) -> const JudgedRoof* {
    for (const JudgedRoof& j : judged)
      if (j.roof.level == level && j.roof.threads == 1) return &j;
    return nullptr;
  };
  for (JudgedRoof& j : judged) {
    const double bytesPerS = j.roof.bytesPerS;
    if (!std::isfinite(bytesPerS) || bytesPerS < kMinCopy || bytesPerS > kMaxCopy) {
      judge(j, RoofVerdict::failedProbe, "outside what a copy can do (10 MB/s to 100 TB/s)");
      continue;
    }
    const JudgedRoof* single = j.roof.threads > 1 ? oneThread(j.roof.level) : nullptr;
    if (single && bytesPerS < kFailedProbeFraction * single->roof.bytesPerS)
      judge(j, RoofVerdict::failedProbe,
            "far below the " + rate(single->roof.bytesPerS) + " of one thread");
  }
  // Every thread first: its last level meets memory's ceiling, and a level that is memory there
  // (a VM's CPUID reporting its host's L3) is memory on one thread too. Levels told apart from
  // each other are judged on each thread count alone: on two threads of a loaded machine L1
  // and L2 may copy alike while one thread tells them apart.
  std::set<int> memoryLevels;
  const std::vector<int> counts = most > 1 ? std::vector<int>{most, 1} : std::vector<int>{1};
  for (const int threads : counts) {
    std::vector<JudgedRoof*> levels;
    for (JudgedRoof& j : judged)
      if (j.roof.threads == threads && j.verdict == RoofVerdict::used) levels.push_back(&j);
    std::ranges::sort(levels, std::greater{}, [](const JudgedRoof* j) { return j->roof.level; });
    const bool memoryApplies = threads == most && system.bandwidthCeilingBytesPerS > 0;
    double next = memoryApplies ? system.bandwidthCeilingBytesPerS : 0;
    std::string nextName = "memory's copy ceiling of ";
    for (JudgedRoof* j : levels) {
      const double bytesPerS = j->roof.bytesPerS;
      const bool againstMemory = nextName.starts_with("memory");
      if (threads != most && memoryLevels.contains(j->roof.level)) {
        judge(*j, RoofVerdict::notDistinguished, "not distinguished from memory on every thread");
      } else if (next > 0 && bytesPerS < kFailedProbeFraction * next) {
        judge(*j, RoofVerdict::failedProbe, "far below " + nextName + rate(next));
      } else if (next > 0 && bytesPerS <= kDistinctRoof * next) {
        judge(*j, RoofVerdict::notDistinguished, "not clearly above " + nextName + rate(next));
        if (threads == most && againstMemory) memoryLevels.insert(j->roof.level);
      } else {
        next = bytesPerS;
        nextName = levelName(j->roof.level) + "'s ";
      }
    }
  }
  return judged;
}

std::vector<CacheRoof> usableCacheRoofs(const SystemInfo& system) {
  std::vector<CacheRoof> roofs;
  for (const JudgedRoof& j : judgeCacheRoofs(system))
    if (j.verdict == RoofVerdict::used) roofs.push_back(j.roof);
  return roofs;
}

std::vector<CacheInfo> distinguishedCaches(const SystemInfo& system) {
  // A level is one here where some thread count tells it apart.
  std::set<int> notLevels;
  std::set<int> levels;
  for (const JudgedRoof& j : judgeCacheRoofs(system)) {
    if (j.verdict == RoofVerdict::notDistinguished) notLevels.insert(j.roof.level);
    if (j.verdict == RoofVerdict::used) levels.insert(j.roof.level);
  }
  std::vector<CacheInfo> caches;
  for (const CacheInfo& cache : system.caches)
    if (!notLevels.contains(cache.level) || levels.contains(cache.level)) caches.push_back(cache);
  return caches;
}

std::string describe(const JudgedRoof& judged) {
  std::string text = describe(judged.roof);
  switch (judged.verdict) {
    case RoofVerdict::used:
      break;
    case RoofVerdict::failedProbe:
      text += " (failed probe, not used: " + judged.reason + ")";
      break;
    case RoofVerdict::notDistinguished:
      text += " (not a level here, not used: " + judged.reason + ")";
      break;
  }
  return text;
}

bool anyFailedProbe(const std::vector<JudgedRoof>& judged) {
  return std::ranges::any_of(
      judged, [](const JudgedRoof& j) { return j.verdict == RoofVerdict::failedProbe; });
}

}  // namespace accellab
