#include "reporter_set.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "cli_error.h"

namespace accellab::cli {

ReporterSet::ReporterSet(std::ostream& console, const ReportFiles& files,
                         const ReportOptions& options)
    : options_(options), console_(makeReporter(ReportFormat::console, console, options)) {
  addFile(files.csv, ReportFormat::csv);
  addFile(files.markdown, ReportFormat::markdown);
  addFile(files.json, ReportFormat::json);
}

void ReporterSet::addFile(const std::optional<std::string>& path, ReportFormat format) {
  if (!path) return;
  auto stream = std::make_unique<std::ofstream>(*path);
  if (!*stream) throw UsageError("cannot write '" + *path + "': " + std::strerror(errno));
  auto reporter = makeReporter(format, *stream, options_);
  files_.push_back({*path, std::move(stream), std::move(reporter)});
}

void ReporterSet::writeFiles(const std::vector<Run>& runs) {
  for (File& file : files_) {
    for (const Run& run : runs) reportRun(*file.reporter, run, options_);
    file.reporter->finish();
    if (!file.stream->flush()) throw UsageError("writing '" + file.path + "' failed");
  }
}

void addReportFileOptions(ArgumentParser& parser) {
  parser.option("--csv", "FILE", "also write the table as CSV")
      .option("--markdown", "FILE", "also write the table as Markdown")
      .option("--json", "FILE", "also write the table as JSON");
}

ReportFiles reportFilesFrom(const ArgumentParser& parser) {
  return {parser.value("--csv"), parser.value("--markdown"), parser.value("--json")};
}

void checkWritableFile(const std::string& option, const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  std::error_code ec;
  if (fs::is_directory(target, ec)) {
    throw UsageError(option + " '" + path + "' is a directory, not a file");
  }
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec)) {
    throw UsageError(option + " '" + path + "': directory '" + dir.string() + "' does not exist");
  }
  if (::access(dir.c_str(), W_OK) != 0) {
    throw UsageError(option + " '" + path + "': directory '" + dir.string() + "' is not writable");
  }
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
