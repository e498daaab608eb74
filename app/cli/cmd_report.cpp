// accellab-cli report: the table of a saved session, optionally exported.
#include <algorithm>
#include <cstdint>
#include <iostream>

#include "accellab/gbench.h"
#include "accellab/printable.h"
#include "accellab/results_file.h"
#include "accellab/session.h"
#include "argument_parser.h"
#include "cli_error.h"
#include "commands.h"
#include "insight_text.h"
#include "reporter_set.h"
#include "system_text.h"

namespace accellab::cli {

int reportCommand(Args args, const EngineFactory&) {
  ArgumentParser parser("report SESSION [options]",
                        "Prints the table of a session saved by 'run --out' (or the desktop app), "
                        "or of\nGoogle Benchmark JSON, and optionally exports it.");
  parser.positional("SESSION", "the session file, or Google Benchmark's --benchmark_out (JSON)")
      .option("--run", "ID", "only this run of the session (default: every run)")
      .option("--baseline", "VARIANT",
              "speedups relative to this variant (default: the run's own, loop, "
              "else its first)");
  addReportFileOptions(parser);
  parser.option("--gbench-json", "FILE",
                "also write the run as Google Benchmark JSON (compare.py)");
  addGpuTimeOption(parser);
  addInsightOptions(parser);
  parser.parse(args);
  if (parser.helpRequested()) {
    std::cout << parser.help();
    return kExitOk;
  }

  const auto runId = parser.count("--run");  // checked before the file is read
  const ReportFiles files = reportFilesFrom(parser);
  const auto gbenchPath = parser.value("--gbench-json");
  std::vector<OutputTarget> targets = files.targets();
  targets.push_back({"--gbench-json", gbenchPath});
  checkOutputTargets(targets);
  const Session session = readResultsFile(parser.positionalValue("SESSION"));
  std::vector<Run> runs = session.runs;
  if (const auto id = runId) {
    const Run* run =
        id <= std::uint64_t{INT32_MAX} ? findRun(session, static_cast<int>(*id)) : nullptr;
    if (!run) throw UsageError("--run " + std::to_string(*id) + ": the session has no such run");
    runs = {*run};
  }
  // compare.py reads every entry of one name as a repetition of one benchmark: one run a file.
  if (gbenchPath && runs.size() != 1)
    throw UsageError("--gbench-json writes one run; the session has " +
                     std::to_string(runs.size()) + ": pick one with --run ID");
  // Unnamed, each run's own default (report.h, defaultBaseline).
  const std::string baseline = parser.value("--baseline").value_or("");
  const auto hasBaseline = [&](const Run& run) {
    return std::ranges::any_of(run.points,
                               [&](const PointResult& r) { return r.point.variant == baseline; });
  };
  if (parser.has("--baseline") && std::ranges::none_of(runs, hasBaseline)) {
    throw UsageError("--baseline '" + baseline + "': the session has no point of that variant");
  }
  ReporterSet reporters(std::cout, files, {baseline, gpuTimeFrom(parser)});

  std::cout << "Session of " << printable(session.created) << " with " << session.runs.size()
            << (session.runs.size() == 1 ? " run\n" : " runs\n");
  for (const Run& run : runs) {
    std::cout << '\n';
    writeSystemSummary(run.system, run.conditions, std::cout);
    reportRun(reporters.console(), run, reporters.options());
    if (parser.has("--insights")) writeInsights(run, reporters.options(), std::cout);
  }
  if (parser.has("--insights")) writeInsightsAcross(runs, std::cout);
  std::cout << std::flush;
  bool written = reporters.writeFiles(runs, std::cerr);
  if (gbenchPath)
    written = writeOutput(*gbenchPath, gbenchToJson(runs.front()), std::cerr) && written;
  return written ? kExitOk : kExitNotSaved;
}

}  // namespace accellab::cli
