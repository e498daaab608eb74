#include "accellab/kernels/builtin.h"

#include <memory>

#include "add_kernel.h"
#include "cuda/gpu.h"
#include "pi_kernel.h"
#include "system_probe.h"

namespace accellab::kernels {

Engine makeBuiltinEngine(const EngineOptions& options) {
  const int device = options.gpuDevice;
  const GpuTarget gpu{device, gpu::availability(device)};  // asks the driver once
  auto registry = std::make_shared<Registry>();
  registry->add(std::make_unique<AddKernel>(gpu));
  registry->add(std::make_unique<PiKernel>(gpu));
  return Engine(
      std::move(registry), [device] { return probeMemory(device); },
      [device](const ProbeOptions& probe) { return probeSystem(device, probe); });
}

}  // namespace accellab::kernels
