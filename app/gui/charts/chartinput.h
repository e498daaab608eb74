// What the charts draw: one kernel's points of a session with the engine's report rows.
// Shared by every chart; holds no Qt Charts type.
#pragma once

#include <QString>
#include <optional>
#include <string>
#include <vector>

#include "accellab/report.h"
#include "accellab/session.h"

namespace accellab::gui {

struct ChartInput {
  std::string kernel;
  int runId = 0;          // the run drawn: every number in a chart comes from this one run
  ReportOptions report;   // the baseline, and which time gpu points show
  Ceilings ceilings;      // the host's, and the GPU's its gpu points ran on
  std::string gpuReason;  // why the machine had no GPU points, when it had none
  std::vector<PointResult> points;     // the kernel's ok points, in sweep order
  std::vector<ReportRow> rows;         // buildReportRows(points), rows[i] describes points[i]
  std::vector<std::string> groups;     // distinct rows[].group in order of appearance
  std::vector<QString> variantLabels;  // distinct variantLabel() in order of appearance

  // "parallel ×4" where a variant ran with several thread counts or more than one, else "loop".
  QString variantLabel(std::size_t index) const;
  QString groupLabel(const std::string& group) const;
  // The point of `group` whose variantLabel() is `label`, if it was measured.
  std::optional<std::size_t> find(const std::string& group, const QString& label) const;
  bool empty() const { return points.empty(); }
};

// The latest run of the session that measured `kernel`, or null.
const Run* latestRunWith(const Session& session, const std::string& kernel);
// The kernels present in a session, in order of first appearance.
std::vector<std::string> kernelsIn(const Session& session);
// The variants present in a session for `kernel`, in order of first appearance.
std::vector<std::string> variantsIn(const Session& session, const std::string& kernel);

// `loop` when the kernel has loop points, else its first variant.
std::string defaultBaseline(const Session& session, const std::string& kernel);

ChartInput makeChartInput(const Session& session, const std::string& kernel,
                          const ReportOptions& report);

// A unit that keeps axis numbers readable: values are multiplied by `factor`.
struct AxisUnit {
  double factor = 1;
  QString unit;
};
AxisUnit timeUnit(double maxSeconds);
AxisUnit rateUnit(double maxPerSecond, const QString& perSecondUnit);

}  // namespace accellab::gui
