// The kernels this build ships, and the parts of the machine probe that need OpenMP,
// Highway or CUDA. The only header of the kernels library that apps include.
#pragma once

#include "accellab/memory_guard.h"
#include "accellab/registry.h"
#include "accellab/sysinfo.h"

namespace accellab::kernels {

// add and pi, each with loop / (loop-strided) / vectorized / parallel / gpu variants;
// variants this build or machine cannot run are registered as unavailable with the reason.
void registerBuiltinKernels(Registry& registry);

struct ProbeOptions {
  bool measureBandwidth = true;  // a STREAM-style copy with all threads, about a second
};
// probeHost() completed with Highway's targets, the OpenMP version, the GPU and the
// measured bandwidth ceiling.
SystemInfo probeSystem(const ProbeOptions& options = {});

// Host MemAvailable plus free GPU memory when a device is present.
MemoryAvailable probeMemory();

}  // namespace accellab::kernels
