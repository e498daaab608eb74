// The reporters one command writes to: the console table on stdout, fed as points arrive,
// plus the optional --csv, --markdown and --json files, written once from the runs as they
// finally are (after re-runs of unstable points). Shared by `run` and `report`.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "accellab/report.h"
#include "argument_parser.h"
#include "output_targets.h"

namespace accellab::cli {

struct ReportFiles {
  std::optional<std::string> csv;
  std::optional<std::string> markdown;
  std::optional<std::string> json;
  // The runs' findings (insights.h), for sharing: --insights-json, --insights-markdown.
  std::optional<std::string> insightsJson;
  std::optional<std::string> insightsMarkdown;

  // As checkOutputTargets takes them, with the options that named them.
  std::vector<OutputTarget> targets() const;
  // The files given, each with the format it is written in.
  std::vector<std::pair<std::string, ReportFormat>> given() const;
};

// --csv, --markdown and --json FILE, and reading them back with the findings' files
// (insight_text.h, addInsightOptions) where the command has them.
void addReportFileOptions(ArgumentParser& parser);
ReportFiles reportFilesFrom(const ArgumentParser& parser);

class ReporterSet {
 public:
  // The files are not touched until writeFiles: the command checks them up front
  // (checkOutputTargets).
  ReporterSet(std::ostream& console, const ReportFiles& files, const ReportOptions& options);

  Reporter& console() { return *console_; }
  const ReportOptions& options() const { return options_; }
  // Writes every file, each atomically; one that fails is named on `err` and the others are
  // still written. False when any failed.
  bool writeFiles(const std::vector<Run>& runs, std::ostream& err) const;

 private:
  ReportOptions options_;
  std::unique_ptr<Reporter> console_;
  std::vector<std::pair<std::string, ReportFormat>> files_;
  std::optional<std::string> insightsJson_;
  std::optional<std::string> insightsMarkdown_;
};

// --gpu-time kernel|end-to-end: what a gpu row's time is, for run and report alike.
void addGpuTimeOption(ArgumentParser& parser);
GpuTime gpuTimeFrom(const ArgumentParser& parser);

}  // namespace accellab::cli
