// accellab-cli verify: every variant against the reference on small odd problems. The first
// thing to run on a new machine, a GPU machine above all.
#include <algorithm>
#include <iostream>
#include <string_view>

#include "accellab/runner.h"
#include "accellab/sweep.h"
#include "argument_parser.h"
#include "cli_error.h"
#include "commands.h"
#include "interrupt_watcher.h"
#include "param_options.h"
#include "rank_output.h"
#include "run_with_progress.h"

namespace accellab::cli {
namespace {

// The engine's verify sweep (sweep.h), the GPU variants alone with --gpu-only; --param
// replaces a parameter's verify values.
SweepSpec verifySweep(const KernelInfo& kernel, bool gpuOnly, ParamAxes parameters) {
  SweepSpec spec = accellab::verifySweep(kernel);
  for (auto& [name, values] : parameters) spec.parameters[name] = std::move(values);
  if (gpuOnly)
    std::erase_if(spec.variants, [&](const std::string& name) {
      const VariantInfo* variant = kernel.variant(name);
      return variant == nullptr || !variant->onDevice;
    });
  return spec;
}

struct Tally {
  int passed = 0;
  int failed = 0;
  int skipped = 0;
  int outOfMemory = 0;  // among the failed

  void print(const PointResult& r) {
    const bool pass = r.status == PointStatus::ok && r.verified;
    const bool skip = r.status == PointStatus::skipped || r.status == PointStatus::cancelled;
    std::string_view verdict = pass ? "PASS" : skip ? "SKIP" : "FAIL";
    (pass ? passed : skip ? skipped : failed)++;
    outOfMemory += ranOutOfMemory(r);
    std::cout << verdict << "  " << describe(r.point) << "  "
              << (pass || r.reason.empty() ? r.verifyDetail : r.reason) << '\n';
  }
};

}  // namespace

int verifyCommand(Args args, const EngineFactory& engines) {
  ArgumentParser parser("verify [--kernel NAME ...] [--gpu-only]",
                        "Runs every variant of every kernel once on small odd shapes (f32 and "
                        "f64, 1 and 2\nthreads) and sample counts, and checks each result "
                        "against the reference; pi's\nhit counts must agree across variants. "
                        "Exits 1 on any failure, 3 when\nthe only failures were out of memory.");
  parser.multiOption("--kernel", "NAME", "only these kernels (default: every kernel)")
      .flag("--gpu-only", "only the GPU variants (fails when none is available)")
      .flag("--mpi-device", "the mpi variants run each rank's share on a GPU, one per rank");
  addParamOption(parser);
  addEngineOptions(parser);
  addCudaSourceOptions(parser);
  parser.parse(args);
  if (parser.helpRequested()) {
    std::cout << parser.help();
    return kExitOk;
  }
  const bool gpuOnly = parser.has("--gpu-only");

  InterruptWatcher interrupt;  // first: CUDA starts threads, which must inherit its mask
  const std::optional<Engine> made = engineUnlessInterrupted(
      parser, engines, interrupt, "nothing verified", parser.has("--mpi-device"));
  if (!made) return interrupt.exitCode();
  const Engine& engine = *made;
  // Under mpirun the mpi variants run on every rank of the launch; rank 0 alone prints.
  Collective& launch = engine.collective();
  const SilentUnless quiet(std::cout, launch.rank() == 0);
  const Registry& registry = engine.registry();
  Runner runner = engine.runner();
  MeasureConfig once;  // one timed run per point: verification, not measurement
  once.minReps = 1;
  once.minTimeS = 0;
  const std::vector<const Kernel*> kernels = registry.kernels();
  std::vector<const Kernel*> chosen = kernels;
  if (parser.has("--kernel")) {
    chosen.clear();
    for (const std::string& name : parser.names("--kernel")) {
      const Kernel* kernel = registry.find(name);
      if (!kernel) throw UsageError("unknown kernel '" + name + "' (see 'accellab-cli list')");
      chosen.push_back(kernel);
    }
  }
  std::vector<SweepSpec> specs;  // all checked before the first point runs
  for (const Kernel* kernel : chosen) {
    specs.push_back(
        verifySweep(kernel->info(), gpuOnly, paramAxesFrom(parser, kernel->info(), kernels)));
    specs.back().ranks = {launch.worldSize()};
  }
  Tally tally;
  for (const SweepSpec& spec : specs) {
    if (spec.variants.empty()) continue;
    runWithProgress(runner, expandSweep(spec, registry, launch.worldSize()), once,
                    interrupt.token(), [&](const PointResult& r) { tally.print(r); });
    if (interrupt.interrupted()) break;
  }
  if (launch.rank() != 0) return kExitOk;  // rank 0's exit code carries the outcome
  std::cout << tally.passed << " passed, " << tally.failed << " failed, " << tally.skipped
            << " skipped\n";
  if (interrupt.interrupted()) return interrupt.exitCode();
  if (tally.failed > tally.outOfMemory) return kExitVerificationFailed;
  if (tally.outOfMemory > 0) return kExitOutOfMemory;
  if (gpuOnly && tally.passed == 0) {
    std::cerr << "accellab-cli: error: no GPU variant could run here\n";
    return kExitVerificationFailed;
  }
  return kExitOk;
}

}  // namespace accellab::cli
