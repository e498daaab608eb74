#include "kernel_table.h"

#include <algorithm>
#include <stdexcept>

#include "asv/asv_listing.h"

namespace accellab::kernels {
namespace {

class TableKernel final : public Kernel {
 public:
  TableKernel(KernelTable table, const Capabilities& capabilities)
      : table_(std::move(table)),
        gpuDevice_(capabilities.gpuDevice),
        collective_(capabilities.collective),
        mpiOnDevice_(capabilities.mpiOnDevice) {
    info_ = table_.info;
    info_.variants.clear();
    for (const VariantRow& row : table_.variants) {
      VariantInfo variant{row.name,
                          row.description,
                          row.usesThreads,
                          capabilities.runsOnDevice(row.needs),
                          capabilities.of(row.needs),
                          row.optIn,
                          row.needs == Needs::mpi,
                          row.source};
      if (!row.unavailable.empty())
        variant.availability = Availability::no(row.unavailable);
      else if (variant.availability.available && row.prepare == nullptr)
        variant.availability = Availability::no("this build has no code for it");
      info_.variants.push_back(std::move(variant));
    }
  }

  const KernelInfo& info() const override { return info_; }

  Workload workload(const Params& params) const override { return table_.workload(info_, params); }

  MemoryNeed memoryNeed(const Params& params, std::string_view variant) const override {
    const VariantRow& chosen = row(variant);  // throws for an unknown variant
    MemoryNeed need = table_.memory(info_, params, info_.variant(variant)->onDevice);
    // The Python child computes on NumPy's own copy of each host array (or, as the tutorial's
    // `a + 2`, on a new one each call): resources/python/accellab_variants.py.
    if (chosen.needs == Needs::python || chosen.needs == Needs::numpy ||
        chosen.needs == Needs::numba)
      need.hostBytes *= 2;
    return need;
  }

  std::unique_ptr<KernelRun> prepare(const Params& params, std::string_view variant,
                                     const PrepareOptions& options) const override {
    const VariantRow& chosen = row(variant);
    const VariantInfo& info = *info_.variant(variant);
    if (!info.availability.available)
      throw std::runtime_error(info_.name + " " + info.name + ": " + info.availability.reason);
    return chosen.prepare(RunRequest{info_, params, threadsFor(options.threads), gpuDevice_,
                                     *collective_, mpiOnDevice_, 0, options.streamingFromBytes,
                                     options.splitFromBytes, options.stop});
  }

 private:
  const VariantRow& row(std::string_view name) const {
    for (const VariantRow& row : table_.variants)
      if (row.name == name) return row;
    throw std::runtime_error(info_.name + " has no variant '" + std::string(name) + "'");
  }

  KernelTable table_;
  KernelInfo info_;
  int gpuDevice_;
  std::shared_ptr<Collective> collective_;
  bool mpiOnDevice_;
};

}  // namespace

void addSourceVariant(KernelTable& table, gpu::CudaSource source) {
  const std::string named = "--cuda-source " + source.file.string() + ": ";
  if (table.info.sourceSignature.empty())
    throw gpu::CudaSourceError(named + "kernel '" + table.info.name +
                               "' takes no CUDA source ('accellab-cli list' shows the signature of "
                               "each kernel that does)");
  for (const VariantRow& row : table.variants)
    if (row.name == source.entry)
      throw gpu::CudaSourceError(named + table.info.name + " already has a variant '" +
                                 source.entry + "': give the entry another name");
  VariantRow row{.name = source.entry,
                 .description = "your CUDA kernel from " + source.file.filename().string() +
                                ", compiled by NVRTC at run time; copies and timing as gpu",
                 .needs = Needs::nvrtc,
                 .source = PluginIdentity{.name = plainNameFor(source.file.stem().string()),
                                          .version = {},
                                          .file = std::filesystem::absolute(source.file).string(),
                                          .sha256 = source.sha256,
                                          .kind = "cuda"}};
  if (table.prepareSource)
    row.prepare = [prepare = table.prepareSource,
                   kept = std::make_shared<const gpu::CudaSource>(std::move(source))](
                      const RunRequest& request) { return prepare(request, *kept); };
  table.variants.push_back(std::move(row));
}

void addBrokenSourceVariant(KernelTable& table, const std::filesystem::path& file,
                            const std::string& entry, std::string why) {
  // The source's own row, added before its compile failed, gives way; a built-in variant of
  // that name stays (the app refused the source then).
  std::erase_if(table.variants, [&](const VariantRow& row) {
    return row.name == entry && row.source && row.source->kind == "cuda";
  });
  if (std::ranges::any_of(table.variants, [&](const VariantRow& row) { return row.name == entry; }))
    return;
  table.variants.push_back({.name = entry,
                            .description = "your CUDA kernel from " + file.filename().string() +
                                           ", which does not "
                                           "compile now",
                            .needs = Needs::nvrtc,
                            .unavailable = std::move(why)});
}

void addPythonVariant(KernelTable& table, PythonFunction function) {
  const std::string named =
      "python file " + function.file.string() + ":" + std::to_string(function.line) + ": ";
  if (!table.preparePython)
    throw PythonFileError(named + "kernel '" + table.info.name +
                          "' takes no Python function ('accellab-cli list' shows the signature "
                          "of each kernel that does)");
  for (const VariantRow& row : table.variants)
    if (row.name == function.name)
      throw PythonFileError(named + table.info.name + " already has a variant '" + function.name +
                            "': give the function another name");
  VariantRow row{
      .name = function.name,
      .description = (function.doc.empty() ? "" : function.doc + "; ") +
                     "your Python function from " + function.file.filename().string() +
                     " (SHA-256 " + function.sha256.substr(0, 12) + "…)",
      .needs = function.threads == "numba" ? Needs::numba : Needs::numpy,
      .usesThreads = !function.threads.empty(),
      .source = pythonFileIdentity(function.file, function.sha256, function.interpreter)};
  row.prepare = [prepare = table.preparePython,
                 kept = std::make_shared<const PythonFunction>(std::move(function))](
                    const RunRequest& request) { return prepare(request, *kept); };
  table.variants.push_back(std::move(row));
}

std::unique_ptr<Kernel> makeKernel(KernelTable table, const Capabilities& capabilities) {
  if (!table.workload || !table.memory)
    throw std::logic_error("kernel table '" + table.info.name + "' lacks workload or memory");
  return std::make_unique<TableKernel>(std::move(table), capabilities);
}

}  // namespace accellab::kernels
