#include "accellab/rank_scaling.h"

#include <algorithm>
#include <tuple>

#include "report_stream.h"

namespace accellab {

namespace {

// t(1) / t over r ranks: the efficiency of a time (1 is ideal), none without both times.
std::optional<double> efficiencyOf(std::optional<double> oneRankS, double seconds, int ranks,
                                   Scaling scaling) {
  if (!oneRankS || !(seconds > 0)) return std::nullopt;
  const double ratio = *oneRankS / seconds;
  return scaling == Scaling::weak ? ratio : ratio / ranks;
}

// The problem each rank of a weak-scaling point had: its total divided as expandSweep
// multiplied it (samples, and a shape's z, times the ranks).
Point perRankPoint(Point point) {
  const auto ranks = static_cast<std::uint64_t>(point.ranks);
  if (point.params.samples) *point.params.samples /= ranks;
  if (point.params.shape) point.params.shape->z /= ranks;
  return point;
}

void fill(RankScalingLine& line, const Run& run, const std::vector<ReportRow>& rows,
          Scaling scaling) {
  std::ranges::stable_sort(line.points, {}, &RankScalingPoint::ranks);
  // A rank count measured twice keeps its first point. std::unique, not ranges::unique: clang 14
  // cannot instantiate libstdc++ 12's subrange (the fuzz preset builds with it).
  const auto sameRanks = [](const RankScalingPoint& a, const RankScalingPoint& b) {
    return a.ranks == b.ranks;
  };
  line.points.erase(std::unique(line.points.begin(), line.points.end(), sameRanks),
                    line.points.end());
  const auto one = std::ranges::find(line.points, 1, &RankScalingPoint::ranks);
  if (one != line.points.end() && rows[one->index].medianS > 0)
    line.oneRankS = rows[one->index].medianS;
  for (RankScalingPoint& point : line.points) {
    const ReportRow& row = rows[point.index];
    point.efficiency = efficiencyOf(line.oneRankS, row.medianS, point.ranks, scaling);
    if (point.efficiency) point.speedup = *point.efficiency * point.ranks;
    const std::vector<double>& medians = run.points[point.index].rankMediansS;
    if (!point.efficiency || medians.size() < 2) continue;
    const auto [fastest, slowest] = std::ranges::minmax(medians);
    point.efficiencyFastestRank = efficiencyOf(line.oneRankS, fastest, point.ranks, scaling);
    point.efficiencySlowestRank = efficiencyOf(line.oneRankS, slowest, point.ranks, scaling);
  }
}

}  // namespace

Scaling scalingOf(const Run& run) { return run.mpi ? run.mpi->scaling : Scaling::strong; }

std::vector<RankScalingLine> rankScaling(const Run& run, const ReportOptions& options) {
  const std::vector<ReportRow> rows = buildRunRows(run, options);
  const Scaling scaling = scalingOf(run);
  std::vector<RankScalingLine> lines;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ReportRow& row = rows[i];
    const std::string group = scaling == Scaling::weak
                                  ? detail::reportGroup(perRankPoint(run.points[i].point))
                                  : row.group;
    auto line = std::ranges::find_if(lines, [&](const RankScalingLine& l) {
      return std::tie(l.group, l.variant, l.threads) == std::tie(group, row.variant, row.threads);
    });
    if (line == lines.end())
      line = lines.insert(lines.end(), {group, row.kernel, row.variant, row.threads, {}, {}});
    line->points.push_back({i, row.group, row.ranks, {}, {}, {}, {}});
  }
  std::erase_if(lines, [](const RankScalingLine& line) {
    return std::ranges::all_of(line.points, [](const auto& p) { return p.ranks == 1; });
  });
  for (RankScalingLine& line : lines) fill(line, run, rows, scaling);
  return lines;
}

}  // namespace accellab
