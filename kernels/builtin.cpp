#include "accellab/kernels/builtin.h"

#include <filesystem>
#include <memory>
#include <string>

#include "accellab/plugin_loader.h"

#include "probe/system_probe.h"
#include "registered_kernels.h"
#include "shared/kernel_table.h"

namespace accellab::kernels {

Engine makeBuiltinEngine(const EngineOptions& options) {
  const int device = options.gpuDevice;
  std::shared_ptr<Collective> launch =
      options.launch ? options.launch : std::make_shared<SoloCollective>();
  // Asks the driver once.
  const Capabilities capabilities = probeCapabilities(device, launch, options.mpiOnDevice);
  auto registry = std::make_shared<Registry>();
  for (KernelTable& table : registeredKernels())
    registry->add(makeKernel(std::move(table), capabilities));
  for (const std::filesystem::path& file : options.plugins) {
    LoadedPlugin plugin = loadPlugin(file);
    for (std::unique_ptr<Kernel>& kernel : plugin.kernels) {
      const std::string name = kernel->info().name;
      if (registry->find(name))
        throw PluginError("plugin " + file.string() + ": kernel '" + name +
                          "' is already taken (by a built-in kernel or an earlier plugin)");
      registry->add(std::move(kernel));
    }
  }
  return Engine(
      std::move(registry), [device] { return probeMemory(device); },
      [device, python = capabilities.python.summary](const ProbeOptions& probe) {
        SystemInfo system = probeSystem(device, probe);
        system.python = python;
        return system;
      },
      std::move(launch));
}

}  // namespace accellab::kernels
