// The machine a session was measured on.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "accellab/types.h"

namespace accellab {

struct CacheInfo {
  int level = 0;
  std::string type;  // "Data", "Instruction", "Unified"
  std::uint64_t sizeBytes = 0;
  // Where the figure came from: "sysfs" (/sys/devices/system/cpu/cpu0/cache), "CPUID" (glibc's
  // sysconf, when a VM's sysfs has no cache entries), empty when not recorded (older files).
  std::string source{};
  friend bool operator==(const CacheInfo&, const CacheInfo&) = default;
};

// A cache that holds data (a data or unified one, not an instruction cache): where a
// problem's arrays can stay, and what the cache roofs are measured in.
inline bool holdsData(const CacheInfo& cache) { return cache.type != "Instruction"; }

// The cache levels private to one core (L1, L2); from L3 on a level is shared by the cores. The
// cache roofs are measured and applied so (cache_bandwidth.h, cacheRoofFor).
inline constexpr int kLastPrivateCacheLevel = 2;

struct GpuInfo {
  int index = 0;  // CUDA's device ordinal
  std::string name;
  int smCount = 0;
  std::uint64_t memoryBytes = 0;
  int clockMHz = 0;
  int memoryClockMHz = 0;
  std::string computeCapability;  // "9.0"
  std::string driverVersion;      // "13.0"
  std::string runtimeVersion;
  std::string pciBusId;  // "0000:17:00.0": tells identical cards apart
  // Device-to-device copy kernel, best of several, bytes read + written per second; the
  // ceiling of the GPU's own rows. 0 = not measured.
  double copyCeilingBytesPerS = 0;
  friend bool operator==(const GpuInfo&, const GpuInfo&) = default;
};

// A compute roof of the roofline: the peak floating-point rate of one kind of execution,
// measured by independent FMA chains that stay in registers. FLOPs per second, an FMA
// counting 2.
struct ComputeCeiling {
  DType dtype = DType::f64;
  std::string isa;       // "scalar", a Highway target ("AVX2", "AVX3"), or "CUDA" on a device
  int threads = 1;       // host threads that ran it; 0 on a device
  int gpuIndex = -1;     // the device's ordinal when measured on a GPU, else -1
  double flopsPerS = 0;  // > 0
  friend bool operator==(const ComputeCeiling&, const ComputeCeiling&) = default;
};

// A memory roof of the cache-aware roofline (Ilic, Pratas and Sousa, 2014): the copy bandwidth
// of one data cache level, measured on arrays that fit in it. Bytes read + written per second,
// as the kernels count them.
struct CacheRoof {
  int level = 0;                // 1, 2, 3
  std::uint64_t sizeBytes = 0;  // the level's size as CacheInfo gives it (one core's for L1, L2)
  int threads = 1;              // 1, or every thread
  double bytesPerS = 0;         // > 0
  friend bool operator==(const CacheRoof&, const CacheRoof&) = default;
};

struct SystemInfo {
  std::string hostName;  // uname's node name: tells the machines of a comparison apart
  std::string cpuModel;
  int logicalCores = 0;
  std::vector<std::string> simdAvailable;  // Highway targets this CPU supports, best first
  std::string simdSelected;                // the one Highway dispatches to
  std::vector<CacheInfo> caches;
  std::uint64_t totalRamBytes = 0;
  std::uint64_t availableRamBytes = 0;
  std::string os;      // PRETTY_NAME of /etc/os-release
  std::string kernel;  // uname -sr
  std::string compiler;
  std::string compilerFlags;
  std::string buildType;
  std::string openmpVersion;  // "5.0 (201811)"; empty when built without OpenMP
  bool cudaBuilt = false;
  // The BLAS the blas variants call: OpenBLAS's openblas_get_config() and its thread layer
  // ("OpenBLAS 0.3.21 DYNAMIC_ARCH NO_AFFINITY Haswell MAX_THREADS=64; its own pthreads") and
  // the core whose kernels it runs
  // (openblas_get_corename(): "Haswell", "SkylakeX"); empty when built without OpenBLAS.
  std::string blasLibrary;
  std::string blasCore;
  // The interpreter the python backend's variants run and what it has: "/usr/bin/python3
  // (Python 3.11.2): NumPy 1.24.2, Numba 0.56.4", or why it cannot run them; empty when not
  // asked (older sessions, imports).
  std::string python;
  // The CPU's clock as the machine states it (/proc/cpuinfo's "cpu MHz" of the first CPU, or a
  // Google Benchmark file's mhz_per_cpu): nominal, not measured; 0 when not known.
  int cpuMHz = 0;
  // The load average over the last 1, 5 and 15 minutes when the machine was probed
  // (/proc/loadavg, or a Google Benchmark file's load_avg); empty when not known.
  std::vector<double> loadAverage;
  // Which perf events the runs count per point (counters.h), and why the others are not:
  // "page-faults, context-switches, cpu-migrations; hardware counters: not available on this
  // machine (no PMU exposed to this VM)". Empty when not asked (older files, imports).
  std::string counters;
  std::vector<GpuInfo> gpus;  // every CUDA device of the machine, by ordinal
  int gpuDevice = 0;          // the ordinal the gpu variants ran on
  std::string gpuReason;      // why gpus is empty: "built without CUDA", "no CUDA device"
  // STREAM-style copy with all threads, bytes read + written per second; 0 = not measured.
  double bandwidthCeilingBytesPerS = 0;
  std::string bandwidthMethod;
  // When the ceilings (this one and the GPUs') were measured, ISO-8601 UTC; empty when not
  // known (sessions before the machine cache). Cached: they come from the machine cache
  // (machine_cache.h), measured at that time, not by the probe that made this SystemInfo.
  std::string bandwidthMeasured;
  bool bandwidthCached = false;
  // What competed with the probe that measured every ceiling here (the load before it, other
  // processes' CPU time during it: system_conditions.h), or empty when the machine was quiet or
  // it is not known (files before it was recorded). Such ceilings are low: a cached one is
  // measured again once the machine is quiet (machine_cache.h).
  std::string ceilingsBusy;
  // The compute roofs (f32 and f64; scalar, best SIMD on one thread, SIMD on all threads; the
  // device's when present), measured and cached with the bandwidth ceiling; empty = not
  // measured (sessions before them).
  std::vector<ComputeCeiling> computeCeilings;
  // The cache levels' copy bandwidths (one thread, and every thread), measured and cached with
  // the ceiling: the roofs a problem that fits a cache is judged against. Empty = not measured
  // (sessions before them, machines whose caches are not known).
  std::vector<CacheRoof> cacheRoofs;
  // From how many bytes touched streaming stores beat cached ones here: copies with all
  // threads measured both ways at doubling sizes, cached with the ceilings; 0 = not measured.
  // A cache size cannot tell it: a VM's CPUID may report its host's L3 (508 MiB).
  std::uint64_t streamingFromBytes = 0;
  std::string streamingMethod;  // how it was measured, and what won where
  // From how many bytes touched a streaming loop split between two threads beats one here:
  // starting and joining a team costs 1 us on one machine and 3 us on another. Measured and
  // cached with the ceilings; 0 = not measured (one thread, or sessions before it).
  std::uint64_t splitFromBytes = 0;
  std::string splitMethod;
  friend bool operator==(const SystemInfo&, const SystemInfo&) = default;
};

// The device the gpu variants ran on; nullptr when there is none.
const GpuInfo* selectedGpu(const SystemInfo& system);

// The name users know for a Highway target, as tables, charts and the system views show it:
// "AVX3" -> "AVX-512", "AVX3_ZEN4" -> "AVX-512 (Zen 4)", "SSE4" -> "SSE4.2", "EMU128" ->
// "scalar (emulated)"; any other name as it is. Sessions keep Highway's own name.
std::string simdName(std::string_view target);

// "f64 AVX2 x2 32.4 GFLOP/s" on the host (x: threads), "f32 CUDA GPU 0 61.2 TFLOP/s" on a
// device: how the CLI and the desktop app list the compute ceilings.
std::string describe(const ComputeCeiling& ceiling);
// "L2 1.00 MiB x1 112 GB/s"
std::string describe(const CacheRoof& roof);

// "0.52, 0.58, 0.59 over 1, 5, 15 minutes" (as many as known), how the CLI and the desktop app
// show SystemInfo::loadAverage; empty when none is known.
std::string describeLoad(const std::vector<double>& loadAverage);

// "streaming from 64 MiB touched (copies with 2 threads, …)" for SystemInfo::streamingFromBytes,
// as the CLI and the desktop app show it; "not measured (the loops stream beyond the
// last-level cache)" when it is 0.
std::string describeStreaming(const SystemInfo& system);
// "2 threads from 1.00 MiB touched (copies, …)" for SystemInfo::splitFromBytes, the same way;
// "not measured (pieces of at least 128 KiB of traffic)" when it is 0.
std::string describeSplitting(const SystemInfo& system);

// The caches glibc's sysconf reports (_SC_LEVEL1_DCACHE_SIZE ...: CPUID on x86), source
// "CPUID"; the levels it does not know are left out.
std::vector<CacheInfo> cpuidCaches();

// Everything that needs no OpenMP, Highway or CUDA: CPU model, cores, caches, RAM, OS,
// compiler. The kernels library completes the rest (accellab::kernels::probeSystem). The
// caches are sysfs's; where sysfs has none (some VMs), `fallbackCaches`'.
SystemInfo probeHost();
// The same, reading proc/, sys/ and etc/ below `root` instead of "/" (for tests).
SystemInfo probeHost(const std::filesystem::path& root,
                     const std::function<std::vector<CacheInfo>()>& fallbackCaches = cpuidCaches);

}  // namespace accellab
