// What the charts draw: one kernel's points in the runs shown, each with the engine's report
// row of its own run, and the points that have nothing to draw. Shared by every chart; holds no
// Qt Charts type. The one place chart inputs are made: every number in it that a chart may
// draw is finite and positive, or 0 for nothing to draw.
#pragma once

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "accellab/amdahl.h"
#include "accellab/insights.h"
#include "accellab/measure_config.h"
#include "accellab/rank_scaling.h"
#include "accellab/report.h"
#include "accellab/session.h"

namespace accellab::gui {

// A run shown in the charts.
struct ChartRun {
  int id = 0;
  QualityLimits limits;   // what its points' flags were judged against
  Ceilings ceilings;      // the host's, and the GPU's its gpu points ran on
  std::string gpuReason;  // why the machine had no GPU points, when it had none
  // The engine's Amdahl fits of the kernel's variants, per problem, over this run's rows.
  std::vector<ScalingFit> scalingFits;
  // The host's compute roofs and those of the GPU its gpu points ran on, with a drawable rate;
  // empty when they were not measured.
  std::vector<ComputeCeiling> computeCeilings;
  std::vector<CacheInfo> caches;      // those with a size
  Scaling scaling = Scaling::strong;  // of its MPI launch; strong without one
  // The engine's rank scaling of the kernel's distributed variants in this run.
  std::vector<RankScalingLine> rankScaling;
  // The engine's findings of this run on the kernel (the Insights tab's), each naming the
  // points it rests on and the chart that shows its evidence.
  std::vector<Insight> findings;
};

// What one chart draws at most. Qt Charts lays out every box, legend entry and axis label on
// each redraw at a cost that grows faster than their number: 4096 thread counts drew nothing in
// two minutes. Past these a chart draws the first ones, in its own order, and its title says
// how many of how many it shows; the table lists them all.
inline constexpr std::size_t kMaxSlots = 128;       // boxes or bars side by side
inline constexpr std::size_t kMaxLines = 48;        // lines, each a legend entry
inline constexpr std::size_t kMaxLinePoints = 512;  // points of one line
// Longer names are drawn with their middle elided ("very_long…name ×4"), in legends, axes,
// titles and tooltips alike: 100 KB names took a minute and 10 GB to lay out.
inline constexpr qsizetype kMaxShownNameLength = 40;

// `name` as charts draw it: at most `maxLength` characters, the start and the end kept.
QString elidedName(const QString& name, qsizetype maxLength = kMaxShownNameLength);

// A measured point as the session and the results table know it: its run's id and its place
// in that run's points. What a chart element stands for when it is clicked or highlighted.
struct PointId {
  int runId = 0;
  std::size_t index = 0;
  friend auto operator<=>(const PointId&, const PointId&) = default;
};

// An ok point of a shown run that has samples to draw. Its row was built over the point's
// whole run: a speedup is always over the baseline of the same run. Values that are not
// finite and positive (a speedup that overflowed, a rate over a median of 0) are 0 or empty
// here, so no chart puts them on an axis.
struct ChartPoint {
  std::size_t run = 0;       // index into ChartInput::runs
  std::size_t position = 0;  // index into the run's points
  PointResult result;
  ReportRow row;
  QString label;  // ChartInput::labelOf(variant, threads, ranks)
  // For variants in ChartInput::threadedVariants: the engine's speedup over the same
  // variant's 1-thread point of the problem and run.
  std::optional<double> threadSpeedup;
};

// A point of a shown run with no number to draw: charts leave it out and say so in a note.
struct ChartGap {
  std::size_t run = 0;
  std::string group;
  std::uint64_t size = 0;  // of the group's problem: where a line would have passed
  QString label;
  QString why;  // "cancelled", "skipped: no CUDA device", "not measured"
};

// The points of one variant label in one run, as a line chart draws them.
struct LabelLine {
  QString label;
  std::size_t run = 0;
  std::vector<const ChartPoint*> points;
};

struct ChartInput {
  std::string kernel;               // as in the session; kernelName() is what titles show
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
  // more than one, else "loop"; "mpi ×1 on 4 ranks" for a point of several ranks. Not elided:
  // labels tell variants apart.
  QString labelOf(const std::string& variant, int threads, int ranks = 1) const;
  QString kernelName() const;              // elided
  QString runName(std::size_t run) const;  // "run 2"
  // "run 2", "runs 1, 2": for titles.
  QString runsName() const;
  // Rows name their group "kernel problem"; within one kernel's charts the problem says it all.
  QString groupLabel(const std::string& group) const;
  // What a legend calls a variant in a run: "loop · run 2" when several runs are shown, else
  // "loop". Elided, as every name below.
  QString seriesName(const QString& label, std::size_t run) const;
  // The same for an axis category: the run on a line of its own ("vectorized<br>run 2"), as
  // one line of both is too long to stand upright and, turned, was cut to "vectorized · r…".
  QString categoryName(const QString& label, std::size_t run) const;
  // One drawn element, for tooltips and tests: "loop · run 2 · 64x256x256 f64".
  QString elementName(const ChartPoint& point) const;
  // The first lines of every tooltip: the element's name, then its variant, threads, problem
  // and run, and its median ± MAD with the number of samples.
  QString describe(const ChartPoint& point) const;
  PointId idOf(const ChartPoint& point) const { return {runs.at(point.run).id, point.position}; }
  // The notes under a chart's title: `gaps` by run and problem, a few lines at most.
  QStringList notesOf(const std::vector<ChartGap>& gaps) const;
  // A gap where `point` was measured but its chart has no number for it.
  ChartGap gapAt(const ChartPoint& point, const QString& why) const;
  // `points` a line per variant label and run, in the order of the labels' colours and then
  // of the runs; within a line, in the order given.
  std::vector<LabelLine> linesOf(const std::vector<const ChartPoint*>& points) const;
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
