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
  options_ = resolvedFor(given_, run);
  ceilings_ = ceilingsOf(run);
  runId_ = run.id;
  distributed_ = isDistributed(run);
  values_.add(given_.values);
  values_.add(run.points);
  group_.reset();
  baselineS_.reset();
}

ReportStream::Next ReportStream::add(const PointResult& result) {
  ReportRow row = rowWithoutSpeedup(result, ceilings_, options_, runId_);
  values_.add(result.values);
  const bool startsGroup = group_ != row.group;
  if (startsGroup) {
    group_ = row.group;
    baselineS_.reset();
  }
  if (!baselineS_ && isBaselineRow(row, options_.baseline)) baselineS_ = row.medianS;
  setSpeedup(row, baselineS_);
  return {std::move(row), startsGroup};
}

}  // namespace accellab::detail
