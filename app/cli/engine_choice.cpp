#include "engine_choice.h"

#include <cstring>
#include <iostream>
#include <limits>
#include <string>

#include "accellab/plugin_loader.h"
#include "cli_error.h"

namespace accellab::cli {

void addEngineOptions(ArgumentParser& parser) {
  parser.option("--device", "N", "the CUDA device the gpu variants run on (default 0)")
      .multiOption("--plugin", "FILE", "also load this plugin's kernels (docs/plugins.md)")
      .multiOption("--python", "FILE",
                   "also measure this asv-style Python benchmark file (docs/python.md)")
      .option("--bench", "REGEX", "of --python's benchmarks, only those whose name matches");
}

void addCudaSourceOptions(ArgumentParser& parser) {
  parser
      .multiOption("--cuda-source", "FILE",
                   "add the CUDA kernel in FILE to --kernel's variants, compiled by NVRTC "
                   "(docs/cuda-source.md)")
      .multiOption("--entry", "ENTRY",
                   "the __global__ function template of each --cuda-source, in order; also "
                   "its variant's name");
}

namespace {

std::vector<CudaSourceChoice> cudaSourcesFrom(const ArgumentParser& parser) {
  const std::vector<std::string> files = parser.values("--cuda-source");
  const std::vector<std::string> entries = parser.values("--entry");
  if (files.empty() && entries.empty()) return {};
  if (files.size() != entries.size())
    throw UsageError("each --cuda-source needs its --entry (the kernel's name in the file): " +
                     std::to_string(files.size()) + " --cuda-source, " +
                     std::to_string(entries.size()) + " --entry");
  // One kernel for all (a user's command), or one for each, in order (a worker's).
  const std::vector<std::string> kernels = parser.values("--kernel");
  if (kernels.size() != 1 && kernels.size() != files.size())
    throw UsageError(
        "--cuda-source adds a variant to one kernel: name it with --kernel (add or triad)");
  std::vector<CudaSourceChoice> sources;
  for (std::size_t i = 0; i < files.size(); ++i)
    sources.push_back(
        {.kernel = kernels[kernels.size() == 1 ? 0 : i], .file = files[i], .entry = entries[i]});
  return sources;
}

}  // namespace

std::vector<std::filesystem::path> pluginsFrom(const ArgumentParser& parser) {
  std::vector<std::filesystem::path> named;
  for (const std::string& file : parser.values("--plugin")) named.emplace_back(file);
  return pluginFiles(named);
}

Engine engineFrom(const ArgumentParser& parser, const EngineFactory& factory, bool mpiOnDevice,
                  bool forWorker, std::stop_token stop) {
  const auto device = parser.unsignedValue("--device");
  if (device && *device > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
    throw UsageError("invalid --device: " + std::to_string(*device) + " is too large");
  const int ordinal = device ? static_cast<int>(*device) : 0;
  std::vector<std::filesystem::path> plugins;
  if (forWorker) {
    for (const std::string& file : parser.values("--plugin")) plugins.emplace_back(file);
  } else {
    plugins = pluginsFrom(parser);
  }
  // A plugin's constructor runs before anything of it is checked: one that calls exit(0) would
  // end this command silently, exit status 0 and no session. The worker's app probed them.
  if (!forWorker)
    for (const std::filesystem::path& plugin : plugins)
      if (auto why = pluginEndsItsLoader(plugin)) throw PluginError(*why);
  std::vector<std::filesystem::path> pythonFiles;
  for (const std::string& file : parser.values("--python")) pythonFiles.emplace_back(file);
  if (parser.value("--bench") && pythonFiles.empty())
    throw UsageError("--bench selects benchmarks of a --python file: name one");
  Engine engine = factory({.gpuDevice = ordinal,
                           .mpiOnDevice = mpiOnDevice,
                           .launch = nullptr,
                           .plugins = std::move(plugins),
                           .pythonFiles = std::move(pythonFiles),
                           .pythonBench = parser.value("--bench").value_or(""),
                           .cudaSources = cudaSourcesFrom(parser),
                           .sourceErrorsCostTheirVariant = forWorker,
                           .stop = stop});
  if (device) {
    // Asked for by name, a missing device is the user's mistake, not a row of skipped points.
    const SystemInfo system = engine.probeSystem({.measureBandwidth = false});
    if (!selectedGpu(system)) {
      const std::string why = system.gpus.empty()
                                  ? system.gpuReason
                                  : std::to_string(system.gpus.size()) + " present, 0 to " +
                                        std::to_string(system.gpus.size() - 1);
      throw UsageError("invalid --device: no CUDA device " + std::to_string(ordinal) + " (" + why +
                       ")");
    }
  }
  return engine;
}

std::optional<Engine> engineUnlessInterrupted(const ArgumentParser& parser,
                                              const EngineFactory& factory,
                                              const InterruptWatcher& interrupt,
                                              const char* nothingDone, bool mpiOnDevice) {
  try {
    return engineFrom(parser, factory, mpiOnDevice, false, interrupt.token());
  } catch (const std::exception&) {
    if (!interrupt.interrupted()) throw;
    std::cerr << "accellab-cli: interrupted (SIG" << sigabbrev_np(interrupt.signal())
              << ") while loading the kernels: " << nothingDone << "\n";
    return std::nullopt;
  }
}

}  // namespace accellab::cli
