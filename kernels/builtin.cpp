#include "accellab/kernels/builtin.h"

#include <regex.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <memory>
#include <string>

#include "accellab/plugin_loader.h"

#include "asv/asv_kernel.h"
#include "cuda/gpu.h"
#include "probe/system_probe.h"
#include "python/python_child.h"
#include "registered_kernels.h"
#include "table/kernel_table.h"

namespace accellab::kernels {
namespace {

// --bench's pattern, a POSIX extended regular expression found anywhere in a benchmark's
// name, as asv's --bench (Python's re) is for the names benchmarks have; empty takes all.
class BenchPattern {
 public:
  explicit BenchPattern(const std::string& pattern) : empty_(pattern.empty()) {
    if (empty_) return;
    if (const int error = ::regcomp(&regex_, pattern.c_str(), REG_EXTENDED | REG_NOSUB)) {
      std::array<char, 256> why{};
      ::regerror(error, &regex_, why.data(), why.size());
      throw PythonFileError("--bench '" + pattern + "' is no regular expression: " + why.data());
    }
  }
  BenchPattern(const BenchPattern&) = delete;
  BenchPattern& operator=(const BenchPattern&) = delete;
  ~BenchPattern() {
    if (!empty_) ::regfree(&regex_);
  }

  bool takes(const std::string& name) const {
    return empty_ || ::regexec(&regex_, name.c_str(), 0, nullptr, 0) == 0;
  }

 private:
  bool empty_;
  regex_t regex_{};
};

}  // namespace

Engine makeBuiltinEngine(const EngineOptions& options) {
  const int device = options.gpuDevice;
  std::shared_ptr<Collective> launch =
      options.launch ? options.launch : std::make_shared<SoloCollective>();
  // Asks the driver once.
  const Capabilities capabilities = probeCapabilities(device, launch, options.mpiOnDevice);
  auto registry = std::make_shared<Registry>();
  std::vector<KernelTable> tables = registeredKernels();
  const auto tableOf = [&](const std::string& kernel) {
    const auto table =
        std::ranges::find_if(tables, [&](const KernelTable& t) { return t.info.name == kernel; });
    return table == tables.end() ? nullptr : &*table;
  };
  for (const CudaSourceChoice& choice : options.cudaSources) {
    KernelTable* table = tableOf(choice.kernel);
    if (!table)
      throw gpu::CudaSourceError("--cuda-source " + choice.file.string() +
                                 ": no built-in kernel '" + choice.kernel + "' to add it to");
    try {
      const gpu::CudaSource source =
          gpu::readCudaSource(choice.file, choice.entry, table->sourceParameters);
      addSourceVariant(*table, source);  // a name taken is refused before the compile
      gpu::checkCudaSource(source, table->info.dtypes, options.stop);
    } catch (const gpu::CudaSourceError& error) {
      if (!options.sourceErrorsCostTheirVariant) throw;
      addBrokenSourceVariant(*table, choice.file, choice.entry, error.what());
    }
  }
  // Listed before the built-in kernels are made: a file's functions may join one of them.
  const BenchPattern bench(options.pythonBench);
  const std::string interpreter = pythonInterpreter();  // lists and runs every file
  std::vector<AsvListing> listings;
  for (const std::filesystem::path& file : options.pythonFiles) {
    listings.push_back(listAsvFile(file, interpreter, options.stop));
    for (const PythonFunction& function : listings.back().builtinVariants) {
      KernelTable* table = tableOf(function.kernel);
      if (!table)
        throw PythonFileError("python file " + file.string() + ": no built-in kernel '" +
                              function.kernel + "' for " + function.name + " to join");
      if (bench.takes(function.name)) addPythonVariant(*table, function);
    }
  }
  for (KernelTable& table : tables) registry->add(makeKernel(std::move(table), capabilities));
  const auto join = [&](std::vector<std::unique_ptr<Kernel>> kernels, const std::string& from) {
    for (std::unique_ptr<Kernel>& kernel : kernels) {
      const std::string name = kernel->info().name;
      if (registry->find(name))
        throw PluginError(from + ": kernel '" + name +
                          "' is already taken (by a built-in kernel or an earlier file)");
      registry->add(std::move(kernel));
    }
  };
  const auto devices = gpu::pluginDevices(device, capabilities.gpu);
  for (const std::filesystem::path& file : options.plugins)
    join(loadPlugin(file, devices).kernels, "plugin " + file.string());
  for (const AsvListing& listing : listings) {
    auto kernels = makeAsvKernels(listing, interpreter,
                                  [&](const std::string& name) { return bench.takes(name); });
    const bool joins = !listing.builtinVariants.empty();
    if (kernels.empty() && !joins)
      throw PythonFileError("python file " + listing.file.string() + ": no benchmark" +
                            (options.pythonBench.empty()
                                 ? " (functions or methods named time_*, or accellab.Builtin "
                                   "variants, docs/python.md)"
                                 : " matches --bench '" + options.pythonBench + "'"));
    join(std::move(kernels), "python file " + listing.file.string());
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
