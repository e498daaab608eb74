// Results as rows of a table, and the reporters that print them. Reporters are a strategy:
// the console table, CSV and Markdown share one interface and one formatting (format.h).
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
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
  double medianS = 0;
  double spreadS = 0;  // median absolute deviation
  double elementsPerS = 0;
  double bytesPerS = 0;
  std::optional<double> ceilingFraction;  // bytesPerS / measured bandwidth ceiling
  std::optional<double> speedup;          // baseline median / this median
  bool verified = false;
  std::string note;  // reason when not ok, ISA of SIMD variants, GPU transfer split
};

// Speedup is relative to the baseline variant's 1-thread ok point of the same group.
std::vector<ReportRow> buildReportRows(const std::vector<PointResult>& points,
                                       double bandwidthCeilingBytesPerS,
                                       const std::string& baselineVariant = "loop");

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
                                       const std::string& baselineVariant = "loop");

}  // namespace accellab
