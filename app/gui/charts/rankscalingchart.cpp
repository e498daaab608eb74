#include "charts/rankscalingchart.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <iterator>
#include <set>

#include "accellab/format.h"
#include "charts/chartstyle.h"

namespace accellab::gui {

namespace {

// One engine line of one shown run.
struct Line {
  std::size_t run;
  const RankScalingLine* line;
  std::vector<const RankScalingPoint*> points;
};

// What the y axis shows of a point: the speedup (strong) or the efficiency in % (weak).
double shownValue(double efficiency, int ranks, Scaling scaling) {
  return scaling == Scaling::strong ? efficiency * ranks : efficiency * 100;
}

QPen rangePen(const QColor& colour) {
  QPen pen(colour.lighter(150));
  pen.setWidthF(7);
  pen.setCapStyle(Qt::FlatCap);
  return pen;
}

const ChartPoint* drawnPoint(const ChartInput& input, std::size_t run, std::size_t index) {
  const auto found = std::ranges::find_if(
      input.points, [&](const ChartPoint& p) { return p.run == run && p.position == index; });
  return found == input.points.end() ? nullptr : &*found;
}

}  // namespace

void RankScalingChart::build(const ChartInput& input) {
  // Strong and weak scaling draw different quantities: the latest run with lines decides,
  // and runs of the other kind are named in the notes.
  std::optional<Scaling> scaling;
  for (const ChartRun& run : input.runs)
    if (!run.rankScaling.empty()) scaling = run.scaling;
  if (!scaling) {
    showEmpty(
        withKernel(tr("Rank scaling"), input),
        tr("Open a session of a distributed variant measured at several rank counts: "
           "mpirun -np 4 accellab-cli run --kernel pi --variants mpi --ranks 1 2 4 --out FILE"));
    return;
  }
  const bool strong = *scaling == Scaling::strong;
  const QString title = withKernel(strong ? tr("Rank scaling, strong (fixed total problem)")
                                          : tr("Rank scaling, weak (fixed problem per rank)"),
                                   input);
  std::vector<Line> lines;
  QStringList otherScaling;
  for (std::size_t r = 0; r < input.runs.size(); ++r) {
    const ChartRun& run = input.runs[r];
    if (run.rankScaling.empty()) continue;
    if (run.scaling != *scaling) {
      otherScaling << input.runName(r);
      continue;
    }
    for (const RankScalingLine& line : run.rankScaling) {
      Line& shown = lines.emplace_back(Line{r, &line, {}});
      for (const RankScalingPoint& point : line.points) shown.points.push_back(&point);
    }
  }
  limitLines(lines);
  // A rank count without a value is a gap in its line, named under the title with the reason
  // the run recorded.
  std::vector<ChartGap> gaps;
  for (const Line& line : lines) {
    for (const RankScalingPoint* point : line.points) {
      if (point->efficiency) continue;
      const QString label = input.labelOf(line.line->variant, line.line->threads, point->ranks);
      const auto known = std::ranges::find_if(input.gaps, [&](const ChartGap& gap) {
        return gap.run == line.run && gap.group == point->group && gap.label == label;
      });
      gaps.push_back(known != input.gaps.end() ? *known
                                               : ChartGap{line.run, point->group, 0, label,
                                                          tr("no 1-rank time to compare with")});
    }
  }
  QStringList notes = input.notesOf(gaps);
  if (!otherScaling.isEmpty())
    notes << tr("Not drawn: %1, measured with the other scaling")
                 .arg(otherScaling.join(QStringLiteral(", ")));
  showLineSamplesInLegend();
  setChartTitle(title, notes);

  int maxRanks = 2;
  double maxValue = strong ? 1 : 100;
  for (const Line& line : lines) {
    for (const RankScalingPoint* p : line.points) {
      maxRanks = std::max(maxRanks, p->ranks);
      if (p->efficiency) {
        const double fastest = p->efficiencyFastestRank.value_or(*p->efficiency);
        maxValue = std::max(maxValue, shownValue(fastest, p->ranks, *scaling));
      }
    }
  }
  // Half a rank of room on either side, so the first and last points and their labels show.
  auto* x = addValueAxis(Qt::AlignBottom, tr("MPI ranks"), 0.5, maxRanks + 0.5);
  x->setLabelFormat(QStringLiteral("%d"));
  x->setTickType(QValueAxis::TicksDynamic);
  x->setTickAnchor(1);
  x->setTickInterval(std::max(1, maxRanks / 16));
  x->setRange(0.5, maxRanks + 0.5);
  // Room above the highest point for its label.
  auto* y = strong ? addValueAxis(Qt::AlignLeft, tr("speedup over 1 rank (\u00d7)"), 0,
                                  std::max<double>(maxRanks, maxValue) * 1.15)
                   : addValueAxis(Qt::AlignLeft, tr("parallel efficiency, t(1 rank) / t(N) (%)"), 0,
                                  std::max(110.0, maxValue * 1.1));
  y->setLabelFormat(strong ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));

