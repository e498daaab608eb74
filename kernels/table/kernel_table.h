// A kernel as a table of variants: what each one is, what it needs from the build and the
// machine, and the function that prepares a run of it. One generic Kernel (makeKernel) serves
// every table, so a kernel's folder holds its table and its runs, a variant is one row, and no
// kernel switches over variant names.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "accellab/kernel.h"
#include "capabilities.h"
#include "cuda/cuda_source.h"
#include "python/python_function.h"

namespace accellab::kernels {

// What prepare gets for one point.
struct RunRequest {
  const KernelInfo& kernel;
  const Params& params;
  int threads = 1;  // >= 1: the point's thread count (1 for variants without a thread axis)
  int gpuDevice = 0;
  // The distributed variants': the point's group of ranks (a group of one outside mpirun),
  // and whether each rank's share runs on a GPU (--mpi-device).
  Collective& group;
  bool mpiOnDevice = false;
  // A distributed share's first element (or sample) of the point's problem: its inputs are
  // that slice of the whole problem's (fillUniform's `first`); 0 for every other run.
  std::uint64_t firstElement = 0;
  std::uint64_t streamingFromBytes = 0;  // PrepareOptions::streamingFromBytes
  std::uint64_t splitFromBytes = 0;      // PrepareOptions::splitFromBytes
  std::stop_token stop{};  // the run's: a prepare that waits polls it (Kernel::prepare)
};

using PrepareFn = std::unique_ptr<KernelRun> (*)(const RunRequest&);
// A user's CUDA source as a variant of the kernel (KernelTable::prepareSource).
using SourcePrepareFn = std::unique_ptr<KernelRun> (*)(const RunRequest&, const gpu::CudaSource&);
// A user's Python function as a variant of the kernel (KernelTable::preparePython).
using PythonPrepareFn = std::unique_ptr<KernelRun> (*)(const RunRequest&, const PythonFunction&);

struct VariantRow {
  std::string name;  // "loop", "vectorized", "parallel", "gpu", "blas", ...
  std::string description;
  // Capabilities::runsOnDevice(needs): runs on the device, reports a GpuTiming; Needs::mpi:
  // distributed across the ranks of an MPI launch (VariantInfo::distributed).
  Needs needs = Needs::nothing;
  bool usesThreads = false;  // the thread-count axis applies to this variant
  // Null when this build lacks what the variant needs (ACCELLAB_WITH_* in capabilities.h);
  // the variant is then listed as unavailable with the reason. A function, not a pointer: a
  // user's CUDA source is a row whose prepare holds the source.
  std::function<std::unique_ptr<KernelRun>(const RunRequest&)> prepare = nullptr;
  bool optIn = false;                      // VariantInfo::optIn
  std::optional<PluginIdentity> source{};  // VariantInfo::source
  // Set: the variant is listed as unavailable with this reason whatever the machine has (a
  // user's source that no longer compiles: NVRTC's log).
  std::string unavailable{};
};

struct KernelTable {
  KernelInfo info;  // everything but the variants, which come from `variants`
  Workload (*workload)(const KernelInfo&, const Params&) = nullptr;
  // Bytes a run allocates on the host and, for a device variant, on the device.
  MemoryNeed (*memory)(const KernelInfo&, const Params&, bool onDevice) = nullptr;
  std::vector<VariantRow> variants;
  // How a user's CUDA source runs as a variant of this kernel (--cuda-source), where
  // info.sourceSignature says it takes one; null in a build without CUDA (ACCELLAB_WITH_CUDA),
  // where such a variant is listed as unavailable.
  SourcePrepareFn prepareSource = nullptr;
  // The parameter types prepareSource launches the entry with (CudaSource::parameters).
  std::string sourceParameters{};
  // How a function of a user's Python file runs as a variant (accellab.Builtin); null: the
  // kernel takes none.
  PythonPrepareFn preparePython = nullptr;
};

// `table` with `source`'s entry as one more variant, named after it (docs/cuda-source.md).
// Throws gpu::CudaSourceError when the kernel takes no source or has a variant of that name.
void addSourceVariant(KernelTable& table, gpu::CudaSource source);
// `table` with a variant named `entry`, unavailable for `why`: a source that stopped
// compiling (EngineOptions::sourceErrorsCostTheirVariant), whose points are skipped with it.
void addBrokenSourceVariant(KernelTable& table, const std::filesystem::path& file,
                            const std::string& entry, std::string why);
// `table` with `function` as one more variant, named after it (docs/python.md). Throws
// PythonFileError when the kernel takes no Python function or has a variant of that name.
void addPythonVariant(KernelTable& table, PythonFunction function);

// The Kernel a table describes, with each variant's availability on this build and machine.
std::unique_ptr<Kernel> makeKernel(KernelTable table, const Capabilities& capabilities);

}  // namespace accellab::kernels
