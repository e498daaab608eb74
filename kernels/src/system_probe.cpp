// probeSystem and probeMemory from builtin.h: the parts of the machine probe that need
// OpenMP, Highway or CUDA.
#include <algorithm>
#include <string>

#include "accellab/kernels/builtin.h"
#include "bandwidth.h"
#include "cpu/simd.h"
#include "cuda/gpu.h"

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

SystemInfo probeSystem(const ProbeOptions& options) {
  SystemInfo info = probeHost();
  info.simdAvailable = simd::targetsAvailable();
  info.simdSelected = simd::targetName();
  info.openmpVersion = openmpVersion();
  gpu::DeviceProbe device = gpu::probeDevice();
  info.cudaBuilt = device.built;
  info.gpu = std::move(device.info);
  info.gpuReason = std::move(device.reason);
  if (options.measureBandwidth) {
    std::uint64_t largestCache = 0;
    for (const CacheInfo& cache : info.caches)
      largestCache = std::max(largestCache, cache.sizeBytes);
    const Bandwidth bandwidth = measureCopyBandwidth(largestCache, probeHostMemory().hostBytes);
    info.bandwidthCeilingBytesPerS = bandwidth.bytesPerS;
    info.bandwidthMethod = bandwidth.method;
  }
  return info;
}

MemoryAvailable probeMemory() {
  MemoryAvailable available = probeHostMemory();
  available.deviceBytes = gpu::freeMemory();
  return available;
}

}  // namespace accellab::kernels
