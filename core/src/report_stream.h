// Internal to core: what the three reporters share.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "accellab/report.h"

namespace accellab::detail {

// The group a point belongs to in tables: kernel and problem ("add 3x5x7 f64").
std::string reportGroup(const Point& point);

// "AMD EPYC 9B14, 2 logical cores, bandwidth ceiling 24.1 GB/s": the machine in one line.
std::string systemSummary(const SystemInfo& system);

// The row of a point, all but its speedup, which needs the group's baseline (setSpeedup).
ReportRow rowWithoutSpeedup(const PointResult& result, const Ceilings& ceilings,
                            const ReportOptions& options, int runId);
// The indices of `points` in baselineFirst's order.
std::vector<std::size_t> baselineOrder(const std::vector<PointResult>& points,
                                       const std::string& baseline);

// Turns points arriving one at a time into rows. Sweep order (and baselineFirst) puts the
// points of a group together with the baseline first, so each row's speedup is known when
// it arrives and equals what buildRunRows computes over the whole run.
class ReportStream {
 public:
  explicit ReportStream(ReportOptions options) : given_(options), options_(std::move(options)) {}
  // A new run: its ceilings and id, and no group yet.
  void begin(const Run& run);

  struct Next {
    ReportRow row;
    bool startsGroup = false;
  };
  Next add(const PointResult& result);
  // Whether the current run's tables show the `whenDistributed` columns.
  bool distributed() const { return distributed_; }
  // The reported values known so far: the options', and those of every point of the runs
  // begun (where begin had them) and added.
  const ValueColumns& values() const { return values_; }

 private:
  ReportOptions given_;
  ReportOptions options_;  // given_, resolved for the current run (resolvedFor)
  Ceilings ceilings_;
  int runId_ = 0;
  bool distributed_ = false;
  // The current group and the time of its first baseline point so far: a row needs no more
  // of the points before it, so each costs the same however large its group grows.
  std::optional<std::string> group_;
  std::optional<double> baselineS_;
  ValueColumns values_;
};

std::unique_ptr<Reporter> makeConsoleReporter(std::ostream& out, const ReportOptions& options);
std::unique_ptr<Reporter> makeCsvReporter(std::ostream& out, const ReportOptions& options);
std::unique_ptr<Reporter> makeMarkdownReporter(std::ostream& out, const ReportOptions& options);
std::unique_ptr<Reporter> makeJsonReporter(std::ostream& out, const ReportOptions& options);

// "Run 2: 2026-11-30 16:05 add 3 sizes × 5 variants"
std::string runHeading(const Run& run);

}  // namespace accellab::detail
