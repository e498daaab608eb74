// Internal to core: what the three reporters share.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "accellab/report.h"

namespace accellab::detail {

// The group a point belongs to in tables: kernel and problem ("add 3x5x7 f64").
std::string reportGroup(const Point& point);

// "AMD EPYC 9B14, 2 logical cores, bandwidth ceiling 24.1 GB/s": the machine in one line.
std::string systemSummary(const SystemInfo& system);

// Turns points arriving one at a time into rows. Sweep order (and baselineFirst) puts the
// points of a group together with the baseline first, so each row's speedup is known when
// it arrives and equals what buildRunRows computes over the whole run.
class ReportStream {
 public:
  explicit ReportStream(ReportOptions options) : options_(std::move(options)) {}
  // A new run: its ceilings and id, and no group yet.
  void begin(const Run& run);

  struct Next {
    ReportRow row;
    bool startsGroup = false;
  };
  Next add(const PointResult& result);

 private:
  ReportOptions options_;
  Ceilings ceilings_;
  int runId_ = 0;
  std::vector<PointResult> group_;
};

std::unique_ptr<Reporter> makeConsoleReporter(std::ostream& out, const ReportOptions& options);
std::unique_ptr<Reporter> makeCsvReporter(std::ostream& out, const ReportOptions& options);
std::unique_ptr<Reporter> makeMarkdownReporter(std::ostream& out, const ReportOptions& options);
std::unique_ptr<Reporter> makeJsonReporter(std::ostream& out, const ReportOptions& options);

// "Run 2: 2026-11-30 16:05 add 3 sizes × 5 variants"
std::string runHeading(const Run& run);

}  // namespace accellab::detail
