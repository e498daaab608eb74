// accellab-cli list: what this build offers and what this machine can run.
#include <algorithm>
#include <iostream>
#include <string>
#include <thread>

#include "accellab/format.h"
#include "accellab/printable.h"
#include "argument_parser.h"
#include "cli_error.h"
#include "commands.h"
#include "sweep_defaults.h"

namespace accellab::cli {
namespace {

std::string joinCounts(const std::vector<std::uint64_t>& counts) {
  std::string text;
  for (std::uint64_t n : counts) {
    if (!text.empty()) text += ' ';
    text += formatValue(static_cast<double>(n), ValueKind::count);
  }
  return text;
}

void writeParameters(const KernelInfo& kernel, const SweepSpec& defaults, std::ostream& out) {
  std::vector<std::pair<std::string, std::string>> rows;
  if (kernel.problem == ProblemKind::samples) {
    rows.emplace_back("--samples N", joinCounts(defaults.samples));
  } else if (!defaults.shapes.empty()) {
    rows.emplace_back("--shape ZxYxX", toString(defaults.shapes.front()));
  }
  // "--param n=N  default 2048 (1 to 16384): matrix order"
  // "--param n=N  default 1000 10000 (its only values): asv parameter 'n'"
  for (const ParamSpec& param : kernel.parameters) {
    std::string values;
    for (std::uint64_t value : param.values) values += std::to_string(value) + ' ';
    rows.emplace_back("--param " + param.name + "=N",
                      (param.values.empty()
                           ? std::to_string(param.defaultValue) + " (" + std::to_string(param.min) +
                                 " to " + std::to_string(param.max) + ")"
                           : values + "(its only values)") +
                          ": " + printable(param.description));
  }
  if (!kernel.dtypes.empty()) {
    std::string name = "--dtype ";
    for (DType dtype : kernel.dtypes) name += std::string(toString(dtype)) + '|';
    name.pop_back();
    rows.emplace_back(std::move(name),
                      std::string(toString(defaults.dtypes.empty() ? kernel.dtypes.front()
                                                                   : defaults.dtypes.front())));
  }
  if (std::ranges::any_of(kernel.variants, &VariantInfo::usesThreads)) {
    std::string threads;
    for (int n : defaults.threads) {
      if (!threads.empty()) threads += ' ';
      threads += std::to_string(n);
    }
    rows.emplace_back("--threads N", std::move(threads));
  }
  std::size_t width = 0;
  for (const auto& row : rows) width = std::max(width, row.first.size());
  for (const auto& [name, value] : rows) {
    out << "  " << name << std::string(width - name.size() + 2, ' ') << "default " << value << '\n';
  }
}

void writeVariants(const KernelInfo& kernel, std::ostream& out) {
  std::size_t width = 0;
  for (const VariantInfo& v : kernel.variants) width = std::max(width, v.name.size());
  for (const VariantInfo& v : kernel.variants) {
    out << "  " << v.name << std::string(width - v.name.size() + 2, ' ')
        << (v.availability.available ? "available    " : "unavailable  ")
        << printable(v.description);
    if (v.usesThreads) out << " [--threads]";
    // The reason may quote another program (the Python probe's reply): escaped, never raw.
    if (!v.availability.available) out << " (" << printable(v.availability.reason) << ')';
    out << '\n';
  }
}

}  // namespace

int listCommand(Args args, const EngineFactory& engines) {
  ArgumentParser parser("list",
                        "Lists the kernels, their variants and parameters, and which "
                        "variants this build and machine can run (and why not).");
  parser.option("--kernel", "NAME", "only this kernel");
  addEngineOptions(parser);
  addCudaSourceOptions(parser);
  parser.parse(args);
  if (parser.helpRequested()) {
    std::cout << parser.help();
    return kExitOk;
  }

  InterruptWatcher interrupt;  // first: CUDA starts threads, which must inherit its mask
  const std::optional<Engine> made =
      engineUnlessInterrupted(parser, engines, interrupt, "nothing listed");
  if (!made) return interrupt.exitCode();
  const Engine& engine = *made;
  const Registry& registry = engine.registry();
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  bool first = true;
  // With --python, the files' benchmarks are what the user asked about, unless a kernel is
  // named (a built-in one a file's functions join).
  const auto only = parser.value("--kernel");
  const bool filesOnly = !parser.values("--python").empty() && !only;
  if (only && !registry.find(*only)) throw UsageError("unknown kernel '" + *only + "'");
  for (const Kernel* kernel : registry.kernels()) {
    const KernelInfo& info = kernel->info();
    if (filesOnly && !(info.plugin && info.plugin->kind == "python")) continue;
    if (only && info.name != *only) continue;
    if (!first) std::cout << '\n';
    first = false;
    // A plugin's or a file's own text: never a control character to the terminal.
    std::cout << info.name << " — " << printable(info.description) << '\n';
    if (info.plugin) std::cout << "    from " << printable(describe(*info.plugin)) << '\n';
    writeParameters(info, defaultSweep(info, cores), std::cout);
    // Deeper than a variant's line, which the bash completion reads as one.
    if (!info.intensityNote.empty())
      std::cout << "    FLOPs: " << printable(info.intensityNote) << '\n';
    if (!info.sourceSignature.empty())
      std::cout << "    --cuda-source: " << info.sourceSignature << '\n';
    if (!info.pythonSignature.empty())
      std::cout << "    --python: " << info.pythonSignature << '\n';
    for (const KernelInfo::ValueSpec& value : info.reportedValues)
      std::cout << "    reports: " << printable(value.name)
                << (value.unit.empty() ? "" : " (" + printable(value.unit) + ")") << ": "
                << printable(value.description) << '\n';
    writeVariants(info, std::cout);
  }
  // The files' functions that joined built-in kernels are those kernels' variants, which
  // --kernel shows in full.
  if (filesOnly) {
    for (const Kernel* kernel : registry.kernels()) {
      std::string joined;
      for (const VariantInfo& variant : kernel->info().variants)
        if (variant.source && variant.source->kind == "python")
          joined += (joined.empty() ? "" : ", ") + variant.name;
      if (joined.empty()) continue;
      if (!first) std::cout << '\n';
      first = false;
      std::cout << "Joining " << kernel->info().name << " (accellab.Builtin): " << joined
                << "; list them with --kernel " << kernel->info().name << '\n';
    }
  }
  return kExitOk;
}

}  // namespace accellab::cli
