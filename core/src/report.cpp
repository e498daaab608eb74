#include "accellab/report.h"

#include <algorithm>

#include "accellab/format.h"
#include "report_stream.h"

namespace accellab {

namespace {

std::string noteFor(const PointResult& result) {
  if (result.status != PointStatus::ok) return result.reason;
  std::string note = result.isa;
  if (result.gpu) {
    if (!note.empty()) note += "; ";
    note += "kernel " + formatValue(result.gpu->kernelS, ValueKind::duration) + ", h2d " +
            formatValue(result.gpu->h2dS, ValueKind::duration) + ", d2h " +
            formatValue(result.gpu->d2hS, ValueKind::duration);
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

std::vector<ReportRow> buildReportRows(const std::vector<PointResult>& points,
                                       double bandwidthCeilingBytesPerS,
                                       const std::string& baselineVariant) {
  const auto isBaselineOf = [&](const PointResult& candidate, const std::string& group) {
    return candidate.point.variant == baselineVariant && candidate.point.threads == 1 &&
           candidate.status == PointStatus::ok && candidate.stats.medianS > 0 &&
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
    row.medianS = result.stats.medianS;
    row.spreadS = result.stats.madS;
    row.elementsPerS = result.elementsPerS;
    row.bytesPerS = result.bytesPerS;
    row.verified = result.verified;
    row.note = noteFor(result);
    const bool ok = result.status == PointStatus::ok && result.stats.medianS > 0;
    if (ok && bandwidthCeilingBytesPerS > 0 && result.bytesPerS > 0)
      row.ceilingFraction = result.bytesPerS / bandwidthCeilingBytesPerS;
    const auto baseline = std::find_if(points.begin(), points.end(), [&](const PointResult& p) {
      return isBaselineOf(p, row.group);
    });
    if (ok && baseline != points.end())
      row.speedup = baseline->stats.medianS / result.stats.medianS;
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
                                       const std::string& baselineVariant) {
  switch (format) {
    case ReportFormat::console:
      return detail::makeConsoleReporter(out, baselineVariant);
    case ReportFormat::csv:
      return detail::makeCsvReporter(out, baselineVariant);
    case ReportFormat::markdown:
      return detail::makeMarkdownReporter(out, baselineVariant);
  }
  return detail::makeConsoleReporter(out, baselineVariant);
}

}  // namespace accellab
