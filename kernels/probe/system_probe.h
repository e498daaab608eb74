// The parts of the machine probe that need OpenMP, Highway or CUDA.
#pragma once

#include "accellab/engine.h"

namespace accellab::kernels {

// probeHost() completed; gpuDevice is the ordinal the gpu variants run on.
SystemInfo probeSystem(int gpuDevice, const ProbeOptions& options);

// The host memory this process may still use (probeHostMemory: MemAvailable within its
// address-space and cgroup limits) plus the free memory of gpuDevice when it exists.
MemoryAvailable probeMemory(int gpuDevice);

}  // namespace accellab::kernels
