// What the charts draw: one kernel's points in the runs shown, each with the engine's report
// row of its own run, and the points that have nothing to draw. Shared by every chart; holds no
// Qt Charts type.
#pragma once

#include <QString>
#include <QStringList>
#include <cstdint>
#include <string>
#include <vector>

#include "accellab/measure_config.h"
#include "accellab/report.h"
#include "accellab/session.h"

namespace accellab::gui {

// A run shown in the charts.
struct ChartRun {
  int id = 0;
  QualityLimits limits;   // what its points' flags were judged against
  Ceilings ceilings;      // the host's, and the GPU's its gpu points ran on
  std::string gpuReason;  // why the machine had no GPU points, when it had none
};

// An ok point of a shown run. Its row was built over the point's whole run: a speedup is
// always over the baseline of the same run.
struct ChartPoint {
  std::size_t run = 0;  // index into ChartInput::runs
  PointResult result;
  ReportRow row;
  QString label;  // ChartInput::labelOf(variant, threads)
};

// A point of a shown run with no number to draw: charts leave it out and say so in a note.
struct ChartGap {
  std::size_t run = 0;
  std::string group;
  std::uint64_t size = 0;  // of the group's problem: where a line would have passed
  QString label;
  QString why;  // "cancelled", "skipped: no CUDA device", "not measured"
};

struct ChartInput {
  std::string kernel;
  ReportOptions report;             // the baseline, and which time gpu points show
  std::vector<ChartRun> runs;       // the shown runs that measured the kernel, oldest first
  std::vector<ChartPoint> points;   // their ok points of the kernel, run by run in sweep order
  std::vector<ChartGap> gaps;       // the variants each run measured, where a problem lacks one
  std::vector<std::string> groups;  // the problems of `points`, smallest first
  // Variants that ran with more than one thread count somewhere in the session.
  std::vector<std::string> threadedVariants;
  // The kernel's variant labels in the whole session, in order of first appearance: a label
  // keeps its colour whichever runs are shown.
  std::vector<QString> labels;

  bool empty() const { return points.empty(); }
  // "parallel ×4" where the variant ran with several thread counts in the session or with
  // more than one, else "loop".
  QString labelOf(const std::string& variant, int threads) const;
  QString runName(std::size_t run) const;  // "run 2"
  // "run 2", "runs 1, 2": for titles.
  QString runsName() const;
  // Rows name their group "kernel problem"; within one kernel's charts the problem says it all.
  QString groupLabel(const std::string& group) const;
  // What a legend calls a variant in a run: "loop · run 2" when several runs are shown, else
  // "loop".
  QString seriesName(const QString& label, std::size_t run) const;
  // One drawn element, for tooltips and tests: "loop · run 2 · 64x256x256 f64".
  QString elementName(const ChartPoint& point) const;
  // The notes under a chart's title: `gaps` by run and problem, a few lines at most.
  QStringList notesOf(const std::vector<ChartGap>& gaps) const;
  // A gap where `point` was measured but its chart has no number for it.
  ChartGap gapAt(const ChartPoint& point, const QString& why) const;
};

// The latest run of the session that measured `kernel`, or null.
const Run* latestRunWith(const Session& session, const std::string& kernel);
// The kernels present in a session, in order of first appearance.
std::vector<std::string> kernelsIn(const Session& session);
// The variants present in a session for `kernel`, in order of first appearance.
std::vector<std::string> variantsIn(const Session& session, const std::string& kernel);
// The ids of `runIds` that measured `kernel`, in session order; for no ids, the latest run
// that measured it.
std::vector<int> runsShown(const Session& session, const std::string& kernel,
                           const std::vector<int>& runIds);

// `loop` when the kernel has loop points, else its first variant.
std::string defaultBaseline(const Session& session, const std::string& kernel);

// The kernel's points in the runs `runsShown(session, kernel, runIds)`.
ChartInput makeChartInput(const Session& session, const std::string& kernel,
                          const ReportOptions& report, const std::vector<int>& runIds = {});

// A unit that keeps axis numbers readable: values are multiplied by `factor`.
struct AxisUnit {
  double factor = 1;
  QString unit;
};
AxisUnit timeUnit(double maxSeconds);
// The engine's formatting of a value ("1.23 ms", "12.3 GB/s"), for labels and tooltips.
QString formatted(double value, ValueKind kind);
AxisUnit rateUnit(double maxPerSecond, const QString& perSecondUnit);

}  // namespace accellab::gui
