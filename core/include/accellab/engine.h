// What the desktop app and the CLI both run: the kernels bound to the machine's probes.
// Neither probe has a default, so no front end can build a runner that is blind to the GPU
// (a host-only memory probe once made the desktop app skip every gpu point).
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <stop_token>
#include <vector>

#include "accellab/collective.h"
#include "accellab/memory_guard.h"
#include "accellab/registry.h"
#include "accellab/runner.h"
#include "accellab/sysinfo.h"

namespace accellab {

struct ProbeOptions {
  // The host's STREAM copy (about a second), each GPU's copy, and the compute ceilings of the
  // host and each GPU (a few tenths of a second): every ceiling the machine cache keeps.
  bool measureBandwidth = true;
  // A stop request (Ctrl+C) ends the measurements within a few milliseconds: "not measured".
  std::stop_token stop{};
};
using SystemProbe = std::function<SystemInfo(const ProbeOptions&)>;

// A user's CUDA kernel in a source file, to run as a variant of a built-in kernel named after
// its entry (docs/cuda-source.md).
struct CudaSourceChoice {
  std::string kernel;  // "add"
  std::filesystem::path file;
  std::string entry;  // the __global__ function template's name
};

// What a front end may choose about the engine it gets.
struct EngineOptions {
  int gpuDevice = 0;  // the CUDA ordinal the gpu variants run on
  // The mpi variants run each rank's share on a GPU (the kernel's gpu code, one device per
  // rank of a node) instead of the CPU's parallel code.
  bool mpiOnDevice = false;
  // The MPI launch this process is a rank of (collective.h), which the runner and the
  // distributed variants work in; null: one process.
  std::shared_ptr<Collective> launch = nullptr;
  // Plugin files (plugin.h) whose kernels join the built-in ones, loaded in this order.
  std::vector<std::filesystem::path> plugins{};
  // asv-style Python benchmark files (docs/python.md) whose benchmarks join them as kernels,
  // listed in this order by the chosen interpreter; with `pythonBench`, only the benchmarks
  // whose name the regular expression finds a match in (asv's --bench).
  std::vector<std::filesystem::path> pythonFiles{};
  std::string pythonBench{};
  // Compiled at once without a device, so that a compile error stops everything with NVRTC's
  // log; then compiled for the device by each point that runs it.
  std::vector<CudaSourceChoice> cudaSources{};
  // A source that no longer reads or compiles costs its own variant instead (each of its
  // points fails with NVRTC's log): the worker's, whose app compiled the file before it
  // changed on disk.
  bool sourceErrorsCostTheirVariant = false;
  // A stop request (Ctrl+C) ends what making the engine waits for (listing a Python file that
  // hangs in its imports) within half a second.
  std::stop_token stop{};
};

// Cheap to copy: copies share the kernels, so a job can keep its engine alive while the
// front end builds another (a different GPU chosen, say).
class Engine {
 public:
  // Throws std::invalid_argument when the registry or a probe is missing. `collective`: the
  // MPI launch this process is one rank of (collective.h); null: one process.
  Engine(std::shared_ptr<const Registry> registry, MemoryProbe memory, SystemProbe system,
         std::shared_ptr<Collective> collective = nullptr);

  const Registry& registry() const { return *registry_; }
  // Runners made here guard memory with this engine's probe; the registry must outlive them.
  // `cpuClock`: Runner's; empty where this process's CPU time is not the measured code's alone
  // (the window's, whose drawing would count). `counters`: Runner's, opened where the code
  // runs (openPerfCounters, in the CLI's process or the worker's); null: nothing counted.
  Runner runner(Clock clock = steadySeconds, Clock cpuClock = processCpuSeconds,
                std::shared_ptr<CounterSource> counters = nullptr) const;
  MemoryAvailable memoryAvailable() const { return memory_(); }
  SystemInfo probeSystem(const ProbeOptions& options) const { return system_(options); }
  Collective& collective() const { return *collective_; }

 private:
  std::shared_ptr<const Registry> registry_;
  MemoryProbe memory_;
  SystemProbe system_;
  std::shared_ptr<Collective> collective_;
};

// How a front end gets its engine: kernels::makeBuiltinEngine in the apps, a fake in tests.
using EngineFactory = std::function<Engine(const EngineOptions&)>;

}  // namespace accellab
