#include "system_probe.h"

#include <algorithm>
#include <exception>
#include <string>

#include "accellab/cache_roofs.h"
#include "accellab/counters.h"
#include "bandwidth.h"
#include "blas_identity.h"
#include "cache_bandwidth.h"
#include "cpu/simd.h"
#include "cuda/gpu.h"
#include "probe/compute_peak.h"
#include "split_crossover.h"

namespace accellab::kernels {
namespace {

// "5.0 (201811)": the specification version next to the _OPENMP date it stands for.
std::string openmpVersion() {
#ifdef _OPENMP
  struct Release {
    long date;
    const char* version;
  };
  constexpr Release kReleases[] = {{202111, "5.2"}, {202011, "5.1"}, {201811, "5.0"},
                                   {201511, "4.5"}, {201307, "4.0"}, {201107, "3.1"},
                                   {200805, "3.0"}};
  const long date = _OPENMP;
  for (const Release& release : kReleases) {
    if (date >= release.date)
      return std::string(release.version) + " (" + std::to_string(date) + ")";
  }
  return "(" + std::to_string(date) + ")";
#else
  return {};
#endif
}

}  // namespace

SystemInfo probeSystem(int gpuDevice, const ProbeOptions& options) {
  SystemInfo info = probeHost();
  info.simdAvailable = simd::targetsAvailable();
  info.simdSelected = simd::targetName();
  info.openmpVersion = openmpVersion();
  info.counters = openPerfCounters().description;
  BlasIdentity blas = blasIdentity();
  info.blasLibrary = std::move(blas.library);
  info.blasCore = std::move(blas.core);
  gpu::DeviceProbe devices = gpu::probeDevices();
  info.cudaBuilt = devices.built;
  info.gpus = std::move(devices.devices);
  info.gpuDevice = gpuDevice;
  info.gpuReason = std::move(devices.reason);
  if (!info.gpus.empty() && !selectedGpu(info))
    info.gpuReason = gpu::availability(gpuDevice).reason;
  if (options.measureBandwidth) {
    for (GpuInfo& device : info.gpus) {
      if (options.stop.stop_requested()) break;
      // A device that refuses the copy keeps a ceiling of 0 ("not measured"); its variant
      // reports the refusal itself when it runs.
      try {
        device.copyCeilingBytesPerS = gpu::measureCopyBandwidth(device.index);
      } catch (const std::exception&) {
        device.copyCeilingBytesPerS = 0;
      }
    }
    std::uint64_t largestCache = 0;
    for (const CacheInfo& cache : info.caches)
      largestCache = std::max(largestCache, cache.sizeBytes);
    const std::uint64_t available = probeHostMemory().hostBytes;
    const Bandwidth bandwidth = measureCopyBandwidth(largestCache, available, options.stop);
    info.bandwidthCeilingBytesPerS = bandwidth.bytesPerS;
    info.bandwidthMethod = bandwidth.method;
    info.streamingFromBytes = bandwidth.streamingFromBytes;
    info.streamingMethod = bandwidth.streamingMethod;
    SplitCrossover split = measureSplitCrossover(options.stop);
    info.splitFromBytes = split.fromBytes;
    info.splitMethod = std::move(split.method);
    info.computeCeilings = probe::measureComputeCeilings(info.gpus, options.stop);
    info.cacheRoofs = measureCacheBandwidths(info.caches, available, options.stop);
    // A roof far below its level on one thread lost its cores to other work for a moment:
    // once more, and what stays failed is left out by its judgement (cache_roofs.h).
    if (anyFailedProbe(judgeCacheRoofs(info)))
      info.cacheRoofs = measureCacheBandwidths(info.caches, available, options.stop);
  }
  return info;
}

MemoryAvailable probeMemory(int gpuDevice) {
  MemoryAvailable available = probeHostMemory();
  available.deviceBytes = gpu::freeMemory(gpuDevice);
  return available;
}

}  // namespace accellab::kernels
