// Results as rows of a table, and the reporters that print them. Reporters are a strategy:
// the console table, CSV and Markdown share one interface and one formatting (format.h).
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "accellab/result.h"
#include "accellab/sysinfo.h"

namespace accellab {

// One row per point, with what the table shows derived once for all reporters and the GUI.
struct ReportRow {
  std::string group;  // kernel + describe(params): points of one group share a baseline
  std::string variant;
  int threads = 1;
  PointStatus status = PointStatus::ok;
  double medianS = 0;  // gpu rows: the kernel alone or end to end, as ReportOptions say
  double spreadS = 0;  // median absolute deviation
  double elementsPerS = 0;
  double bytesPerS = 0;
  // bytesPerS / the measured copy ceiling of where the row ran (host, or the GPU's own);
  // none for end-to-end gpu rows, whose time is mostly the bus.
  std::optional<double> ceilingFraction;
  std::optional<double> speedup;  // baseline median / this median
  bool verified = false;
  std::string note;  // reason when not ok, ISA of SIMD variants, GPU transfer split
};

// Which time a gpu row shows and compares: the kernel alone, or end to end with the copies
// to and from pinned memory (the tutorial's question: does the GPU still win once the data
// has to travel?).
enum class GpuTime { kernel, endToEnd };
std::string_view toString(GpuTime time);
std::optional<GpuTime> parseGpuTime(std::string_view text);  // "kernel", "end-to-end"

struct ReportOptions {
  std::string baseline = "loop";
  GpuTime gpuTime = GpuTime::kernel;
};

// What each row's bandwidth is held against.
struct Ceilings {
  double hostBytesPerS = 0;    // the host's STREAM copy
  double deviceBytesPerS = 0;  // the copy kernel on the GPU the gpu rows ran on
};
Ceilings ceilingsOf(const SystemInfo& system);

// Speedup is relative to the baseline variant's 1-thread ok point of the same group.
std::vector<ReportRow> buildReportRows(const std::vector<PointResult>& points,
                                       const Ceilings& ceilings, const ReportOptions& options = {});

// Column headers and cells as text, shared by the console, CSV, Markdown and the GUI model.
std::vector<std::string> reportHeaders();
std::vector<std::string> formatReportRow(const ReportRow& row);

class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void begin(const SystemInfo& system) = 0;
  // Points arrive one at a time as they are measured, in sweep order.
  virtual void point(const PointResult& result) = 0;
  virtual void end() = 0;
};

enum class ReportFormat { console, csv, markdown };
// The reporter writes to `out`, which must outlive it.
std::unique_ptr<Reporter> makeReporter(ReportFormat format, std::ostream& out,
                                       const ReportOptions& options = {});

}  // namespace accellab
