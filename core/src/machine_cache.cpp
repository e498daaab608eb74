#include "accellab/machine_cache.h"
#include "accellab/user_dirs.h"

#include <sched.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <sstream>
#include <string_view>
#include <system_error>
#include <tuple>

#include "accellab/output_file.h"
#include "accellab/runner.h"
#include "accellab/session.h"
#include "accellab/system_conditions.h"
#include "joined.h"
#include "json_reader.h"

namespace accellab {

namespace {

namespace fs = std::filesystem;
using detail::Json;

constexpr std::string_view kFormat = "accellab-machine-cache";
constexpr int kVersion = 1;
// The ceilings of one AccelLab may not be another's: the copy loop is part of the build.
constexpr std::string_view kAccellabVersion = ACCELLAB_VERSION;

bool sameGpus(const SystemInfo& a, const SystemInfo& b) {
  const auto identity = [](const GpuInfo& g) {
    return std::tie(g.index, g.name, g.pciBusId, g.memoryBytes, g.computeCapability,
                    g.driverVersion, g.runtimeVersion);
  };
  if (a.gpus.size() != b.gpus.size()) return false;
  for (std::size_t i = 0; i < a.gpus.size(); ++i)
    if (identity(a.gpus[i]) != identity(b.gpus[i])) return false;
  return true;
}

// Hardware and OS release: what the memory system and the drivers are.
bool sameMachine(const SystemInfo& a, const SystemInfo& b) {
  const auto identity = [](const SystemInfo& s) {
    return std::tie(s.cpuModel, s.logicalCores, s.totalRamBytes, s.caches, s.simdAvailable, s.os,
                    s.kernel);
  };
  return identity(a) == identity(b) && sameGpus(a, b);
}

// How the copy loops were compiled and dispatched (the AccelLab version is checked apart).
bool sameBuild(const SystemInfo& a, const SystemInfo& b) {
  const auto identity = [](const SystemInfo& s) {
    return std::tie(s.compiler, s.compilerFlags, s.buildType, s.openmpVersion, s.cudaBuilt,
                    s.simdSelected);
  };
  return identity(a) == identity(b);
}

// What a probe could measure, with room for machines to come: a copy loop between 10 MB/s
// and 100 TB/s (a GPU's up to 1 PB/s); a compute peak of at least 1 MFLOP/s, at most
// 10 TFLOP/s per host thread (a 5 GHz core with two 512-bit FMA pipes does 0.3) and 10
// PFLOP/s per device.
constexpr double kMinBandwidth = 1e7;
constexpr double kMaxBandwidth = 1e14;
constexpr double kMaxGpuBandwidth = 1e15;
constexpr double kMinFlops = 1e6;
constexpr double kMaxFlopsPerThread = 1e13;
constexpr double kMaxGpuFlops = 1e16;
// The store crossover's trials start at two arrays of 1 MiB; no machine has a petabyte of cache.
constexpr std::uint64_t kMinStreamingFrom = std::uint64_t{2} << 20;
constexpr std::uint64_t kMaxStreamingFrom = std::uint64_t{1} << 50;
constexpr std::uint64_t kMinSplitFrom = std::uint64_t{16} << 10;
constexpr std::uint64_t kMaxSplitFrom = std::uint64_t{32} << 20;

bool within(double value, double low, double high) {
  return std::isfinite(value) && value >= low && value <= high;
}

std::string number(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

// Empty when every cached ceiling could have been measured on `live`; else which was not.
std::string implausibility(const SystemInfo& cached, const SystemInfo& live) {
  if (!within(cached.bandwidthCeilingBytesPerS, kMinBandwidth, kMaxBandwidth))
    return "a bandwidth of " + number(cached.bandwidthCeilingBytesPerS) +
           " B/s (a copy runs between 1e7 and 1e14 B/s)";
  if (cached.streamingFromBytes < kMinStreamingFrom ||
      cached.streamingFromBytes > kMaxStreamingFrom)
    return "streaming stores from " + std::to_string(cached.streamingFromBytes) +
           " bytes (the probe's trials put it between 2 MiB and 1 PiB)";
  // 0 where the machine has one thread; else between the split probe's 16 KiB and twice its
  // 16 MiB touched.
  if (cached.splitFromBytes != 0 &&
      (cached.splitFromBytes < kMinSplitFrom || cached.splitFromBytes > kMaxSplitFrom))
    return "splitting from " + std::to_string(cached.splitFromBytes) +
           " bytes (the probe's trials put it between 16 KiB and 32 MiB)";
  for (const GpuInfo& gpu : cached.gpus)
    if (gpu.copyCeilingBytesPerS != 0 &&
        !within(gpu.copyCeilingBytesPerS, kMinBandwidth, kMaxGpuBandwidth))
      return "GPU " + std::to_string(gpu.index) + "'s bandwidth of " +
             number(gpu.copyCeilingBytesPerS) + " B/s (a copy runs between 1e7 and 1e15 B/s)";
  for (const ComputeCeiling& c : cached.computeCeilings) {
    const std::string which = std::string(toString(c.dtype)) + " " + c.isa;
    if (c.gpuIndex >= 0) {
      if (c.gpuIndex >= static_cast<int>(live.gpus.size()))
        return "a " + which + " peak of GPU " + std::to_string(c.gpuIndex) +
               ", which this machine does not have";
      if (!within(c.flopsPerS, kMinFlops, kMaxGpuFlops))
        return "a " + which + " peak of " + number(c.flopsPerS) +
               " FLOP/s (a device does between 1e6 and 1e16)";
      continue;
    }
    if (c.threads < 1 || c.threads > live.logicalCores)
      return "a " + which + " peak on " + std::to_string(c.threads) +
             " threads (this machine has " + std::to_string(live.logicalCores) + " logical cores)";
    if (!within(c.flopsPerS, kMinFlops, kMaxFlopsPerThread * c.threads))
      return "a " + which + " peak of " + number(c.flopsPerS) + " FLOP/s on " +
             std::to_string(c.threads) + " threads (at most 1e13 per thread)";
  }
  for (const CacheRoof& roof : cached.cacheRoofs) {
    if (roof.threads < 1 || roof.threads > live.logicalCores)
      return "an L" + std::to_string(roof.level) + " roof on " + std::to_string(roof.threads) +
             " threads (this machine has " + std::to_string(live.logicalCores) + " logical cores)";
    if (!within(roof.bytesPerS, kMinBandwidth, kMaxBandwidth))
      return "an L" + std::to_string(roof.level) + " bandwidth of " + number(roof.bytesPerS) +
             " B/s (a copy runs between 1e7 and 1e14 B/s)";
  }
  return {};
}

struct Stored {
  std::string accellabVersion;
  SystemInfo system;
  int usableCpus = 0;  // 0: not recorded (a cache written before it was)
};

// The CPUs this process may run on (sched_getaffinity; 0 when it cannot say). mpirun's
// binding or taskset leave fewer than the machine has, and ceilings measured on one bound
// core are not those of a process that may use them all, nor the other way round.
int usableCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
}

// Throws (SessionError, or anything the file system throws) when the file cannot serve.
Stored read(const fs::path& file) {
  const std::string text = detail::readBoundedFile(file, "a machine cache");
  const Json json = detail::parseBoundedJson(text, "a machine cache");
  if (!json.is_object()) throw SessionError("not a machine cache");
  const detail::JsonNode root(json, "machine cache");
  if (root["format"].string() != kFormat) throw SessionError("not a machine cache");
  root["version"].integer(1, kVersion);  // a newer format is refused: measured again
  Stored stored{root["accellab_version"].string(),
                systemInfoFromJson(root["system"].json().dump())};
  if (auto cpus = root.optional("usable_cpus")) stored.usableCpus = cpus->integer(0, CPU_SETSIZE);
  return stored;
}

SystemInfo withCeilings(SystemInfo live, const SystemInfo& measured) {
  live.bandwidthCeilingBytesPerS = measured.bandwidthCeilingBytesPerS;
  live.bandwidthMethod = measured.bandwidthMethod;
  live.streamingFromBytes = measured.streamingFromBytes;
  live.streamingMethod = measured.streamingMethod;
  live.splitFromBytes = measured.splitFromBytes;
  live.splitMethod = measured.splitMethod;
  live.bandwidthMeasured = measured.bandwidthMeasured;
  live.bandwidthCached = true;
  live.ceilingsBusy = measured.ceilingsBusy;
  live.computeCeilings = measured.computeCeilings;
  live.cacheRoofs = measured.cacheRoofs;
  // sameMachine: the same devices in the same order.
  for (std::size_t i = 0; i < live.gpus.size(); ++i)
    live.gpus[i].copyCeilingBytesPerS = measured.gpus[i].copyCeilingBytesPerS;
  return live;
}

}  // namespace

fs::path defaultMachineCacheFile() {
  const fs::path directory = userCacheDirectory();
  return directory.empty() ? directory : directory / "machine.json";
}

CacheLookup MachineCache::load(const SystemInfo& live) const {
  std::error_code error;
  if (file_.empty() || (!fs::exists(file_, error) && !error)) return {{}, CacheMiss::absent};
  Stored stored;
  try {
    stored = read(file_);
  } catch (const std::exception&) {
    return {{}, CacheMiss::unreadable};
  }
  const SystemInfo& cached = stored.system;
  // No compute ceilings, store crossover or cache roofs: written before they were measured, so
  // measured now, not served empty.
  const bool cachesKnown = std::ranges::any_of(live.caches, holdsData);
  if (cached.bandwidthCeilingBytesPerS <= 0 || cached.bandwidthMeasured.empty() ||
      cached.computeCeilings.empty() || cached.streamingFromBytes == 0 ||
      (cachesKnown && cached.cacheRoofs.empty()))
    return {{}, CacheMiss::unreadable};
  if (!sameMachine(cached, live) || stored.usableCpus != usableCpus())
    return {{}, CacheMiss::otherMachine};
  if (stored.accellabVersion != kAccellabVersion || !sameBuild(cached, live))
    return {{}, CacheMiss::otherBuild};
  if (std::string why = implausibility(cached, live); !why.empty())
    return {{}, CacheMiss::implausible, std::move(why)};
  if (!cached.ceilingsBusy.empty() && watch_ && watch_({}).empty())
    return {{}, CacheMiss::quietNow};
  return {withCeilings(live, cached), CacheMiss::absent};
}

void MachineCache::store(const SystemInfo& measured) const {
  if (file_.empty()) {
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    throw OutputError(std::string("cannot keep the machine's measurement: ") +
                      (xdg && *xdg ? "XDG_CACHE_HOME is a relative path (the XDG rules ignore it) "
                                     "and HOME is not set"
                                   : "neither XDG_CACHE_HOME nor HOME is set"));
  }
  std::error_code error;
  if (file_.has_parent_path()) fs::create_directories(file_.parent_path(), error);
  if (error) throw OutputError("cannot write " + file_.string() + ": " + error.message());
  SystemInfo kept = measured;
  kept.bandwidthCached = false;
  std::string text;
  try {
    const Json json = {{"format", kFormat},
                       {"version", kVersion},
                       {"accellab_version", kAccellabVersion},
                       {"usable_cpus", usableCpus()},
                       {"system", Json::parse(systemInfoToJson(kept))}};
    text = json.dump(2) + '\n';
  } catch (const SessionError& refused) {
    throw OutputError("cannot write " + file_.string() + ": " + refused.what());
  }
  // The program names this file: a link planted there is replaced, never written through.
  writeFileAtomically(file_, text, Symlinks::replace);
}

std::string watchCompetition(const std::function<void()>& during) {
  ConditionsProbe probe;
  if (during)
    probe.wait = [&during](double seconds) {
      const double start = steadySeconds();
      during();
      // A sample of milliseconds would count one clock tick of another process as a core.
      const double took = steadySeconds() - start;
      return took < seconds ? took + sleepSeconds(seconds - took) : took;
    };
  return detail::joined(checkCompetition(probe), "; ");
}

MachineProbe measureMachine(const Engine& engine, const MachineCache& cache, std::stop_token stop) {
  MachineProbe probe;
  SystemInfo& system = probe.system;
  const auto measure = [&] {
    system = engine.probeSystem({.measureBandwidth = true, .stop = stop});
  };
  if (cache.watch()) {
    std::string busy = cache.watch()(measure);
    system.ceilingsBusy = std::move(busy);
  } else {
    measure();
  }
  // "Not measured" is no ceiling to keep: the next start tries again.
  if (stop.stop_requested() || system.bandwidthCeilingBytesPerS <= 0 ||
      system.computeCeilings.empty())
    return probe;
  system.bandwidthMeasured = nowIso8601();
  try {
    cache.store(system);
  } catch (const OutputError& problem) {
    probe.warning = problem.what();
  }
  return probe;
}

MachineProbe probeMachine(const Engine& engine, const MachineCache& cache, std::stop_token stop,
                          const std::function<void()>& measuring) {
  CacheLookup lookup = cache.load(engine.probeSystem({.measureBandwidth = false, .stop = stop}));
  if (lookup.system) return {std::move(*lookup.system), {}, {}};
  if (measuring) measuring();
  MachineProbe probe = measureMachine(engine, cache, stop);
  probe.distrusted = std::move(lookup.implausible);
  return probe;
}

}  // namespace accellab
