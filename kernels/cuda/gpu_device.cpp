// What device 0 is, or why there is none.
#include <string>

#include "cuda_check.h"
#include "gpu.h"

namespace accellab::kernels::gpu {
namespace {

// 13000 -> "13.0"
std::string versionText(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

int attribute(cudaDeviceAttr which, int device) {
  int value = 0;
  ACCELLAB_CUDA_CHECK(cudaDeviceGetAttribute(&value, which, device));
  return value;
}

// The device count, or the reason there is no device.
int deviceCount(std::string& reason) {
  int count = 0;
  try {
    ACCELLAB_CUDA_CHECK(cudaGetDeviceCount(&count));
  } catch (const cuda::CudaError& error) {
    reason = "no CUDA device (" + error.text() + ")";
    return 0;
  }
  if (count == 0) reason = "no CUDA device";
  return count;
}

}  // namespace

DeviceProbe probeDevice() {
  DeviceProbe probe{true, std::nullopt, {}};
  if (deviceCount(probe.reason) == 0) return probe;
  try {
    constexpr int kDevice = 0;
    cudaDeviceProp properties{};
    ACCELLAB_CUDA_CHECK(cudaGetDeviceProperties(&properties, kDevice));
    int driver = 0;
    int runtime = 0;
    ACCELLAB_CUDA_CHECK(cudaDriverGetVersion(&driver));
    ACCELLAB_CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
    GpuInfo info;
    info.name = properties.name;
    info.smCount = properties.multiProcessorCount;
    info.memoryBytes = properties.totalGlobalMem;
    // Clock rates left cudaDeviceProp in CUDA 13; the attributes are in kHz.
    info.clockMHz = attribute(cudaDevAttrClockRate, kDevice) / 1000;
    info.memoryClockMHz = attribute(cudaDevAttrMemoryClockRate, kDevice) / 1000;
    info.computeCapability =
        std::to_string(properties.major) + "." + std::to_string(properties.minor);
    info.driverVersion = versionText(driver);
    info.runtimeVersion = versionText(runtime);
    probe.info = std::move(info);
  } catch (const cuda::CudaError& error) {
    probe.reason = "CUDA device unusable (" + error.text() + ")";
  }
  return probe;
}

Availability availability() {
  const DeviceProbe probe = probeDevice();
  return probe.info ? Availability::yes() : Availability::no(probe.reason);
}

std::optional<std::uint64_t> freeMemory() {
  std::string reason;
  if (deviceCount(reason) == 0) return std::nullopt;
  std::size_t free = 0;
  std::size_t total = 0;
  try {
    ACCELLAB_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  } catch (const cuda::CudaError&) {
    return std::nullopt;
  }
  return free;
}

}  // namespace accellab::kernels::gpu
