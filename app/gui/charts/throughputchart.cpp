#include "charts/throughputchart.h"

#include <QChart>
#include <QColor>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include "accellab/format.h"
#include "charts/chartstyle.h"

namespace accellab::gui {

namespace {

// A bandwidth ceiling of where points of a shown run ran.
struct Ceiling {
  double bytesPerS;
  QString name;  // "host copy ceiling 12.3 GB/s"
  QColor colour;
};

std::vector<Ceiling> ceilingsOf(const ChartInput& input) {
  struct Found {
    double bytesPerS;
    bool onGpu;
    std::size_t run;
  };
  std::vector<Found> found;
  for (std::size_t run = 0; run < input.runs.size(); ++run) {
    for (const bool onGpu : {false, true}) {
      const double bytesPerS =
          onGpu ? input.runs[run].ceilings.deviceBytesPerS : input.runs[run].ceilings.hostBytesPerS;
      const bool used = std::ranges::any_of(input.points, [&](const ChartPoint& p) {
        return p.run == run && p.result.gpu.has_value() == onGpu;
      });
      // Runs on one machine share their ceilings.
      const bool known = std::ranges::any_of(
          found, [&](const Found& f) { return f.onGpu == onGpu && f.bytesPerS == bytesPerS; });
      if (used && bytesPerS > 0 && !known) found.push_back({bytesPerS, onGpu, run});
    }
  }
  std::vector<Ceiling> ceilings;
  for (const Found& f : found) {
    QString name =
        (f.onGpu ? ChartView::tr("GPU copy ceiling %1") : ChartView::tr("host copy ceiling %1"))
            .arg(formatted(f.bytesPerS, ValueKind::byteRate));
    // Ceilings of several machines say whose each is.
    if (std::ranges::count(found, f.onGpu, &Found::onGpu) > 1)
      name += QStringLiteral(" \u00b7 %1").arg(input.runName(f.run));
    ceilings.push_back({f.bytesPerS, name, f.onGpu ? QColor(0x8e, 0x44, 0xad) : QColor(Qt::red)});
  }
  return ceilings;
}

// Kernels that move memory are read in bytes per second against the bandwidth ceiling;
// sampling kernels in samples per second.
bool movesMemory(const ChartInput& input) {
  return std::ranges::any_of(input.points, [](const ChartPoint& p) { return p.row.bytes > 0; });
}

// "L1 48 KiB": a cache's size in the unit that divides it, as caches are sized.
QString cacheName(const CacheInfo& cache) {
  constexpr std::uint64_t kKiB = 1024;
  const QString level = QStringLiteral("L%1").arg(cache.level);
  if (cache.sizeBytes % (kKiB * kKiB) == 0)
    return ChartView::tr("%1 %2 MiB").arg(level).arg(cache.sizeBytes / (kKiB * kKiB));
  if (cache.sizeBytes % kKiB == 0)
    return ChartView::tr("%1 %2 KiB").arg(level).arg(cache.sizeBytes / kKiB);
  return QStringLiteral("%1 %2").arg(level, formatted(double(cache.sizeBytes), ValueKind::bytes));
}

// The data caches of the shown runs' machines, each size once per level, smallest first.
std::vector<CacheInfo> dataCachesOf(const ChartInput& input) {
  std::vector<CacheInfo> caches;
  for (const ChartRun& run : input.runs)
    for (const CacheInfo& cache : run.caches)
      if (holdsData(cache) && std::ranges::none_of(caches, [&](const CacheInfo& c) {
            return c.level == cache.level && c.sizeBytes == cache.sizeBytes;
          }))
        caches.push_back(cache);
  std::ranges::sort(caches, {}, [](const CacheInfo& c) { return std::pair(c.sizeBytes, c.level); });
  return caches;
}

// Bytes per run over the x axis' unit (an element) of the drawn points, when they share it:
// where a point's working set fills a cache. None when their ratios differ (f32 beside f64).
std::optional<double> bytesPerElement(const std::vector<const ChartPoint*>& points) {
  std::optional<double> ratio;
  for (const ChartPoint* p : points) {
    const double own = static_cast<double>(p->row.bytes) / static_cast<double>(p->row.size);
    if (!ratio) ratio = own;
    // Counts rounded per point may differ a little.
    if (std::abs(own - *ratio) > 0.01 * *ratio) return std::nullopt;
  }
  return ratio;
}

}  // namespace

QString ThroughputChart::tabTitleFor(const ChartInput& input) const {
  return movesMemory(input) ? tr("Bandwidth") : tabTitle();
}

QString ThroughputChart::exportStemFor(const ChartInput& input) const {
  return movesMemory(input) ? QStringLiteral("bandwidth") : fileStem();
}

void ThroughputChart::build(const ChartInput& input) {
  const bool movesMemory = gui::movesMemory(input);
  const QString title =
      withKernel(movesMemory ? tr("Bandwidth against size") : tr("Throughput against size"), input);
  const auto rateOf = [movesMemory](const ChartPoint& p) {
    return movesMemory ? p.row.bytesPerS : p.row.elementsPerS;
  };
  // Log axes: nothing at 0.
  const auto drawn = [&](const ChartPoint& p) { return rateOf(p) > 0 && p.row.size > 0; };
  std::vector<ChartGap> gaps = input.gaps;
  for (const ChartPoint& point : input.points)
    if (!drawn(point)) gaps.push_back(input.gapAt(point, tr("no throughput")));
  if (std::ranges::none_of(input.points, drawn)) {
    showEmpty(title, tr("Run an experiment to see throughput against problem size."),
              input.notesOf(gaps));
    return;
  }
  // A line per variant and run, in the order of the labels' colours, by size.
  std::vector<const ChartPoint*> shown;
  for (const ChartPoint& p : input.points)
    if (drawn(p)) shown.push_back(&p);
  std::vector<LabelLine> lines = input.linesOf(shown);
  for (LabelLine& line : lines)
    std::ranges::stable_sort(line.points, {}, [](const ChartPoint* p) { return p->row.size; });
  limitLines(lines);
  showLineSamplesInLegend();
  std::vector<const ChartPoint*> drawnPoints;
  for (const LabelLine& line : lines)
    drawnPoints.insert(drawnPoints.end(), line.points.begin(), line.points.end());
  const std::vector<CacheInfo> caches =
      movesMemory ? dataCachesOf(input) : std::vector<CacheInfo>{};
  const std::optional<double> cacheScale = bytesPerElement(drawnPoints);
  QStringList notes = input.notesOf(gaps);
  if (!caches.empty() && !cacheScale)
    notes << tr("Cache sizes not drawn: the points move different bytes per element.");
  setChartTitle(title, notes);
  const bool sampling = input.points.front().result.point.params.samples.has_value();
  double xLow = std::numeric_limits<double>::max();
  double xHigh = 0;
  double yLow = std::numeric_limits<double>::max();
  double yHigh = 0;
  for (const LabelLine& line : lines) {
    for (const ChartPoint* p : line.points) {
      xLow = std::min(xLow, static_cast<double>(p->row.size));
      xHigh = std::max(xHigh, static_cast<double>(p->row.size));
      yLow = std::min(yLow, rateOf(*p));
      yHigh = std::max(yHigh, rateOf(*p));
    }
  }
  const std::vector<Ceiling> ceilings = movesMemory ? ceilingsOf(input) : std::vector<Ceiling>{};
  for (const Ceiling& ceiling : ceilings) {
    yLow = std::min(yLow, ceiling.bytesPerS);
    yHigh = std::max(yHigh, ceiling.bytesPerS);
  }
  const AxisUnit unit =
      rateUnit(yHigh, movesMemory ? tr("B/s") : (sampling ? tr("samples/s") : tr("elements/s")));
  const QLogValueAxis* xAxis =
      addLogAxis(Qt::AlignBottom,
                 sampling ? tr("samples per run (log)") : tr("array elements (log)"), xLow, xHigh);
  const QLogValueAxis* yAxis = addLogAxis(
      Qt::AlignLeft,
      (movesMemory ? tr("bandwidth (%1, log)") : tr("throughput (%1, log)")).arg(unit.unit),
      yLow * unit.factor, yHigh * unit.factor);

  // A line breaks where its run has a gap, so that no line passes through a size that was
  // not measured.
  std::map<std::pair<QString, std::size_t>, std::vector<std::uint64_t>> gapSizes;
  for (const ChartGap& gap : gaps) gapSizes[{gap.label, gap.run}].push_back(gap.size);
  for (const LabelLine& line : lines) {
    const std::vector<std::uint64_t>& gapsOfLine = gapSizes[{line.label, line.run}];
    const auto gapBetween = [&](std::uint64_t a, std::uint64_t b) {
      return std::ranges::any_of(gapsOfLine,
                                 [&](std::uint64_t size) { return size > a && size < b; });
    };
    QLineSeries* series = nullptr;
    QStringList toolTips;
    const QColor colour = labelColour(input, line.label);
    const auto finish = [&] {
      if (!series) return;
      addSeries(series);
      styleLine(series, colour, runDash(input, line.run));
      setMarkerShape(series, labelShape(input, line.label), colour);
      if (input.runs.size() > 1)
        shareLegendEntries(series, elidedName(line.label), input.runName(line.run));
      showToolTips(series, toolTips);
      toolTips.clear();
    };
    for (std::size_t i = 0; i < line.points.size(); ++i) {
      if (i == 0 || gapBetween(line.points[i - 1]->row.size, line.points[i]->row.size)) {
        finish();
        series = new QLineSeries;
        series->setName(input.seriesName(line.label, line.run));
      }
      const ChartPoint& p = *line.points[i];
      series->append(static_cast<double>(p.row.size), rateOf(p) * unit.factor);
      QString toolTip =
          QStringLiteral("%1\n%2 %3")
              .arg(input.describe(p), movesMemory ? tr("bandwidth") : tr("throughput"),
                   formatted(rateOf(p), movesMemory ? ValueKind::byteRate : ValueKind::rate));
      if (p.result.flags.any()) toolTip += QLatin1Char('\n') + flagNote(input, p);
      addElement(input.idOf(p), series, series->count() - 1, p.result.flags.any());
      toolTips << toolTip;
    }
    finish();
  }
  // Segments after a break share their line's legend entry.
  QSet<QString> named;
  for (QAbstractSeries* series : chart()->series()) {
    if (named.contains(series->name())) hideFromLegend(series);
    named.insert(series->name());
  }
  addSharedRunEntries();
  for (const Ceiling& ceiling : ceilings) {
    auto* line = new QLineSeries;
    line->setName(ceiling.name);
    // Across the whole axis: the ceiling holds for every size.
    line->append(xAxis->min(), ceiling.bytesPerS * unit.factor);
    line->append(xAxis->max(), ceiling.bytesPerS * unit.factor);
    addReferenceLine(line, ceiling.colour);
  }
  if (cacheScale) addCacheLines(caches, *cacheScale, *xAxis, *yAxis);
}

void ThroughputChart::addCacheLines(const std::vector<CacheInfo>& caches, double bytesPerElement,
                                    const QLogValueAxis& xAxis, const QLogValueAxis& yAxis) {
  for (const CacheInfo& cache : caches) {
    const double x = static_cast<double>(cache.sizeBytes) / bytesPerElement;
    if (x < xAxis.min() || x > xAxis.max()) continue;
    auto* line = new QLineSeries;
    line->setName(cacheName(cache));
    line->append(x, yAxis.min());
    line->append(x, yAxis.max());
    QPen pen(Qt::gray);
    pen.setStyle(Qt::DotLine);
    pen.setWidthF(1.5);
    line->setPen(pen);
    addSeries(line);
    hideFromLegend(line);
    // Read bottom to top just right of the line, clear of it: 1 % of the axis' decades.
    const double right = std::pow(xAxis.max() / xAxis.min(), 0.01);
    addValueLabel(line, QPointF(x * right, yAxis.min()), line->name(), true, Qt::gray);
  }
}

}  // namespace accellab::gui
