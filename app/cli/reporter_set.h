// The reporters one command writes to: the console table on stdout, fed as points arrive,
// plus the optional --csv, --markdown and --json files, written once from the runs as they
// finally are (after re-runs of unstable points). Shared by `run` and `report`.
#pragma once

#include <fstream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "accellab/report.h"
#include "argument_parser.h"

namespace accellab::cli {

struct ReportFiles {
  std::optional<std::string> csv;
  std::optional<std::string> markdown;
  std::optional<std::string> json;
};

// --csv, --markdown and --json FILE, and reading them back.
void addReportFileOptions(ArgumentParser& parser);
ReportFiles reportFilesFrom(const ArgumentParser& parser);

class ReporterSet {
 public:
  // Opens the files now, so that an unwritable path is refused (UsageError) before any
  // measuring starts.
  ReporterSet(std::ostream& console, const ReportFiles& files, const ReportOptions& options);

  Reporter& console() { return *console_; }
  const ReportOptions& options() const { return options_; }
  void writeFiles(const std::vector<Run>& runs);

 private:
  struct File {
    std::string path;
    std::unique_ptr<std::ofstream> stream;
    std::unique_ptr<Reporter> reporter;
  };
  void addFile(const std::optional<std::string>& path, ReportFormat format);

  ReportOptions options_;
  std::unique_ptr<Reporter> console_;
  std::vector<File> files_;
};

// --gpu-time kernel|end-to-end: what a gpu row's time is, for run and report alike.
void addGpuTimeOption(ArgumentParser& parser);
GpuTime gpuTimeFrom(const ArgumentParser& parser);

// Refuses (UsageError) a session path whose directory is missing or not writable, or that
// names a directory: checked before running, as the session is written only afterwards.
void checkWritableFile(const std::string& option, const std::string& path);

}  // namespace accellab::cli
