#include "report_stream.h"

#include "accellab/format.h"

namespace accellab::detail {

std::string reportGroup(const Point& point) { return point.kernel + " " + describe(point.params); }

std::string systemSummary(const SystemInfo& system) {
  const std::string ceiling =
      system.bandwidthCeilingBytesPerS > 0
          ? "bandwidth ceiling " +
                formatValue(system.bandwidthCeilingBytesPerS, ValueKind::byteRate)
          : "bandwidth ceiling not measured";
  return (system.cpuModel.empty() ? "unknown CPU" : system.cpuModel) + ", " +
         std::to_string(system.logicalCores) + " logical cores, " + ceiling;
}

std::string runHeading(const Run& run) { return "Run " + std::to_string(run.id) + ": " + run.name; }

void ReportStream::begin(const Run& run) {
  ceilings_ = ceilingsOf(run.system);
  runId_ = run.id;
  group_.clear();
}

ReportStream::Next ReportStream::add(const PointResult& result) {
  const bool startsGroup =
      group_.empty() || reportGroup(group_.front().point) != reportGroup(result.point);
  if (startsGroup) group_.clear();
  group_.push_back(result);
  return {buildReportRows(group_, ceilings_, options_, runId_).back(), startsGroup};
}

}  // namespace accellab::detail
