// Whether the cache roofs a probe measured can judge points here. A VM's CPUID may report its
// host's 480 MiB L3, whose "roof" is then a copy in memory, below memory's own ceiling; a probe
// that shared the machine may measure L1 on two threads at a thousandth of one thread's rate.
// Such a roof would make a point read 400 % of its ceiling, or call it cache-bound when it is
// not: it is kept as measured, and judged here before anything uses it.
#pragma once

#include <string>
#include <vector>

#include "accellab/sysinfo.h"

namespace accellab {

enum class RoofVerdict {
  used,             // judges the points its level holds
  failedProbe,      // outside what a copy can do, or far below the same level on one thread
  notDistinguished  // not clearly above the next level's roof (or memory's): not a level here
};

struct JudgedRoof {
  CacheRoof roof;
  RoofVerdict verdict = RoofVerdict::used;
  std::string reason{};  // why it is not used; empty when it is
};

// Each of system.cacheRoofs, in their order, with its verdict. A roof outside what a copy can
// do, or below kFailedProbeFraction of its level on one thread, failed. Then on each thread
// count, from the largest level down, a level's roof must be more than kDistinctRoof times the
// next larger level's that is used (memory's copy ceiling after the last, on every thread);
// far below it, it failed; a level not distinguished from memory on every thread is not on
// one either.
std::vector<JudgedRoof> judgeCacheRoofs(const SystemInfo& system);

// The roofs judgeCacheRoofs uses: the cache-aware roofline's, for the report and the charts.
std::vector<CacheRoof> usableCacheRoofs(const SystemInfo& system);

// The data caches but those whose level is judged notDistinguished on every thread count it was
// measured on: where a problem may be said to run from a cache.
std::vector<CacheInfo> distinguishedCaches(const SystemInfo& system);

// "L3 480 MiB x2 28.4 GB/s", with " (not a level here: …)" or " (failed probe: …)" after a
// roof not used: how the CLI and the desktop app list them.
std::string describe(const JudgedRoof& judged);

// A roof far below its own level on one thread means the copy lost its cores to other work: a
// probe measures the roofs again once when this is true (kernels/probe/system_probe.cpp).
bool anyFailedProbe(const std::vector<JudgedRoof>& judged);

// More than this many times the next level's roof: a level the points can tell apart.
inline constexpr double kDistinctRoof = 1.2;
// Below this fraction of the same level's roof on one thread, or of the next larger level's, a
// roof is a failed probe: more threads never copy within a level at half one thread's rate,
// nor does a smaller level copy at half a larger one's.
inline constexpr double kFailedProbeFraction = 0.5;

}  // namespace accellab
