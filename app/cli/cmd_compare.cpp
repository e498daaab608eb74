// accellab-cli compare: runs compared point by point, as a table and as a CI gate.
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>

#include "accellab/compare_report.h"
#include "accellab/printable.h"
#include "accellab/results_file.h"
#include "argument_parser.h"
#include "cli_error.h"
#include "commands.h"
#include "reporter_set.h"
#include "run_reference.h"

namespace accellab::cli {

namespace {

// Each file is read once however often the command line names it.
class SessionFiles {
 public:
  ChosenRun choose(const RunReference& reference) {
    auto it = sessions_.find(reference.path);
    if (it == sessions_.end())
      it = sessions_.emplace(reference.path, readResultsFile(reference.path)).first;
    return chooseRun(reference, it->second);
  }

 private:
  std::map<std::string, Session> sessions_;
};

bool sameFile(const std::string& a, const std::string& b) {
  std::error_code error;
  return std::filesystem::equivalent(a, b, error);
}

// Both sides defaulted to the latest run of one file with several: the user almost surely
// meant two of its runs, not the latest against itself.
void refuseLatestAgainstItself(const ChosenRun& base, const ChosenRun& next) {
  const std::vector<int>& ids = base.runIds;
  if (!base.latestByDefault || !next.latestByDefault || ids.size() < 2) return;
  if (!sameFile(base.path, next.path)) return;
  throw UsageError("BASE and NEW are both the latest run of " + base.path + " (" + base.source +
                   "): name the runs to compare, e.g. " + base.path + "#" +
                   std::to_string(ids[ids.size() - 2]) + " " + base.source +
                   " (its runs: " + idList(ids) + ")");
}

std::string latestNote(const ChosenRun& chosen) {
  return "Note: " + chosen.path + " holds " + std::to_string(chosen.runIds.size()) +
         " runs; comparing its latest, " + chosen.source + " (name another as FILE#ID)\n";
}

CompareOptions optionsFrom(const ArgumentParser& parser) {
  CompareOptions options;
  if (const auto alpha = parser.positive("--alpha")) {
    if (*alpha >= 1)
      throw UsageError("invalid --alpha: '" + *parser.value("--alpha") +
                       "' is not a probability between 0 and 1 (e.g. 0.05)");
    options.alpha = *alpha;
  }
  if (const auto threshold = parser.percentage("--threshold")) options.threshold = *threshold;
  if (const auto seed = parser.unsignedValue("--seed")) options.seed = *seed;
  if (const auto time = parser.value("--time")) {
    const auto parsed = parseCompareTime(*time);
    if (!parsed) throw UsageError("invalid --time: '" + *time + "' (expected wall or cpu)");
    options.time = *parsed;
  }
  return options;
}

}  // namespace

int compareCommand(Args args, const EngineFactory&) {
  ArgumentParser parser(
      "compare BASE NEW [NEW...] [options]",
      "Compares each NEW run with BASE point by point (kernel, variant, problem, threads):\n"
      "both medians, new/base with its 95 % bootstrap interval, the Mann-Whitney U p-value\n"
      "and a verdict. A run is FILE#ID, or FILE for the file's latest run; a FILE is a\n"
      "session or Google Benchmark JSON. gpu points compare the kernel time. Exit status: 0\n"
      "when no point got significantly slower, 1 when one did, 2 for bad input and when a\n"
      "NEW run has no point measured in both (a gate that compared nothing).");
  parser.positional("BASE", "the run to compare against: FILE or FILE#ID")
      .positionalList("NEW", "the runs to compare with BASE: FILE or FILE#ID")
      .option("--alpha", "P", "significance level of the U test (default 0.05)")
      .option("--threshold", "PERCENT", "smallest change that counts (default 5%)")
      .option("--seed", "N", "seed of the bootstrap (default 20261130)")
      .option("--time", "WHAT",
              "'wall' (default): each sample's wall time; 'cpu': the CPU time of the process "
              "that ran the code, every thread (a library's threads show there)");
  addReportFileOptions(parser);
  parser.parse(args);
  if (parser.helpRequested()) {
    std::cout << parser.help();
    return kExitOk;
  }

  const CompareOptions options = optionsFrom(parser);
  const ReportFiles exports = reportFilesFrom(parser);
  checkOutputTargets(exports.targets());
  const RunReference baseReference = parseRunReference(parser.positionalValue("BASE"));
  std::vector<RunReference> newReferences;
  for (const std::string& text : parser.positionalValues("NEW"))
    newReferences.push_back(parseRunReference(text));

  SessionFiles files;
  const ChosenRun base = files.choose(baseReference);
  std::vector<ChosenRun> others;
  for (const RunReference& reference : newReferences) {
    others.push_back(files.choose(reference));
    refuseLatestAgainstItself(base, others.back());
  }
  std::vector<Comparison> comparisons;
  bool slower = false;
  std::vector<std::string> comparedNothing;  // the NEW runs without one point compared
  for (const ChosenRun& next : others) {
    Comparison comparison = compareRuns(base.run, next.run, options);
    comparison.baseRun.source = base.source;
    comparison.newRun.source = next.source;
    slower = slower || countOf(comparison, Verdict::slower) > 0;
    if (countOf(comparison, Verdict::faster) + countOf(comparison, Verdict::slower) +
            countOf(comparison, Verdict::unchanged) ==
        0)
      comparedNothing.push_back(next.source);
    comparisons.push_back(std::move(comparison));
  }

  std::vector<const ChosenRun*> chosen = {&base};
  for (const ChosenRun& next : others) chosen.push_back(&next);
  for (const ChosenRun* run : chosen) {
    if (run->latestByDefault && run->runIds.size() > 1) std::cout << latestNote(*run);
  }
  writeComparisons(std::cout, ReportFormat::console, comparisons);
  std::cout << std::flush;
  bool written = true;
  for (const auto& [path, format] : exports.given()) {
    std::ostringstream text;
    writeComparisons(text, format, comparisons);
    written = writeOutput(path, text.str(), std::cerr) && written;
  }
  if (!written) return kExitNotSaved;
  for (const std::string& source : comparedNothing)
    std::cerr << "accellab-cli: error: nothing was compared: no point of " << printable(source)
              << " was measured in " << printable(base.source)
              << " too (the same kernel, variant, problem and threads)\n";
  if (!comparedNothing.empty()) return kExitUsage;
  return slower ? kExitSlower : kExitOk;
}

}  // namespace accellab::cli