  bool ranged = false;
  std::set<std::string> groups;
  for (const Line& line : lines) groups.insert(line.line->group);
  for (const Line& line : lines) {
    QString name = elidedName(input.labelOf(line.line->variant, line.line->threads));
    if (groups.size() > 1) name += QStringLiteral(", %1").arg(input.groupLabel(line.line->group));
    const QColor colour = variantColour(input, line.line->variant);
    const Qt::PenStyle dash = runDash(input, line.run);
    const auto shape =
        static_cast<std::size_t>(std::distance(groups.begin(), groups.find(line.line->group)));
    // A gap splits the line: each stretch of measured rank counts is a series of its own,
    // the first one in the legend.
    QLineSeries* series = nullptr;
    QStringList toolTips;
    const auto finish = [&] {
      if (!series) return;
      showToolTips(series, toolTips);
      if (series->name().isEmpty()) hideFromLegend(series);
      series = nullptr;
      toolTips.clear();
    };
    bool named = false;
    for (const RankScalingPoint* p : line.points) {
      if (!p->efficiency) {
        finish();
        continue;
      }
      if (!series) {
        series = new QLineSeries;
        if (!named) series->setName(input.seriesName(name, line.run));
        named = true;
        addSeries(series);
        styleLine(series, colour, dash);
        setMarkerShape(series, shape, colour);
      }
      const double value = shownValue(*p->efficiency, p->ranks, *scaling);
      series->append(p->ranks, value);
      const ChartPoint* drawn = drawnPoint(input, line.run, p->index);
      QString toolTip = drawn ? input.describe(*drawn) + QLatin1Char('\n') : QString();
      toolTip += (p->ranks == 1 ? tr("1 rank: speedup %2 over 1 rank, parallel efficiency %3")
                                : tr("%1 ranks: speedup %2 over 1 rank, parallel efficiency %3"))
                     .arg(p->ranks)
                     .arg(formatted(*p->speedup, ValueKind::ratio),
                          formatted(*p->efficiency, ValueKind::percentage));
      if (drawn && !drawn->result.rankMediansS.empty()) {
        QStringList medians;
        const std::vector<double>& each = drawn->result.rankMediansS;
        constexpr std::size_t kMaxListed = 16;
        for (std::size_t rank = 0; rank < each.size() && rank < kMaxListed; ++rank)
          medians << tr("rank %1: %2").arg(rank).arg(formatted(each[rank], ValueKind::duration));
        if (each.size() > kMaxListed) medians << QStringLiteral("\u2026");
        toolTip += QLatin1Char('\n') +
                   tr("each rank's median: %1").arg(medians.join(QStringLiteral(", ")));
      }
      if (drawn && drawn->result.flags.any())
        toolTip += QLatin1Char('\n') + flagNote(input, *drawn);
      toolTips << toolTip;
      addElement({input.runs[line.run].id, p->index}, series, series->count() - 1,
                 drawn && drawn->result.flags.any());
      // Above the point and its ranks' range.
      const double top =
          shownValue(p->efficiencyFastestRank.value_or(*p->efficiency), p->ranks, *scaling);
      addValueLabel(series, {double(p->ranks), std::max(value, top)},
                    formatted(*p->efficiency, ValueKind::percentage), false, colour);
      if (p->efficiencyFastestRank && p->efficiencySlowestRank) {
        // From the slowest rank's own time to the fastest's: the imbalance of the point.
        auto* range = new QLineSeries;
        addSeries(range);
        range->append(p->ranks, shownValue(*p->efficiencySlowestRank, p->ranks, *scaling));
        range->append(p->ranks, shownValue(*p->efficiencyFastestRank, p->ranks, *scaling));
        range->setPen(rangePen(colour));
        hideFromLegend(range);
        showToolTips(range, QStringList(2, toolTip));
        ranged = true;
      }
    }
    finish();
  }

  if (ranged) {
    // A line without points: its legend entry draws the range's stroke.
    auto* entry = new QLineSeries;
    entry->setName(tr("fastest to slowest rank"));
    addSeries(entry);
    entry->setPen(rangePen(QColor(0x60, 0x60, 0x60)));
  }
  auto* ideal = new QLineSeries;
  ideal->setName(strong ? tr("ideal (speedup = ranks)") : tr("ideal (100 %)"));
  ideal->append(1, strong ? 1 : 100);
  ideal->append(maxRanks, strong ? maxRanks : 100);
  addReferenceLine(ideal, Qt::gray);
}

}  // namespace accellab::gui
