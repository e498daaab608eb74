// The CUDA side of the kernels library as plain C++: no CUDA header, no CUDA type. Built
// from the files in this folder when ACCELLAB_CUDA is on, else from gpu_absent.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "accellab/kernel.h"
#include "accellab/sysinfo.h"

namespace accellab::kernels::gpu {

struct DeviceProbe {
  bool built = false;           // this build has the CUDA variants
  std::optional<GpuInfo> info;  // device 0, when there is one
  std::string reason;           // why info is empty
};

DeviceProbe probeDevice();
// "no CUDA device (<CUDA's error text>)", "built without CUDA", or yes.
Availability availability();
// Free memory of device 0; empty without a device.
std::optional<std::uint64_t> freeMemory();

// Runs on device 0 with device buffers allocated once and pinned host buffers.
// Throw std::runtime_error (with CUDA's error text) when the device refuses.
std::unique_ptr<KernelRun> prepareAdd(const Shape3& shape, DType dtype, std::uint64_t seed);
std::unique_ptr<KernelRun> preparePi(std::uint64_t samples, std::uint64_t seed);

}  // namespace accellab::kernels::gpu
