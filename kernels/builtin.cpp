#include "accellab/kernels/builtin.h"

#include <filesystem>
#include <memory>
#include <regex>
#include <string>

#include "accellab/plugin_loader.h"

#include "asv/asv_kernel.h"
#include "probe/system_probe.h"
#include "registered_kernels.h"
#include "shared/kernel_table.h"
#include "shared/python_child.h"

namespace accellab::kernels {
namespace {

std::regex benchPattern(const std::string& pattern) {
  try {
    return std::regex(pattern);
  } catch (const std::regex_error& error) {
    throw PythonFileError("--bench '" + pattern + "' is no regular expression: " + error.what());
  }
}

}  // namespace

Engine makeBuiltinEngine(const EngineOptions& options) {
  const int device = options.gpuDevice;
  std::shared_ptr<Collective> launch =
      options.launch ? options.launch : std::make_shared<SoloCollective>();
  // Asks the driver once.
  const Capabilities capabilities = probeCapabilities(device, launch, options.mpiOnDevice);
  auto registry = std::make_shared<Registry>();
  for (KernelTable& table : registeredKernels())
    registry->add(makeKernel(std::move(table), capabilities));
  const auto join = [&](std::vector<std::unique_ptr<Kernel>> kernels, const std::string& from) {
    for (std::unique_ptr<Kernel>& kernel : kernels) {
      const std::string name = kernel->info().name;
      if (registry->find(name))
        throw PluginError(from + ": kernel '" + name +
                          "' is already taken (by a built-in kernel or an earlier file)");
      registry->add(std::move(kernel));
    }
  };
  for (const std::filesystem::path& file : options.plugins)
    join(loadPlugin(file).kernels, "plugin " + file.string());
  const std::regex bench = benchPattern(options.pythonBench);
  for (const std::filesystem::path& file : options.pythonFiles) {
    const std::string interpreter = pythonInterpreter();
    auto kernels =
        makeAsvKernels(listAsvFile(file, interpreter), interpreter,
                       [&](const std::string& name) { return std::regex_search(name, bench); });
    if (kernels.empty())
      throw PythonFileError("python file " + file.string() + ": no benchmark" +
                            (options.pythonBench.empty()
                                 ? " (functions or methods named time_*, docs/python.md)"
                                 : " matches --bench '" + options.pythonBench + "'"));
    join(std::move(kernels), "python file " + file.string());
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
