// How a command gets its engine: --device N picks the GPU; the factory is the built-in engine
// in accellab-cli and a fake one in tests.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "accellab/engine.h"
#include "argument_parser.h"
#include "interrupt_watcher.h"

namespace accellab::cli {

// Adds the engine's options to a command's: --device N (the GPU) and --plugin FILE (kernels of
// a plugin, docs/plugins.md; repeatable).
void addEngineOptions(ArgumentParser& parser);

// Adds --cuda-source FILE and --entry NAME (repeatable, in pairs): a user's CUDA kernel as a
// variant of the command's one --kernel (docs/cuda-source.md).
void addCudaSourceOptions(ArgumentParser& parser);

// The engine for the parsed command line; `mpiOnDevice`: run's --mpi-device. Its kernels are
// the built-in ones and those of the plugins (--plugin, then ACCELLAB_PLUGIN_PATH and the
// user's plugin folder: pluginFiles()). Throws UsageError when --device names a GPU this
// machine does not have or --cuda-source lacks its --entry or --kernel, PluginError when a
// plugin cannot be loaded, CudaSourceError when a source cannot be read or does not compile.
// `forWorker`: a worker's engine, whose app loaded and compiled everything first: the plugins
// of --plugin alone (the app names every one), and a source that no longer compiles costs its
// own variant (EngineOptions::sourceErrorsCostTheirVariant).
// `stop`: a stop request ends the wait for a Python file's listing (EngineOptions::stop).
Engine engineFrom(const ArgumentParser& parser, const EngineFactory& factory,
                  bool mpiOnDevice = false, bool forWorker = false, std::stop_token stop = {});

// engineFrom under `interrupt`: a stop signal while the kernels load (a Python file's imports,
// an NVRTC compile) ends the wait; then stderr says so ("interrupted (SIGINT) while loading the
// kernels: `nothingDone`") and there is none: the command exits with interrupt.exitCode().
std::optional<Engine> engineUnlessInterrupted(const ArgumentParser& parser,
                                              const EngineFactory& factory,
                                              const InterruptWatcher& interrupt,
                                              const char* nothingDone, bool mpiOnDevice = false);

// The plugin files this command line loads: pluginFiles() of its --plugin values.
std::vector<std::filesystem::path> pluginsFrom(const ArgumentParser& parser);

}  // namespace accellab::cli
