#include "reporter_set.h"

#include <sstream>

#include "accellab/insights.h"
#include "cli_error.h"

namespace accellab::cli {

std::vector<OutputTarget> ReportFiles::targets() const {
  return {{"--csv", csv},
          {"--markdown", markdown},
          {"--json", json},
          {"--insights-json", insightsJson},
          {"--insights-markdown", insightsMarkdown}};
}

std::vector<std::pair<std::string, ReportFormat>> ReportFiles::given() const {
  std::vector<std::pair<std::string, ReportFormat>> files;
  if (csv) files.emplace_back(*csv, ReportFormat::csv);
  if (markdown) files.emplace_back(*markdown, ReportFormat::markdown);
  if (json) files.emplace_back(*json, ReportFormat::json);
  return files;
}

ReporterSet::ReporterSet(std::ostream& console, const ReportFiles& files,
                         const ReportOptions& options)
    : options_(options),
      console_(makeReporter(ReportFormat::console, console, options)),
      files_(files.given()),
      insightsJson_(files.insightsJson),
      insightsMarkdown_(files.insightsMarkdown) {}

bool ReporterSet::writeFiles(const std::vector<Run>& runs, std::ostream& err) const {
  bool written = true;
  for (const auto& [path, format] : files_) {
    std::ostringstream text;
    writeReport(format, text, runs, options_);
    written = writeOutput(path, text.str(), err) && written;
  }
  if (insightsJson_)
    written = writeOutput(*insightsJson_, findingsToJson(runs, options_), err) && written;
  if (insightsMarkdown_)
    written = writeOutput(*insightsMarkdown_, findingsToMarkdown(runs, options_), err) && written;
  return written;
}

void addReportFileOptions(ArgumentParser& parser) {
  parser.option("--csv", "FILE", "also write the table as CSV")
      .option("--markdown", "FILE", "also write the table as Markdown")
      .option("--json", "FILE", "also write the table as JSON");
}

// The findings' files are read where addInsightOptions declared them (run, report).
ReportFiles reportFilesFrom(const ArgumentParser& parser) {
  return {parser.value("--csv"), parser.value("--markdown"), parser.value("--json"),
          parser.value("--insights-json"), parser.value("--insights-markdown")};
}

void addGpuTimeOption(ArgumentParser& parser) {
  parser.option("--gpu-time", "WHICH",
                "gpu rows: 'kernel' (default) or 'end-to-end' with the pinned copies");
}

GpuTime gpuTimeFrom(const ArgumentParser& parser) {
  const auto text = parser.value("--gpu-time");
  if (!text) return GpuTime::kernel;
  const auto parsed = parseGpuTime(*text);
  if (!parsed) throw UsageError("invalid --gpu-time: '" + *text + "' (one of: kernel, end-to-end)");
  return *parsed;
}

}  // namespace accellab::cli
