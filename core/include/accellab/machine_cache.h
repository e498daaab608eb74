// The machine's measured ceilings (memory bandwidth, compute), kept between runs: measuring
// the memory bandwidth takes seconds and gigabytes, and the results stay true while the
// machine and the build stay the same. One small JSON file (docs/session-format.md, "The
// machine cache") holds the probe that measured them; both front ends probe through here.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>

#include "accellab/engine.h"
#include "accellab/sysinfo.h"

namespace accellab {

// userCacheDirectory()/machine.json (user_dirs.h); empty when that is.
std::filesystem::path defaultMachineCacheFile();

// Why the cache could not serve a probe.
enum class CacheMiss {
  absent,        // no cache yet (the first start on this machine)
  unreadable,    // unreadable, corrupt, from a newer AccelLab or without a ceiling (bandwidth or
                 // compute: a file written before the compute ceilings were measured)
  otherMachine,  // measured on other hardware, another OS release, or with other CPUs usable
                 // (mpirun's binding, taskset: a bound core's ceilings are not the machine's)
  otherBuild,    // measured by another build of AccelLab
  implausible,   // a ceiling no probe of this machine could have measured (a file edited by
                 // hand or by someone else): outside physical bounds, or naming threads or a
                 // GPU this machine does not have
  quietNow,      // measured while the machine was busy (SystemInfo::ceilingsBusy), and it is
                 // quiet now
};

// Runs `during` (or waits a moment, when it is empty) and says what competed for the machine
// meanwhile: checkCompetition's facts (system_conditions.h), joined; empty when it was quiet.
using CompetitionWatch = std::function<std::string(const std::function<void()>& during)>;
std::string watchCompetition(const std::function<void()>& during);

struct CacheLookup {
  std::optional<SystemInfo> system;    // the live probe with the cached ceilings
  CacheMiss miss = CacheMiss::absent;  // why not, when system is empty
  std::string implausible{};           // CacheMiss::implausible: which value, and its bounds
};

class MachineCache {
 public:
  explicit MachineCache(std::filesystem::path file, CompetitionWatch watch = watchCompetition)
      : file_(std::move(file)), watch_(std::move(watch)) {}

  const std::filesystem::path& file() const { return file_; }
  const CompetitionWatch& watch() const { return watch_; }

  // `live` (a probe that measured nothing) with the ceilings, their time and bandwidthCached
  // set, when the file holds a measurement of the same machine and build. The machine: CPU
  // model, logical cores, RAM, caches, SIMD targets, GPUs (name, PCI bus, memory, driver), OS
  // and kernel release. The build: AccelLab's version, compiler, flags, build type, OpenMP,
  // CUDA, the SIMD target dispatched to. Not the host name: identical machines sharing a home
  // share their ceilings. Ceilings measured while the machine was busy serve only while it still
  // is (watch() says, in a moment); else they are a miss. Never throws: a file that cannot serve
  // is a miss, replaced by the next store().
  CacheLookup load(const SystemInfo& live) const;
  // Keeps `measured` (its ceilings and bandwidthMeasured set): replaces the file atomically,
  // creating its directory. Throws OutputError naming the file and the reason.
  void store(const SystemInfo& measured) const;

 private:
  std::filesystem::path file_;
  CompetitionWatch watch_;
};

// A probe with its ceilings, and why they could not be kept, if they could not.
struct MachineProbe {
  SystemInfo system;
  std::string warning;  // "cannot write …/machine.json: …": the probe itself is complete
  // Set when the cache held an implausible ceiling and it was measured again: which, and why.
  std::string distrusted{};
};

// Measures the ceilings now (ProbeOptions::measureBandwidth) under the cache's watch(), stamps
// them with the time and what competed (SystemInfo::ceilingsBusy) and stores them in `cache`.
// Interrupted through `stop`, or measuring nothing, it stores nothing.
MachineProbe measureMachine(const Engine& engine, const MachineCache& cache,
                            std::stop_token stop = {});
// The live probe with the cache's ceilings when it holds this machine and build; else
// measureMachine(), calling `measuring` first (a front end says why it pauses for seconds).
MachineProbe probeMachine(const Engine& engine, const MachineCache& cache,
                          std::stop_token stop = {}, const std::function<void()>& measuring = {});

}  // namespace accellab
