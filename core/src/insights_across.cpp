// The findings across runs: each later run against the first, as `compare` judges their
// common points (compare.h), so that the window's and the CLI's findings of several runs say
// what changed between them, not only what each says alone.
#include <cmath>
#include <map>
#include <optional>

#include "accellab/insights.h"

namespace accellab {
namespace {

// The index in `run` of the point a comparison row's new side measured: compare matches
// points whatever their seed, and across thread counts when it must.
std::optional<std::size_t> newIndex(const Run& run, const ComparisonRow& row) {
  for (std::size_t i = 0; i < run.points.size(); ++i) {
    const Point& point = run.points[i].point;
    Params params = point.params;
    params.seed = row.point.params.seed;
    if (point.kernel == row.point.kernel && point.variant == row.point.variant &&
        point.ranks == row.point.ranks && point.threads == row.newSide->threads &&
        params == row.point.params)
      return i;
  }
  return std::nullopt;
}

// One kernel's rows of a comparison: how many of each verdict, and the largest significant
// change (by the size of its log ratio, so 0.5x and 2x weigh alike).
struct KernelChange {
  std::map<Verdict, double> counts;
  const ComparisonRow* largest = nullptr;

  void add(const ComparisonRow& row) {
    if (!row.ratio) return;  // not measured in both
    counts[row.verdict] += 1;
    if (row.verdict != Verdict::faster && row.verdict != Verdict::slower) return;
    if (!largest || std::abs(std::log(*row.ratio)) > std::abs(std::log(*largest->ratio)))
      largest = &row;
  }
};

}  // namespace

std::vector<Insight> findInsightsAcross(const std::vector<const Run*>& runs,
                                        const CompareOptions& options) {
  std::vector<Insight> insights;
  if (runs.size() < 2) return insights;
  const Run& base = *runs.front();
  for (std::size_t r = 1; r < runs.size(); ++r) {
    const Run& next = *runs[r];
    const Comparison comparison = compareRuns(base, next, options);
    std::vector<std::string> kernels;  // in the order the comparison meets them
    std::map<std::string, KernelChange> changes;
    for (const ComparisonRow& row : comparison.rows) {
      if (!changes.contains(row.point.kernel)) kernels.push_back(row.point.kernel);
      changes[row.point.kernel].add(row);
    }
    for (const std::string& kernel : kernels) {
      KernelChange& change = changes[kernel];
      if (change.counts.empty()) continue;
      Insight insight;
      insight.kind = InsightKind::runChange;
      insight.kernel = kernel;
      insight.chart = "time";
      insight.numbers = {{"baseRun", base.id},
                         {"newRun", next.id},
                         {"faster", change.counts[Verdict::faster]},
                         {"slower", change.counts[Verdict::slower]},
                         {"unchanged", change.counts[Verdict::unchanged]},
                         {"alpha", options.alpha},
                         {"threshold", options.threshold}};
      if (const ComparisonRow* largest = change.largest) {
        insight.variant = largest->point.variant;
        insight.problem = describe(largest->point.params);
        insight.threads = largest->newSide->threads;
        insight.numbers["ratio"] = *largest->ratio;
        insight.numbers["pValue"] = largest->pValue.value_or(1);
        if (const auto index = newIndex(next, *largest)) insight.rows = {*index};
        insight.restsOnFlagged = largest->baseSide->flags.unstable ||
                                 largest->baseSide->flags.cutShort ||
                                 largest->newSide->flags.unstable || largest->newSide->flags.cutShort;
      }
      insights.push_back(std::move(insight));
    }
  }
  return insights;
}

}  // namespace accellab
