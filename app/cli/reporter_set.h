// The reporters one command writes to: the console table on stdout plus the optional
// --csv and --markdown files, fed the same points. Shared by `run` and `report`.
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
};

class ReporterSet : public Reporter {
 public:
  // Opens the files now, so that an unwritable path is refused (UsageError) before any
  // measuring starts.
  ReporterSet(std::ostream& console, const ReportFiles& files, const ReportOptions& options);

  void begin(const SystemInfo& system) override;
  void point(const PointResult& result) override;
  void end() override;

 private:
  void addFile(std::ofstream& stream, const std::optional<std::string>& path, ReportFormat format,
               const ReportOptions& options);

  std::ofstream csv_;
  std::ofstream markdown_;
  std::vector<std::unique_ptr<Reporter>> reporters_;
};

// --gpu-time kernel|end-to-end: what a gpu row's time is, for run and report alike.
void addGpuTimeOption(ArgumentParser& parser);
GpuTime gpuTimeFrom(const ArgumentParser& parser);

// Refuses (UsageError) a session path whose directory is missing or not writable, or that
// names a directory: checked before running, as the session is written only afterwards.
void checkWritableFile(const std::string& option, const std::string& path);

}  // namespace accellab::cli
