#include "charts/scalingchart.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <map>
#include <set>

namespace accellab::gui {

namespace {

// Variants measured with more than one thread count in some problem.
std::vector<std::string> scaledVariants(const ChartInput& input) {
  std::map<std::pair<std::string, std::string>, std::set<int>> threads;
  std::vector<std::string> variants;
  for (std::size_t i = 0; i < input.points.size(); ++i) {
    const Point& point = input.points[i].point;
    auto& counts = threads[{input.rows[i].group, point.variant}];
    counts.insert(point.threads);
    if (counts.size() == 2 &&
        std::find(variants.begin(), variants.end(), point.variant) == variants.end())
      variants.push_back(point.variant);
  }
  return variants;
}

}  // namespace

void ScalingChart::build(const ChartInput& input) {
  const QString title = withKernel(tr("Thread scaling"), input);
  const auto variants = scaledVariants(input);
  if (variants.empty()) {
    showEmpty(title, tr("Choose the sweep mode \u201cthreads 1\u2026N\u201d to see scaling."));
    return;
  }
  chart()->setTitle(title);
  std::vector<QLineSeries*> lines;
  int maxThreads = 1;
  double maxSpeedup = 1;
  for (const std::string& variant : variants) {
    // The engine's speedup with this variant as the baseline is its speedup over its own
    // 1-thread point.
    const auto rows =
        buildReportRows(input.points, input.ceilings, {variant, input.report.gpuTime});
    for (const std::string& group : input.groups) {
      auto* line = new QLineSeries;
      line->setName(input.groups.size() == 1
                        ? QString::fromStdString(variant)
                        : QStringLiteral("%1, %2").arg(QString::fromStdString(variant),
                                                       input.groupLabel(group)));
      QList<QPointF> points;
      for (const ReportRow& row : rows) {
        if (row.group != group || row.variant != variant || !row.speedup) continue;
        points.append(QPointF(row.threads, *row.speedup));
        maxThreads = std::max(maxThreads, row.threads);
        maxSpeedup = std::max(maxSpeedup, *row.speedup);
      }
      std::sort(points.begin(), points.end(),
                [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
      line->replace(points);
      if (line->count() < 2) {
        delete line;
        continue;
      }
      line->setPointsVisible(true);
      lines.push_back(line);
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
  for (QLineSeries* line : lines) {
    addSeries(line);
    thickenLine(line);
  }

  auto* ideal = new QLineSeries;
  ideal->setName(tr("ideal (linear)"));
  ideal->append(1, 1);
  ideal->append(maxThreads, maxThreads);
  addReferenceLine(ideal, Qt::gray);
}

}  // namespace accellab::gui
