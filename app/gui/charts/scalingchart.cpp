#include "charts/scalingchart.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "accellab/amdahl.h"
#include "accellab/format.h"
#include "charts/chartstyle.h"

namespace accellab::gui {

namespace {

// The points of one variant in one problem and run, by thread count.
struct Line {
  std::size_t run;
  std::string variant;
  std::size_t group;  // index into ChartInput::groups
  std::vector<const ChartPoint*> points;
};

// The lines with two points or more, by run, variant (in order of first appearance) and
// problem (smallest first).
std::vector<Line> linesOf(const ChartInput& input) {
  std::map<std::string, std::size_t> groupIndex;
  for (std::size_t g = 0; g < input.groups.size(); ++g) groupIndex.emplace(input.groups[g], g);
  std::map<std::tuple<std::size_t, std::size_t, std::size_t>, Line> byKey;
  for (const ChartPoint& p : input.points) {
    if (!p.threadSpeedup) continue;
    const auto variant = static_cast<std::size_t>(
        std::ranges::find(input.threadedVariants, p.row.variant) - input.threadedVariants.begin());
    const std::size_t group = groupIndex.at(p.row.group);
    auto& line = byKey.try_emplace({p.run, variant, group}, Line{p.run, p.row.variant, group, {}})
                     .first->second;
    line.points.push_back(&p);
  }
  std::vector<Line> lines;
  for (auto& [key, line] : byKey) {
    if (line.points.size() < 2) continue;
    std::ranges::stable_sort(line.points, {}, [](const ChartPoint* p) { return p->row.threads; });
    lines.push_back(std::move(line));
  }
  return lines;
}

// The engine's fit of the line's variant on its problem in its run, if it has one.
const AmdahlFit* fitOf(const ChartInput& input, const Line& line) {
  const auto& fits = input.runs[line.run].scalingFits;
  const auto found = std::ranges::find_if(fits, [&](const ScalingFit& f) {
    return f.variant == line.variant && f.group == input.groups[line.group];
  });
  return found == fits.end() ? nullptr : &found->fit;
}

}  // namespace

void ScalingChart::build(const ChartInput& input) {
  const QString title = withKernel(tr("Thread scaling"), input);
  std::vector<Line> lines = linesOf(input);
  if (lines.empty()) {
    showEmpty(title, tr("Choose the sweep mode \u201cthreads 1\u2026N\u201d to see scaling."));
    return;
  }
  // A fitted line draws its Amdahl curve too: both count against kMaxLines.
  const auto fitted = static_cast<std::size_t>(std::ranges::count_if(
      lines, [&](const Line& line) { return fitOf(input, line) != nullptr; }));
  if (lines.size() + fitted > kMaxLines && lines.size() > kMaxLines / 2) {
    noteLimit(Limited::lines, kMaxLines / 2, lines.size());
    lines.resize(kMaxLines / 2);
  }
  limitLines(lines);
  showLineSamplesInLegend();
  setChartTitle(title, input.notesOf(input.gaps));
  // Points sit at the threads they ran on: a library's own threads move a point to the cores
  // it kept busy (threadsUsed), so the axis may reach past the largest count asked for.
  double maxUsed = 1;
  double maxSpeedup = 1;
  for (const Line& line : lines) {
    for (const ChartPoint* p : line.points) {
      maxUsed = std::max(maxUsed, threadsUsed(p->row));
      maxSpeedup = std::max(maxSpeedup, *p->threadSpeedup);
    }
  }
  const int maxThreads = static_cast<int>(std::ceil(maxUsed));
  auto* x = addValueAxis(Qt::AlignBottom, tr("threads (cores used where more)"), 1, maxThreads);
  x->setLabelFormat(QStringLiteral("%d"));
  if (maxThreads <= 16) {
    x->setRange(1, maxThreads);
    x->setTickCount(maxThreads);
  }
  auto* y = addValueAxis(Qt::AlignLeft, tr("speedup over 1 thread (\u00d7)"), 0,
                         std::max<double>(maxThreads, maxSpeedup) * 1.1);
  y->setLabelFormat(QStringLiteral("%.1f"));
  for (const Line& line : lines) {
    QString name = elidedName(QString::fromStdString(line.variant));
    if (input.groups.size() > 1)
      name += QStringLiteral(", %1").arg(input.groupLabel(input.groups[line.group]));
    auto* series = new QLineSeries;
    series->setName(input.seriesName(name, line.run));
    QStringList toolTips;
    for (const ChartPoint* p : line.points) {
      series->append(threadsUsed(p->row), *p->threadSpeedup);
      QString toolTip = tr("%1\n%2 over 1 thread in %3")
                            .arg(input.describe(*p), formatted(*p->threadSpeedup, ValueKind::ratio),
                                 input.runName(line.run));
      if (p->result.flags.any()) toolTip += QLatin1Char('\n') + flagNote(input, *p);
      addElement(input.idOf(*p), series, series->count() - 1, p->result.flags.any());
      toolTips << toolTip;
    }
    addSeries(series);
    // The variant's colour; its problems told apart by marker shape, its runs by dash.
    const QColor colour = variantColour(input, line.variant);
    styleLine(series, colour, runDash(input, line.run));
    setMarkerShape(series, line.group, colour);
    if (input.runs.size() > 1) shareLegendEntries(series, name, input.runName(line.run));
    showToolTips(series, toolTips);
    if (const AmdahlFit* fit = fitOf(input, line))
      addAmdahlCurve(*fit, name, line.run, colour, maxThreads, input);
  }
  addSharedRunEntries();

  auto* ideal = new QLineSeries;
  ideal->setName(tr("ideal (linear)"));
  ideal->append(1, 1);
  ideal->append(maxThreads, maxThreads);
  addReferenceLine(ideal, Qt::gray);
}

void ScalingChart::addAmdahlCurve(const AmdahlFit& fit, const QString& name, std::size_t run,
                                  const QColor& colour, int maxThreads, const ChartInput& input) {
  // Smooth enough at any width: the curve bends most near 1 thread.
  constexpr int kSteps = 64;
  auto* curve = new QLineSeries;
  // With runs overlaid, the run too: two fits of one fraction are two entries to hide apart.
  curve->setName(input.seriesName(tr("Amdahl fit: serial fraction %1")
                                      .arg(formatted(fit.serialFraction, ValueKind::percentage)),
                                  run));
  for (int i = 0; i <= kSteps; ++i) {
    const double threads = 1 + (maxThreads - 1) * double(i) / kSteps;
    curve->append(threads, fit.speedupAt(threads));
  }
  addSeries(curve);
  QPen pen(colour);
  pen.setStyle(Qt::DashLine);
  pen.setWidthF(1.5);
  curve->setPen(pen);
  const QString toolTip =
      tr("Amdahl's law fitted to the median times of %1 in %2:\nserial fraction %3, 1-thread time "
         "%4, R\u00b2 %5, RMS error %6\nspeedup at most %7")
          .arg(name, input.runName(run), formatted(fit.serialFraction, ValueKind::percentage),
               formatted(fit.oneThreadS, ValueKind::duration),
               QString::number(fit.rSquared, 'f', 3),
               formatted(fit.rmsRelativeError, ValueKind::percentage),
               fit.serialFraction > 0 ? formatted(1 / fit.serialFraction, ValueKind::ratio)
                                      : tr("unbounded"));
  showToolTips(curve, QStringList(curve->count(), toolTip));
  if (input.runs.size() < 2) return;
  // One entry for every fit, which hides them; each hides with its line's variant and run.
  const QString fits = tr("Amdahl fits (hover for the serial fraction)");
  shareLegendEntries(curve, {name, input.runName(run), fits});
  pen.setColor(QColor(0x80, 0x80, 0x80));
  addLegendLine(fits, pen);
}

}  // namespace accellab::gui
