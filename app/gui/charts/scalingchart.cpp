#include "charts/scalingchart.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <map>
#include <set>

#include "charts/chartstyle.h"

namespace accellab::gui {

namespace {

// Variants measured with more than one thread count in some problem of some run.
std::vector<std::string> scaledVariants(const ChartInput& input) {
  std::map<std::tuple<std::size_t, std::string, std::string>, std::set<int>> threads;
  std::vector<std::string> variants;
  for (const ChartPoint& p : input.points) {
    auto& counts = threads[{p.run, p.row.group, p.row.variant}];
    counts.insert(p.row.threads);
    if (counts.size() == 2 && std::ranges::find(variants, p.row.variant) == variants.end())
      variants.push_back(p.row.variant);
  }
  return variants;
}

// Several problems of one variant: lighter for the smaller ones, in the variant's colour.
QColor problemShade(const QColor& colour, std::size_t group, std::size_t groups) {
  if (groups < 2) return colour;
  return colour.lighter(150 - static_cast<int>(100 * group / (groups - 1)));
}

}  // namespace

void ScalingChart::build(const ChartInput& input) {
  const QString title = withKernel(tr("Thread scaling"), input);
  const auto variants = scaledVariants(input);
  if (variants.empty()) {
    showEmpty(title, tr("Choose the sweep mode \u201cthreads 1\u2026N\u201d to see scaling."));
    return;
  }
  showLineSamplesInLegend();
  setChartTitle(title, input.notesOf(input.gaps));
  struct Line {
    QLineSeries* series;
    QColor colour;
    Qt::PenStyle dash;
    QStringList toolTips;
  };
  std::vector<Line> lines;
  int maxThreads = 1;
  double maxSpeedup = 1;
  for (std::size_t run = 0; run < input.runs.size(); ++run) {
    // Each run's points are scaled over that run's own 1-thread point.
    std::vector<PointResult> points;
    std::vector<const ChartPoint*> sources;
    for (const ChartPoint& p : input.points) {
      if (p.run != run) continue;
      points.push_back(p.result);
      sources.push_back(&p);
    }
    for (const std::string& variant : variants) {
      // The engine's speedup with this variant as the baseline is its speedup over its own
      // 1-thread point.
      const auto rows = buildReportRows(points, input.runs[run].ceilings,
                                        {variant, input.report.gpuTime}, input.runs[run].id);
      for (std::size_t g = 0; g < input.groups.size(); ++g) {
        const std::string& group = input.groups[g];
        QString name = QString::fromStdString(variant);
        if (input.groups.size() > 1) name += QStringLiteral(", %1").arg(input.groupLabel(group));
        auto* series = new QLineSeries;
        series->setName(input.seriesName(name, run));
        std::vector<std::size_t> ofLine;
        for (std::size_t i = 0; i < rows.size(); ++i)
          if (rows[i].group == group && rows[i].variant == variant && rows[i].speedup)
            ofLine.push_back(i);
        std::ranges::sort(ofLine, {}, [&](std::size_t i) { return rows[i].threads; });
        QStringList toolTips;
        for (const std::size_t i : ofLine) {
          series->append(rows[i].threads, *rows[i].speedup);
          maxThreads = std::max(maxThreads, rows[i].threads);
          maxSpeedup = std::max(maxSpeedup, *rows[i].speedup);
          const ChartPoint& source = *sources[i];
          QString toolTip =
              tr("%1\n%2 over 1 thread in %3")
                  .arg(input.elementName(source), formatted(*rows[i].speedup, ValueKind::ratio),
                       input.runName(run));
          if (source.result.flags.any()) {
            markFlagged(series, series->count() - 1);
            toolTip += QLatin1Char('\n') + flagNote(input, source);
          }
          toolTips << toolTip;
        }
        if (series->count() < 2) {
          delete series;
          continue;
        }
        series->setPointsVisible(true);
        const QColor colour =
            problemShade(variantColour(input, input.labelOf(variant, 1)), g, input.groups.size());
        lines.push_back({series, colour, runDash(input, run), toolTips});
      }
    }
  }
  auto* x = addValueAxis(Qt::AlignBottom, tr("threads"), 1, maxThreads);
  x->setLabelFormat(QStringLiteral("%d"));
  if (maxThreads <= 16) {
    x->setRange(1, maxThreads);
    x->setTickCount(maxThreads);
  }
  auto* y = addValueAxis(Qt::AlignLeft, tr("speedup over 1 thread (\u00d7)"), 0,
                         std::max<double>(maxThreads, maxSpeedup) * 1.1);
  y->setLabelFormat(QStringLiteral("%.1f"));
  for (const Line& line : lines) {
    addSeries(line.series);
    styleLine(line.series, line.colour, line.dash);
    showToolTips(line.series, line.toolTips);
  }

  auto* ideal = new QLineSeries;
  ideal->setName(tr("ideal (linear)"));
  ideal->append(1, 1);
  ideal->append(maxThreads, maxThreads);
  addReferenceLine(ideal, Qt::gray);
}

}  // namespace accellab::gui
