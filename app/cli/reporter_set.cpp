#include "reporter_set.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "cli_error.h"

namespace accellab::cli {

ReporterSet::ReporterSet(std::ostream& console, const ReportFiles& files,
                         const ReportOptions& options) {
  reporters_.push_back(makeReporter(ReportFormat::console, console, options));
  addFile(csv_, files.csv, ReportFormat::csv, options);
  addFile(markdown_, files.markdown, ReportFormat::markdown, options);
}

void ReporterSet::addFile(std::ofstream& stream, const std::optional<std::string>& path,
                          ReportFormat format, const ReportOptions& options) {
  if (!path) return;
  stream.open(*path);
  if (!stream) throw UsageError("cannot write '" + *path + "': " + std::strerror(errno));
  reporters_.push_back(makeReporter(format, stream, options));
}

void ReporterSet::begin(const SystemInfo& system) {
  for (auto& reporter : reporters_) reporter->begin(system);
}

void ReporterSet::point(const PointResult& result) {
  for (auto& reporter : reporters_) reporter->point(result);
}

void ReporterSet::end() {
  for (auto& reporter : reporters_) reporter->end();
  for (std::ofstream* file : {&csv_, &markdown_}) {
    if (file->is_open() && !file->flush()) throw UsageError("writing a report file failed");
  }
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
