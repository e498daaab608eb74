// Which CUDA devices there are, what each is, and whether this build can run on it.
#include <dlfcn.h>

#include <string>

#include "architectures.h"
#include "cublas_library.h"
#include "cuda_resources.h"
#include "gpu.h"
#include "launch_gate.h"
#include "launchers.h"

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

std::string computeCapability(int device) {
  return std::to_string(attribute(cudaDevAttrComputeCapabilityMajor, device)) + "." +
         std::to_string(attribute(cudaDevAttrComputeCapabilityMinor, device));
}

// The static runtime reports a machine with no NVIDIA driver at all as "CUDA driver version is
// insufficient", which sends users to upgrade a driver they do not have.
bool driverLibraryLoads() {
  void* driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (driver == nullptr) return false;
  dlclose(driver);
  return true;
}

// The device count, or the reason there is no device.
int deviceCount(std::string& reason) {
  int count = 0;
  try {
    ACCELLAB_CUDA_CHECK(cudaGetDeviceCount(&count));
  } catch (const cuda::CudaError& error) {
    const bool noDriver = error.code() == cudaErrorInsufficientDriver && !driverLibraryLoads();
    reason = "no CUDA device (" +
             (noDriver ? std::string("no NVIDIA driver: libcuda.so.1 not found") : error.text()) +
             ")";
    return 0;
  }
  if (count == 0) reason = "no CUDA device";
  return count;
}

// Asks nothing of the current device: the probe leaves the caller's choice alone.
GpuInfo describe(int device, const std::string& driver, const std::string& runtime) {
  cudaDeviceProp properties{};
  ACCELLAB_CUDA_CHECK(cudaGetDeviceProperties(&properties, device));
  // "0000:17:00.0"; CUDA documents 13 characters as enough.
  char busId[32] = {};
  ACCELLAB_CUDA_CHECK(cudaDeviceGetPCIBusId(busId, sizeof busId, device));
  GpuInfo info;
  info.index = device;
  info.name = properties.name;
  info.smCount = properties.multiProcessorCount;
  info.memoryBytes = properties.totalGlobalMem;
  // Clock rates left cudaDeviceProp in CUDA 13; the attributes are in kHz.
  info.clockMHz = attribute(cudaDevAttrClockRate, device) / 1000;
  info.memoryClockMHz = attribute(cudaDevAttrMemoryClockRate, device) / 1000;
  info.computeCapability = computeCapability(device);
  info.driverVersion = driver;
  info.runtimeVersion = runtime;
  info.pciBusId = busId;
  return info;
}

// Kernels of this folder's .cu files, built for the same architectures as the kernel folders'
// ones: loading them is what tells whether the build has code for the device.
void loadSharedKernels() {
  cuda::loadCopyKernel();
  cuda::LaunchGate::load();
}

bool isMissingImage(cudaError_t code) {
  return code == cudaErrorNoKernelImageForDevice || code == cudaErrorInvalidDeviceFunction;
}

}  // namespace

DeviceProbe probeDevices() {
  DeviceProbe probe{true, {}, {}};
  const int count = deviceCount(probe.reason);
  if (count == 0) return probe;
  int driver = 0;
  int runtime = 0;
  try {
    ACCELLAB_CUDA_CHECK(cudaDriverGetVersion(&driver));
    ACCELLAB_CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
  } catch (const cuda::CudaError& error) {
    probe.reason = "CUDA unusable (" + error.text() + ")";
    return probe;
  }
  // A device that cannot describe itself is left out (its index says which one is missing);
  // the others are still there to run on.
  for (int device = 0; device < count; ++device) {
    try {
      probe.devices.push_back(describe(device, versionText(driver), versionText(runtime)));
    } catch (const cuda::CudaError& error) {
      probe.reason = "CUDA device " + std::to_string(device) + " unusable (" + error.text() + ")";
    }
  }
  return probe;
}

Availability cublasAvailability() { return cuda::Cublas::availability(); }

Availability availability(int device) {
  std::string reason;
  const int count = deviceCount(reason);
  if (count == 0) return Availability::no(reason);
  if (device < 0 || device >= count) {
    return Availability::no("no CUDA device " + std::to_string(device) + " (" +
                            std::to_string(count) + " present)");
  }
  std::string capability = "?";
  try {
    capability = computeCapability(device);
    cuda::selectDevice(device);
    loadSharedKernels();
  } catch (const cuda::CudaError& error) {
    if (isMissingImage(error.code())) {
      return Availability::no(cuda::missingImageReason(capability, cuda::embeddedArchitectures()));
    }
    return Availability::no("CUDA device " + std::to_string(device) + " unusable (" + error.text() +
                            ")");
  }
  return Availability::yes();
}

std::optional<std::uint64_t> freeMemory(int device) {
  std::string reason;
  if (device < 0 || device >= deviceCount(reason)) return std::nullopt;
  std::size_t free = 0;
  std::size_t total = 0;
  try {
    cuda::selectDevice(device);
    ACCELLAB_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  } catch (const cuda::CudaError&) {
    return std::nullopt;
  }
  return free;
}

}  // namespace accellab::kernels::gpu
