// accellab-cli run: a sweep of one kernel's variants, measured, printed and saved.
#include <string.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <thread>

#include "accellab/output_file.h"
#include "accellab/printable.h"
#include "accellab/run_plan.h"
#include "accellab/runner.h"
#include "accellab/session.h"
#include "accellab/session_lock.h"
#include "accellab/sweep.h"
#include "accellab/system_conditions.h"
#include "argument_parser.h"
#include "cli_error.h"
#include "commands.h"
#include "insight_text.h"
#include "interrupt_watcher.h"
#include "isolation_options.h"
#include "machine_probe.h"
#include "output_targets.h"
#include "param_options.h"
#include "rank_output.h"
#include "reporter_set.h"
#include "run_with_progress.h"
#include "session_autosave.h"
#include "setting_options.h"
#include "sweep_defaults.h"
#include "system_text.h"

namespace accellab::cli {
namespace {

// Far above any core count we know of, low enough to catch a typo before it spawns threads.
constexpr std::uint64_t kMaxThreads = 4096;

ArgumentParser makeParser() {
  ArgumentParser parser("run --kernel NAME [options]",
                        "Measures the variants of one kernel over a sweep (the cartesian product "
                        "of the\nsizes, kernel parameters, element types, variants and thread "
                        "counts given)\nand prints a table row per point as it finishes. Ctrl+C "
                        "stops after the current\nrepetition and keeps what was measured.");
  parser
      .option("--kernel", "NAME",
              "the kernel: add, pi, triad, ... (see 'accellab-cli list'); without it, every "
              "kernel of the --python files, a run each")
      .multiOption("--shape", "ZxYxX", "array shapes, e.g. 1024x1024x512 (add)")
      .multiOption("--dtype", "TYPE",
                   "element types f32, f64 of kernels that have them (default f64)")
      .multiOption("--samples", "N", "sample counts, 1e9 or 1_000_000 style (pi)");
  addParamOption(parser);
  parser.multiOption("--variants", "A,B", "variants to run (default: all of the kernel's)")
      .multiOption("--threads", "N", "thread counts of threaded variants (default: 1 and all)")
      .multiOption("--ranks", "N",
                   "MPI ranks of the mpi variants, at most mpirun's -np (default: all)")
      .option("--scaling", "WHICH",
              "'strong' (default: a size is the ranks' total) or 'weak' (each rank's)")
      .flag("--mpi-device", "the mpi variants run each rank's share on a GPU, one per rank")
      .option("--seed", "N", "seed of the random inputs and samples")
      .option("--baseline", "VARIANT",
              "speedups relative to this variant (default loop, else the first run; "
              "measured first)");
  addSettingOptions(parser);
  parser.option("--out", "FILE", "save the session as JSON (rewritten after every point)")
      .flag("--append", "add the run to the session in --out instead of replacing it");
  addInsightOptions(parser);
  addReportFileOptions(parser);
  addEngineOptions(parser);
  addCudaSourceOptions(parser);
  addGpuTimeOption(parser);
  addRemeasureOption(parser);
  addIsolationOptions(parser);
  return parser;
}

void refuseAxis(const ArgumentParser& parser, const std::string& option, const KernelInfo& kernel) {
  if (parser.has(option)) {
    throw UsageError(option + " does not apply to kernel '" + kernel.name + "'");
  }
}

// A kernel sized by its own parameters alone has no shape or sample count to sweep.
void refuseSize(const ArgumentParser& parser, const std::string& option, const KernelInfo& kernel) {
  if (parser.has(option)) {
    throw UsageError(option + " does not apply to kernel '" + kernel.name +
                     "': it is sized by its own parameters (--param NAME=V, see 'accellab-cli "
                     "list')");
  }
}

// `worldSize`: the processes of the MPI launch, the default rank count of the mpi variants.
SweepSpec sweepFrom(const ArgumentParser& parser, const KernelInfo& kernel, int worldSize) {
  SweepSpec spec = defaultSweep(kernel, static_cast<int>(std::thread::hardware_concurrency()));
  switch (kernel.problem) {
    case ProblemKind::samples:
      refuseAxis(parser, "--shape", kernel);
      if (parser.has("--samples")) spec.samples = parser.counts("--samples");
      break;
    case ProblemKind::array3d:
      refuseAxis(parser, "--samples", kernel);
      if (parser.has("--shape")) spec.shapes = parser.shapes("--shape");
      break;
    case ProblemKind::parameters:
      refuseSize(parser, "--shape", kernel);
      refuseSize(parser, "--samples", kernel);
      break;
  }
  spec.parameters = paramAxesFrom(parser, kernel);
  if (kernel.dtypes.empty()) refuseAxis(parser, "--dtype", kernel);
  if (parser.has("--dtype")) spec.dtypes = parser.dtypes("--dtype");
  if (parser.has("--variants")) spec.variants = parser.names("--variants");
  if (parser.has("--threads")) {
    spec.threads.clear();
    for (std::uint64_t n : parser.counts("--threads", kMaxThreads))
      spec.threads.push_back(static_cast<int>(n));
  }
  spec.ranks = {worldSize};
  if (parser.has("--ranks")) {
    spec.ranks.clear();
    for (std::uint64_t n : parser.counts("--ranks", kMaxThreads))
      spec.ranks.push_back(static_cast<int>(n));
  }
  if (auto scaling = parser.value("--scaling")) {
    const auto parsed = parseScaling(*scaling);
    if (!parsed) throw UsageError("invalid --scaling '" + *scaling + "' (strong or weak)");
    spec.scaling = *parsed;
  }
  if (auto seed = parser.unsignedValue("--seed")) spec.seed = *seed;
  return spec;
}

// --kernel's kernel; without it, a --python file's kernels, all of them: a file of several
// groups of benchmarks runs whole, one run each, as `asv run` runs a suite.
std::vector<const KernelInfo*> kernelsFrom(const ArgumentParser& parser, const Registry& registry) {
  std::string known;
  for (const Kernel* k : registry.kernels()) known += (known.empty() ? "" : ", ") + k->info().name;
  if (const auto name = parser.value("--kernel")) {
    const Kernel* kernel = registry.find(*name);
    if (!kernel) throw UsageError("unknown kernel '" + *name + "' (one of: " + known + ")");
    return {&kernel->info()};
  }
  std::vector<const KernelInfo*> fromFiles;
  if (!parser.values("--python").empty())
    for (const Kernel* k : registry.kernels())
      if (k->info().plugin && k->info().plugin->kind == "python") fromFiles.push_back(&k->info());
  if (fromFiles.empty()) throw UsageError("run needs --kernel NAME (one of: " + known + ")");
  if (fromFiles.size() > 1)
    for (const char* option : {"--baseline", "--variants", "--param"})
      if (parser.has(option))
        throw UsageError(std::string(option) + " applies to one kernel, and the files hold " +
                         std::to_string(fromFiles.size()) + ": name it with --kernel");
  return fromFiles;
}

// --baseline, or the default among the variants the sweep runs (report.h): loop when it is
// one of them, else the first, so that a run without loop still shows speedups.
std::string baselineFrom(const ArgumentParser& parser, const KernelInfo& kernel,
                         const SweepSpec& spec, const Registry& registry, int worldSize) {
  const auto baseline = parser.value("--baseline");
  if (!baseline) return defaultBaseline(variantsIn(expandSweep(spec, registry, worldSize)));
  if (!kernel.variant(*baseline)) {
    throw UsageError("unknown --baseline variant '" + *baseline + "' of kernel '" + kernel.name +
                     "'");
  }
  return *baseline;
}

// The session the run goes into: a new one, or with --append the one already in --out.
Session sessionFor(const ArgumentParser& parser, const std::optional<std::string>& out) {
  if (!parser.has("--append")) return {nowIso8601(), {}};
  if (!out) throw UsageError("--append needs --out FILE");
  std::error_code error;
  if (!std::filesystem::exists(*out, error)) return {nowIso8601(), {}};
  try {
    return readSessionFile(*out);
  } catch (const SessionError& problem) {
    throw UsageError(std::string("--append: ") + problem.what());
  }
}

// Clipped to what a session's text may hold: a command line of thousands of --samples values
// must not cost the points it measured (each point records its own problem in full).
std::string commandLine(const Args& args) {
  std::string text = "accellab-cli run";
  for (const std::string& arg : args) text += " " + arg;
  return clippedText(std::move(text));
}

// One kernel's part of the command: its sweep, checked, and its points.
struct KernelPlan {
  const KernelInfo* kernel;
  SweepSpec spec;
  std::vector<Point> points;
};

bool hasDistributedPoints(const std::vector<Point>& points, const KernelInfo& kernel) {
  return std::ranges::any_of(points, [&](const Point& point) {
    const VariantInfo* variant = kernel.variant(point.variant);
    return variant && variant->distributed;
  });
}

// The launch the run's distributed points ran in: every node's system, gathered on rank 0
// (collective: every rank calls it).
std::optional<MpiInfo> mpiInfoFor(Collective& launch, const SystemInfo& system, Scaling scaling) {
  const std::vector<std::string> systems = launch.gatherOnRoot(systemInfoToJson(system));
  MpiInfo info;
  info.library = launch.library();
  info.worldSize = launch.worldSize();
  info.scaling = scaling;
  for (const std::string& json : systems) {
    SystemInfo node = info.nodes.empty() ? system : systemInfoFromJson(json);
    const bool known = std::ranges::any_of(
        info.nodes, [&](const SystemInfo& seen) { return seen.hostName == node.hostName; });
    if (!known) info.nodes.push_back(std::move(node));
  }
  return info;
}

// When several apply: the session not saved where asked, then interrupted, then a point that
// failed (a verification, a kernel's error), then a point that ran out of memory.
int exitCode(const std::vector<PointResult>& results, const InterruptWatcher& interrupt,
             bool saved) {
  const bool interrupted = interrupt.interrupted();
  const auto count = [&](auto&& predicate) { return std::ranges::count_if(results, predicate); };
  const auto measured =
      count([](const PointResult& r) { return r.status != PointStatus::cancelled; });
  const auto outOfMemory = count([](const PointResult& r) { return ranOutOfMemory(r); });
  const auto failed =
      count([](const PointResult& r) { return r.status == PointStatus::failed; }) - outOfMemory;
  if (interrupted)
    std::cerr << "accellab-cli: interrupted (SIG" << sigabbrev_np(interrupt.signal()) << ") after "
              << measured << " of " << results.size() << " points\n";
  if (failed > 0)
    std::cerr << "accellab-cli: " << failed << " of " << results.size() << " points failed\n";
  if (outOfMemory > 0)
    std::cerr << "accellab-cli: " << outOfMemory << " of " << results.size()
              << " points ran out of memory\n";
  if (!saved) return kExitNotSaved;
  if (interrupted) return interrupt.exitCode();
  if (failed > 0) return kExitVerificationFailed;
  if (outOfMemory > 0) return kExitOutOfMemory;
  return kExitOk;
}

}  // namespace

int runCommand(Args args, const EngineFactory& engines) {
  ArgumentParser parser = makeParser();
  parser.parse(args);
  if (parser.helpRequested()) {
    std::cout << parser.help();
    return kExitOk;
  }

  // Everything the user typed is checked before the probe and the first measurement.
  const ExperimentSettings settings = settingsFrom(parser);
  InterruptWatcher interrupt;  // first: CUDA starts threads, which must inherit its mask
  std::optional<Engine> made = engineUnlessInterrupted(
      parser, engines, interrupt, "nothing measured", parser.has("--mpi-device"));
  if (!made) return interrupt.exitCode();
  const Engine engine = std::move(*made);
  // Under mpirun every rank runs this command; rank 0 alone prints and saves.
  Collective& launch = engine.collective();
  const bool root = launch.rank() == 0;
  const SilentUnless quiet(std::cout, root);
  const Registry& registry = engine.registry();
  // Each kernel's sweep, checked before anything is measured.
  std::vector<KernelPlan> plans;
  for (const KernelInfo* kernel : kernelsFrom(parser, registry)) {
    KernelPlan& plan = plans.emplace_back(KernelPlan{kernel, {}, {}});
    plan.spec = sweepFrom(parser, *kernel, launch.worldSize());
    plan.spec.baseline = baselineFrom(parser, *kernel, plan.spec, registry, launch.worldSize());
    plan.points = expandSweep(plan.spec, registry, launch.worldSize());
  }
  // 0: not asked for (the table's range starts at 1).
  const std::size_t rerunAttempts = parser.has("--rerun-unstable") ? settings.rerunAttempts : 0;
  const std::optional<WorkerOptions> isolation =
      isolationFrom(parser, launch.worldSize(), settings.pointTimeoutS);
  const auto out = root ? parser.value("--out") : std::nullopt;
  const ReportFiles files = root ? reportFilesFrom(parser) : ReportFiles{};
  std::vector<OutputTarget> targets = files.targets();
  targets.insert(targets.begin(), {"--out", out});
  Session session;
  // Held from before --append reads the file until the last save: a second run into the same
  // file is refused at once instead of writing over this one's.
  std::optional<SessionLock> writing;
  // The files are rank 0's alone to check: the others learn whether it refused them, so
  // that no rank waits for a rank 0 that has given up.
  try {
    checkOutputTargets(targets);
    try {
      if (out) writing.emplace(*out, commandLine(args));
    } catch (const OutputError& held) {
      throw UsageError(std::string("--out: ") + held.what());
    }
    if (root) session = sessionFor(parser, out);
  } catch (const std::exception&) {
    launch.rootDecides(true);
    throw;
  }
  if (launch.rootDecides(false)) return kExitUsage;
  // Every rank took the checks above alike. From here a rank may fail alone while the others
  // wait for it in a collective call, MPI_Finalize among them: it ends the launch instead.
  try {
    // The machine is probed once, for every kernel's run.
    SystemInfo system = root ? probeMachineFor(parser, engine, interrupt.token(), std::cerr)
                             : engine.probeSystem({.measureBandwidth = false});
    const MeasureConfig config = planMeasure(settings.measure, system);
    std::vector<SystemCondition> conditions;
    if (!interrupt.interrupted()) conditions = checkSystemConditions({.system = &system});
    writeSystemSummary(system, conditions, std::cout);
    std::cout << std::flush;  // the summary shows while the first point is measured
    SessionAutosave autosave(out, fallbackDirsFromEnvironment(), std::cerr);
    // The code runs in this process unless a worker measures it: the worker counts there.
    Runner runner = engine.runner(steadySeconds, processCpuSeconds,
                                  isolation ? nullptr : openPerfCounters().source);
    if (isolation) runner.measureIn(std::make_shared<WorkerMeasurer>(*isolation));
    std::vector<int> measured;  // the ids of this command's runs
    for (const KernelPlan& plan : plans) {
      // Interrupted: the kernels not begun are not begun (the one begun keeps its cancelled
      // points, as a run of one kernel does).
      if (interrupt.interrupted() && !measured.empty()) break;
      const std::string& baseline = plan.spec.baseline;
      // The kernel's declared values have their columns from the first row on.
      ReporterSet reporters(
          std::cout, {},
          {baseline, gpuTimeFrom(parser), variantsIn(plan.points), plan.kernel->reportedValues});
      Run run;
      run.id = nextRunId(session);
      run.created = nowIso8601();
      run.name = defaultRunName(run.created, plan.points);
      recordCode(run, *plan.kernel, plan.points);
      run.system = system;
      run.settings = {config, baseline, commandLine(args)};
      if (hasDistributedPoints(plan.points, *plan.kernel))
        run.mpi = mpiInfoFor(launch, run.system, plan.spec.scaling);
      run.conditions = conditions;
      session.runs.push_back(run);
      measured.push_back(run.id);
      Run& saved = session.runs.back();
      reporters.console().begin(run);
      saved.points = runWithProgress(
          runner, plan.points, config, interrupt.token(),
          [&](const PointResult& result) {
            saved.points.push_back(result);
            // First: a measured point printed is a point in the file. A cancelled one holds no
            // measurement: the last save writes them all at once (saving the session once per
            // cancelled point made stopping 3,200 points take 50 s).
            if (result.status != PointStatus::cancelled) autosave.save(session);
            reporters.console().point(result);
          },
          run.system.bandwidthCeilingBytesPerS);
      reporters.console().end();
      if (rerunAttempts > 0 && !interrupt.interrupted()) {
        const auto rerun =
            rerunWithProgress(runner, saved.points, config, rerunAttempts, interrupt.token(),
                              [&](const PointResult&) { autosave.save(session); });
        if (!rerun.empty()) {
          std::cout << "\nRe-measured " << rerun.size() << " unstable point(s), up to "
                    << rerunAttempts << " more time(s) each:\n";
          reportRun(reporters.console(), saved, reporters.options());
        }
      }
      if (parser.has("--insights")) writeInsights(saved, reporters.options(), std::cout);
      std::cout << std::flush;
    }
    if (!root) return kExitOk;  // rank 0's exit code carries the run's outcome
    const bool sessionSaved = autosave.finish(session);
    std::vector<Run> runs;
    std::vector<PointResult> points;
    for (const int id : measured) {
      runs.push_back(*findRun(session, id));
      points.insert(points.end(), runs.back().points.begin(), runs.back().points.end());
    }
    // Each run's own baseline, in the files as on the console.
    const ReporterSet fileReporters(
        std::cout, files,
        {.baseline = plans.size() == 1 ? plans.front().spec.baseline : std::string(),
         .gpuTime = gpuTimeFrom(parser)});
    const bool filesWritten = fileReporters.writeFiles(runs, std::cerr);
    if (out && sessionSaved && !runs.empty())
      std::cerr << "accellab-cli: session saved to " << printable(*out)
                << (runs.size() == 1 ? " as run " + std::to_string(runs.front().id)
                                     : " as runs " + std::to_string(runs.front().id) + " to " +
                                           std::to_string(runs.back().id))
                << '\n';
    return exitCode(points, interrupt, sessionSaved && filesWritten);
  } catch (const std::exception& failure) {
    launch.abortLaunch(failure.what());
    throw;
  }
}

}  // namespace accellab::cli
