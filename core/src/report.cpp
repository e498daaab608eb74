#include "accellab/report.h"

#include <algorithm>

#include "accellab/format.h"
#include "report_stream.h"

namespace accellab {

namespace {

// The time a row shows: the samples' median and MAD, or for an end-to-end gpu row the
// medians of the end-to-end times and their MAD.
struct RowTime {
  double medianS = 0;
  double spreadS = 0;
  bool endToEnd = false;
};

RowTime rowTime(const PointResult& result, GpuTime gpuTime) {
  if (gpuTime == GpuTime::endToEnd && result.gpu && result.gpu->endToEndS > 0)
    return {result.gpu->endToEndS, result.gpuMad ? result.gpuMad->endToEndS : 0, true};
  return {result.stats.medianS, result.stats.madS, false};
}

std::string noteFor(const PointResult& result, GpuTime gpuTime) {
  if (result.status != PointStatus::ok) return result.reason;
  std::string note = result.isa;
  if (result.gpu) {
    const GpuTiming& gpu = *result.gpu;
    const auto time = [](double s) { return formatValue(s, ValueKind::duration); };
    if (!note.empty()) note += "; ";
    note += rowTime(result, gpuTime).endToEnd ? "end to end" : "kernel only";
    note += "; kernel " + time(gpu.kernelS) + ", h2d " + time(gpu.h2dS) + ", d2h " + time(gpu.d2hS);
    if (gpu.h2dPageableS > 0 || gpu.d2hPageableS > 0)
      note += "; pageable h2d " + time(gpu.h2dPageableS) + ", d2h " + time(gpu.d2hPageableS);
  }
  return note;
}

std::string valueOrDash(double value, ValueKind kind) {
  return value > 0 ? formatValue(value, kind) : "-";
}

std::string optionalOrDash(const std::optional<double>& value, ValueKind kind) {
  return value ? formatValue(*value, kind) : "-";
}

}  // namespace

std::string_view toString(GpuTime time) {
  return time == GpuTime::endToEnd ? "end-to-end" : "kernel";
}

std::optional<GpuTime> parseGpuTime(std::string_view text) {
  if (text == "kernel") return GpuTime::kernel;
  if (text == "end-to-end") return GpuTime::endToEnd;
  return std::nullopt;
}

Ceilings ceilingsOf(const SystemInfo& system) {
  const GpuInfo* gpu = selectedGpu(system);
  return {system.bandwidthCeilingBytesPerS, gpu ? gpu->copyCeilingBytesPerS : 0};
}

std::vector<ReportRow> buildReportRows(const std::vector<PointResult>& points,
                                       const Ceilings& ceilings, const ReportOptions& options) {
  const auto isBaselineOf = [&](const PointResult& candidate, const std::string& group) {
    return candidate.point.variant == options.baseline && candidate.point.threads == 1 &&
           candidate.status == PointStatus::ok && rowTime(candidate, options.gpuTime).medianS > 0 &&
           detail::reportGroup(candidate.point) == group;
  };
  std::vector<ReportRow> rows;
  rows.reserve(points.size());
  for (const PointResult& result : points) {
    ReportRow row;
    row.group = detail::reportGroup(result.point);
    row.variant = result.point.variant;
    row.threads = result.point.threads;
    row.status = result.status;
    const RowTime time = rowTime(result, options.gpuTime);
    row.medianS = time.medianS;
    row.spreadS = time.spreadS;
    row.elementsPerS = result.elementsPerS;
    row.bytesPerS = result.bytesPerS;
    if (time.endToEnd) {
      row.elementsPerS = static_cast<double>(result.elements) / time.medianS;
      row.bytesPerS = static_cast<double>(result.bytes) / time.medianS;
    }
    row.verified = result.verified;
    row.note = noteFor(result, options.gpuTime);
    const bool ok = result.status == PointStatus::ok && time.medianS > 0;
    const double ceiling = result.gpu ? ceilings.deviceBytesPerS : ceilings.hostBytesPerS;
    if (ok && !time.endToEnd && ceiling > 0 && row.bytesPerS > 0)
      row.ceilingFraction = row.bytesPerS / ceiling;
    const auto baseline = std::find_if(points.begin(), points.end(), [&](const PointResult& p) {
      return isBaselineOf(p, row.group);
    });
    if (ok && baseline != points.end())
      row.speedup = rowTime(*baseline, options.gpuTime).medianS / time.medianS;
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<std::string> reportHeaders() {
  return {"variant",   "threads", "median",   "± MAD",  "throughput", "bandwidth",
          "% ceiling", "speedup", "verified", "status", "note"};
}

std::vector<std::string> formatReportRow(const ReportRow& row) {
  const bool judged = row.status == PointStatus::ok || row.status == PointStatus::failed;
  return {row.variant,
          std::to_string(row.threads),
          valueOrDash(row.medianS, ValueKind::duration),
          row.medianS > 0 ? formatValue(row.spreadS, ValueKind::duration) : "-",
          valueOrDash(row.elementsPerS, ValueKind::rate),
          valueOrDash(row.bytesPerS, ValueKind::byteRate),
          optionalOrDash(row.ceilingFraction, ValueKind::percentage),
          optionalOrDash(row.speedup, ValueKind::ratio),
          judged ? (row.verified ? "yes" : "no") : "-",
          std::string(toString(row.status)),
          row.note};
}

std::unique_ptr<Reporter> makeReporter(ReportFormat format, std::ostream& out,
                                       const ReportOptions& options) {
  switch (format) {
    case ReportFormat::console:
      return detail::makeConsoleReporter(out, options);
    case ReportFormat::csv:
      return detail::makeCsvReporter(out, options);
    case ReportFormat::markdown:
      return detail::makeMarkdownReporter(out, options);
  }
  return detail::makeConsoleReporter(out, options);
}

}  // namespace accellab
