#include "charts/rooflinechart.h"

#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "accellab/format.h"
#include "charts/chartstyle.h"
#include "insights/insighttext.h"

namespace accellab::gui {

namespace {

constexpr double kGiga = 1e9;  // the y axis is in GFLOP/s
// Roofs within this factor of each other in height share one label, which would otherwise
// overprint (the x1 and x2 AVX-512 roofs both at 109 GFLOP/s under load).
constexpr double kCloseRoofs = 1.15;

// Where drawn points of a shown run ran, with its roofs: the host, or the GPU of its gpu points.
struct Place {
  std::size_t run = 0;
  bool onGpu = false;
  double bytesPerS = 0;                  // the bandwidth roof's slope; 0 = not measured
  std::vector<ComputeCeiling> ceilings;  // of the dtypes drawn, highest first
  std::vector<CacheRoof> cacheRoofs{};   // the host's caches' roofs (the cache-aware roofline)
  bool sameRoofs(const Place& other) const {
    return onGpu == other.onGpu && bytesPerS == other.bytesPerS && ceilings == other.ceilings &&
           cacheRoofs == other.cacheRoofs;
  }
};

// "L2 roof ×1 113 GB/s"
QString cacheRoofName(const CacheRoof& roof) {
  return RooflineChart::tr("L%1 roof \u00d7%2 %3")
      .arg(roof.level)
      .arg(roof.threads)
      .arg(formatted(roof.bytesPerS, ValueKind::byteRate));
}

// What a point at `intensity` can reach under a compute roof: the bandwidth roof up to the
// ridge, the compute roof after it.
double roofAt(double bytesPerS, double peakFlopsPerS, double intensity) {
  return bytesPerS > 0 ? std::min(bytesPerS * intensity, peakFlopsPerS) : peakFlopsPerS;
}

double intensityOf(const ChartPoint& point) {
  return static_cast<double>(point.result.flops) / static_cast<double>(point.result.bytes);
}

// "32.0 GFLOP/s": the engine's rate with its unit.
QString flopRate(double flopsPerS) {
  QString text = formatted(flopsPerS, ValueKind::rate);  // "32.0 G/s"
  text.chop(2);
  return text + QStringLiteral("FLOP/s");
}

QString bandwidthName(const Place& place) {
  return (place.onGpu ? ChartView::tr("GPU copy ceiling %1")
                      : ChartView::tr("host copy ceiling %1"))
      .arg(formatted(place.bytesPerS, ValueKind::byteRate));
}

// "f64 AVX2 ×2 threads 32.0 GFLOP/s", "f64 scalar 1 thread 4.00 GFLOP/s", "f32 CUDA GPU 0 60.1
// TFLOP/s".
QString roofName(const ComputeCeiling& ceiling) {
  const QString dtype = QString::fromStdString(std::string(toString(ceiling.dtype)));
  const QString isa = elidedName(QString::fromStdString(simdName(ceiling.isa)));
  if (ceiling.gpuIndex >= 0)
    return RooflineChart::tr("%1 %2 GPU %3 %4")
        .arg(dtype, isa)
        .arg(ceiling.gpuIndex)
        .arg(flopRate(ceiling.flopsPerS));
  if (ceiling.threads == 1)
    return RooflineChart::tr("%1 %2 1 thread %3").arg(dtype, isa, flopRate(ceiling.flopsPerS));
  return RooflineChart::tr("%1 %2 \u00d7%3 threads %4")
      .arg(dtype, isa)
      .arg(ceiling.threads)
      .arg(flopRate(ceiling.flopsPerS));
}

// "71.2 % of the roof above it (f64 AVX2 ×2 threads 32.0 GFLOP/s)": the lowest roof of the
// point's dtype at or above it, where it stands at the point's intensity.
QString roofNote(const Place& place, const ChartPoint& point) {
  struct Roof {
    double height;
    QString name;
  };
  const double intensity = intensityOf(point);
  // A problem that fits a cache stands under that level's roof, as the table judges it.
  const auto cache = cacheRoofOf(point.result, place.cacheRoofs);
  const double bytesPerS = cache ? cache->bytesPerS : place.bytesPerS;
  const QString bandwidth = cache ? cacheRoofName(*cache) : bandwidthName(place);
  std::vector<Roof> roofs;
  for (const ComputeCeiling& ceiling : place.ceilings) {
    if (ceiling.dtype != point.result.point.params.dtype) continue;
    const double height = roofAt(bytesPerS, ceiling.flopsPerS, intensity);
    roofs.push_back({height, height < ceiling.flopsPerS ? bandwidth : roofName(ceiling)});
  }
  if (roofs.empty() && bytesPerS > 0) roofs.push_back({bytesPerS * intensity, bandwidth});
  if (roofs.empty()) return RooflineChart::tr("no roof measured");
  const double reached = point.result.flopsPerS;
  const Roof* above = nullptr;
  const Roof* highest = &roofs.front();
  for (const Roof& roof : roofs) {
    if (roof.height >= reached && (!above || roof.height < above->height)) above = &roof;
    if (roof.height > highest->height) highest = &roof;
  }
  if (above)
    return RooflineChart::tr("%1 of the roof above it (%2)")
        .arg(formatted(reached / above->height, ValueKind::percentage), above->name);
  return RooflineChart::tr("above every roof: %1 of the highest (%2)")
      .arg(formatted(reached / highest->height, ValueKind::percentage), highest->name);
}

// What is missing from a place's roofs, for the notes; "" when nothing is.
QString missingRoofs(const ChartInput& input, const Place& place) {
  const QString where =
      (place.onGpu ? RooflineChart::tr("the GPU in %1") : RooflineChart::tr("the host in %1"))
          .arg(input.runName(place.run));
  if (place.ceilings.empty() && place.bytesPerS <= 0)
    return RooflineChart::tr("No roof measured for %1.").arg(where);
  if (place.ceilings.empty())
    return RooflineChart::tr(
               "Compute roofs not measured for %1 (an older session): only the bandwidth roof "
               "is drawn.")
        .arg(where);
  if (place.bytesPerS <= 0)
    return RooflineChart::tr(
               "Bandwidth ceiling not measured for %1: its compute roofs are drawn flat.")
        .arg(where);
  return {};
}

// A roof: a line in the colour of where it holds, `dash` telling dtypes apart.
QPen roofPen(const QColor& colour, Qt::PenStyle dash) {
  QPen pen(colour);
  pen.setStyle(dash);
  pen.setWidthF(2);
  return pen;
}

}  // namespace

void RooflineChart::build(const ChartInput& input) {
  const QString title = withKernel(tr("Roofline"), input);
  std::vector<const ChartPoint*> drawn;
  int noTraffic = 0;
  for (const ChartPoint& p : input.points) {
    if (p.result.flops == 0 || p.result.flopsPerS <= 0) continue;
    if (p.result.bytes > 0)
      drawn.push_back(&p);
    else
      ++noTraffic;
  }
  QStringList notes = input.notesOf(input.gaps);
  // pi draws its samples from registers: FLOPs over no bytes is no intensity at all.
  if (noTraffic > 0)
    notes << tr("%n point(s) moved no memory: no finite arithmetic intensity, not plotted.",
                nullptr, noTraffic);
  if (drawn.empty() && input.points.empty()) {
    // Failed, skipped or cancelled: whether it counts FLOPs is not what is missing.
    showEmpty(title, tr("No point of this kernel was measured: nothing to place under the roofs."),
              notes);
    return;
  }
  if (drawn.empty()) {
    showEmpty(title,
              tr("No point of this kernel counted its floating-point operations: run a kernel "
                 "that counts FLOPs to see it under the machine's roofs."),
              noTraffic > 0 ? notes : QStringList{});
    return;
  }

  // A marker series per variant label and run, in the order of the labels' colours.
  std::vector<LabelLine> lines = input.linesOf(drawn);
  limitLines(lines);

  std::set<DType> dtypes;
  for (const ChartPoint* p : drawn) dtypes.insert(p->result.point.params.dtype);
  // Runs on one machine share their roofs: drawn once.
  std::vector<Place> places;
  std::map<std::pair<std::size_t, bool>, std::size_t> placeOf;
  for (const ChartPoint* p : drawn) {
    const bool onGpu = p->result.gpu.has_value();
    if (placeOf.contains({p->run, onGpu})) continue;
    const ChartRun& run = input.runs[p->run];
    Place place{
        p->run, onGpu, onGpu ? run.ceilings.deviceBytesPerS : run.ceilings.hostBytesPerS, {}};
    if (!onGpu) place.cacheRoofs = run.ceilings.cacheRoofs;
    for (const ComputeCeiling& ceiling : run.computeCeilings)
      if ((ceiling.gpuIndex >= 0) == onGpu && dtypes.contains(ceiling.dtype))
        place.ceilings.push_back(ceiling);
    std::ranges::sort(place.ceilings, std::greater{}, &ComputeCeiling::flopsPerS);
    const auto same =
        std::ranges::find_if(places, [&](const Place& o) { return o.sameRoofs(place); });
    placeOf[{p->run, onGpu}] = static_cast<std::size_t>(same - places.begin());
    if (same == places.end()) places.push_back(std::move(place));
  }
  for (const Place& place : places)
    if (const QString missing = missingRoofs(input, place); !missing.isEmpty()) notes << missing;
  showLineSamplesInLegend();
  setChartTitle(title, notes);

  double xLow = std::numeric_limits<double>::max();
  double xHigh = 0;
  double yLow = std::numeric_limits<double>::max();
  double yHigh = 0;
  for (const ChartPoint* p : drawn) {
    // Room on both sides: where a point sits against the roofs is what the chart is read for.
    xLow = std::min(xLow, intensityOf(*p) / 4);
    xHigh = std::max(xHigh, intensityOf(*p) * 4);
    yLow = std::min(yLow, p->result.flopsPerS);
    yHigh = std::max(yHigh, p->result.flopsPerS);
  }
  for (const Place& place : places) {
    for (const ComputeCeiling& ceiling : place.ceilings) {
      yLow = std::min(yLow, ceiling.flopsPerS);
      yHigh = std::max(yHigh, ceiling.flopsPerS);
      if (place.bytesPerS <= 0) continue;
      // Each ridge on the axis, with room to see the roof flat after it.
      const double ridge = ceiling.flopsPerS / place.bytesPerS;
      if (!std::isfinite(4 * ridge)) continue;
      xLow = std::min(xLow, ridge);
      xHigh = std::max(xHigh, 4 * ridge);
    }
  }
  const QLogValueAxis* xAxis =
      addLogAxis(Qt::AlignBottom, tr("arithmetic intensity (FLOP/B, log)"), xLow, xHigh);
  for (const Place& place : places) {
    if (place.bytesPerS <= 0) continue;
    yLow = std::min(yLow, place.bytesPerS * xAxis->min());
    if (place.ceilings.empty()) yHigh = std::max(yHigh, place.bytesPerS * xAxis->max());
  }
  const QLogValueAxis* yAxis =
      addLogAxis(Qt::AlignLeft, tr("performance (GFLOP/s, log)"), yLow / kGiga, yHigh / kGiga);

  // A roof the axes can hold, else none: ceilings at the ends of what a double holds (a
  // hand-edited session) put ridges at infinity.
  const auto addRoof = [&](QLineSeries* roof) {
    const QList<QPointF> ends = roof->points();
    if (std::ranges::all_of(ends,
                            [&](const QPointF& p) {
                              return std::isfinite(p.x()) && std::isfinite(p.y()) &&
                                     p.x() < xAxis->max() * 1.0001;
                            }) &&
        ends.front().x() < ends.back().x()) {
      addSeries(roof);
      return true;
    }
    delete roof;
    return false;
  };
  // The roofs under the points.
  const auto suffix = [&](const Place& place) {
    // Roofs of several machines say whose each is.
    const bool several = std::ranges::count(places, place.onGpu, &Place::onGpu) > 1;
    return several ? QStringLiteral(" \u00b7 %1").arg(input.runName(place.run)) : QString();
  };
  struct Labelled {
    double height;
    const ComputeCeiling* ceiling;
    QGraphicsSimpleTextItem* item;
  };
  std::vector<Labelled> labelled;
  for (const Place& place : places) {
    const QColor colour = place.onGpu ? QColor(0x8e, 0x44, 0xad) : QColor(Qt::red);
    if (place.bytesPerS > 0) {
      auto* roof = new QLineSeries;
      roof->setName(bandwidthName(place) + suffix(place));
      const double top = place.ceilings.empty() ? 0 : place.ceilings.front().flopsPerS;
      const double end = top > 0 ? std::min(top / place.bytesPerS, xAxis->max()) : xAxis->max();
      roof->append(xAxis->min(), place.bytesPerS * xAxis->min() / kGiga);
      roof->append(end, place.bytesPerS * end / kGiga);
      roof->setPen(roofPen(colour, Qt::SolidLine));
      addRoof(roof);
      // The cache levels' roofs above it, dotted (dash-dotted for every thread) and lighter,
      // named in the legend: stacked labels at their ends would overprint.
      for (const CacheRoof& cache : place.cacheRoofs) {
        auto* level = new QLineSeries;
        level->setName(cacheRoofName(cache) + suffix(place));
        const double stop = top > 0 ? std::min(top / cache.bytesPerS, xAxis->max()) : xAxis->max();
        level->append(xAxis->min(), cache.bytesPerS * xAxis->min() / kGiga);
        level->append(stop, cache.bytesPerS * stop / kGiga);
        const QColor lighter = colour.lighter(cache.threads == 1 ? 150 : 125);
        level->setPen(roofPen(lighter, cache.threads == 1 ? Qt::DotLine : Qt::DashDotLine));
        addRoof(level);
      }
    }
    for (const ComputeCeiling& ceiling : place.ceilings) {
      auto* roof = new QLineSeries;
      roof->setName(roofName(ceiling) + suffix(place));
      const double ridge = place.bytesPerS > 0 ? ceiling.flopsPerS / place.bytesPerS : 0;
      const double start = std::max(ridge, xAxis->min());
      const double height = ceiling.flopsPerS / kGiga;
      roof->append(start, height);
      roof->append(xAxis->max(), height);
      // Both dtypes drawn: f32 roofs dashed.
      const bool dashed = dtypes.size() > 1 && ceiling.dtype == DType::f32;
      roof->setPen(roofPen(colour, dashed ? Qt::DashLine : Qt::SolidLine));
      if (!addRoof(roof)) continue;
      // Named where it is drawn, towards its right end: a legend of every roof would crowd.
      hideFromLegend(roof);
      const auto near = std::ranges::find_if(labelled, [&](const Labelled& l) {
        return std::max(l.height, height) <= kCloseRoofs * std::min(l.height, height);
      });
      if (near == labelled.end()) {
        labelled.push_back(
            {height, &ceiling,
             addValueLabel(roof, QPointF(start * std::pow(xAxis->max() / start, 0.6), height),
                           roof->name(), false, colour)});
        continue;
      }
      // A line each: joined on one line they ran out of the plot.
      QString text = near->item->text() + QLatin1Char('\n') + roof->name();
      // More threads, no more FLOP/s: measured while something else ran.
      const ComputeCeiling& other = *near->ceiling;
      const ComputeCeiling& more = ceiling.threads > other.threads ? ceiling : other;
      const ComputeCeiling& fewer = ceiling.threads > other.threads ? other : ceiling;
      if (ceiling.gpuIndex == other.gpuIndex && ceiling.dtype == other.dtype &&
          ceiling.isa == other.isa && more.threads > fewer.threads &&
          more.flopsPerS <= fewer.flopsPerS * 1.05)
        text += QLatin1Char('\n') +
                tr("(no higher on more threads: the machine was busy when it was measured; "
                   "re-measure it)");
      near->item->setText(text);
    }
  }

  // Points of one intensity (every point of a kernel with fixed work per byte) stand in one
  // column; those that would cover each other step aside a marker's width, right then left,
  // three steps at most so that no point strays far from its intensity (its tooltip gives it).
  const auto fraction = [](const QLogValueAxis* axis, double value) {
    return std::log(value / axis->min()) / std::log(axis->max() / axis->min());
  };
  std::vector<QPointF> placed;  // axis fractions
  const auto dodged = [&](double intensity, double gflops) {
    constexpr double kMarkerX = 0.014, kMarkerY = 0.02;  // of a typical plot's width, height
    constexpr int kSteps = 7;
    const QPointF at(fraction(xAxis, intensity), fraction(yAxis, gflops));
    double best = 0;
    std::ptrdiff_t fewest = std::numeric_limits<std::ptrdiff_t>::max();
    for (int step = 0; step < kSteps && fewest > 0; ++step) {
      const double offset = kMarkerX * ((step + 1) / 2) * (step % 2 ? 1 : -1);
      const auto covered = std::ranges::count_if(placed, [&](const QPointF& q) {
        return std::abs(q.x() - at.x() - offset) < kMarkerX && std::abs(q.y() - at.y()) < kMarkerY;
      });
      if (covered < fewest) {
        fewest = covered;
        best = offset;
      }
    }
    placed.emplace_back(at.x() + best, at.y());
    return intensity * std::pow(xAxis->max() / xAxis->min(), best);
  };
  // One legend entry per variant, whose colour and shape every run's points share; it hides
  // them all.
  std::set<QString> named;
  std::set<InsightKind> titled;
  for (const LabelLine& line : lines) {
    auto* series = new QScatterSeries;
    series->setName(elidedName(line.label));
    const QColor colour = labelColour(input, line.label);
    series->setColor(colour);
    series->setBorderColor(colour.darker(130));
    series->setMarkerSize(11);
    QStringList toolTips;
    std::vector<std::pair<QPointF, QString>> findingLabels;
    for (const ChartPoint* p : line.points) {
      series->append(dodged(intensityOf(*p), p->result.flopsPerS / kGiga),
                     p->result.flopsPerS / kGiga);
      const Place& place = places[placeOf.at({p->run, p->result.gpu.has_value()})];
      QString toolTip = tr("%1\nintensity %2 FLOP/B, %3\n%4")
                            .arg(input.describe(*p), QString::number(intensityOf(*p), 'g', 3),
                                 flopRate(p->result.flopsPerS), roofNote(place, *p));
      if (p->result.flags.any()) toolTip += QLatin1Char('\n') + flagNote(input, *p);
      // The findings this chart is the evidence of that rest on the point: whole in its
      // tooltip, and each kind titled once, above the first point of its first finding.
      for (const Insight& finding : input.runs.at(p->run).findings) {
        if (finding.chart != "roofline" ||
            std::ranges::find(finding.rows, p->position) == finding.rows.end())
          continue;
        toolTip += QStringLiteral("\n%1: %2").arg(insightTitle(finding.kind), insightText(finding));
        if (finding.rows.front() == p->position && titled.insert(finding.kind).second)
          findingLabels.emplace_back(series->points().back(), insightTitle(finding.kind));
      }
      // Flagged points say so in their tooltip: Qt draws a scatter point's own configuration
      // (the other charts' flag dot) away from the point once the series has a marker image.
      addElement(input.idOf(*p), series, series->count() - 1, false);
      toolTips << toolTip;
    }
    addSeries(series);
    // Every marker drawn from the same image, circles too: Qt's own circles went missing from
    // some exports where the shaped markers beside them drew.
    series->setLightMarker(markerImage(labelShape(input, line.label), colour, 11));
    showToolTips(series, toolTips);
    if (!named.insert(series->name()).second) hideFromLegend(series);
    // Clear of the marker's top (11 px): about 0.06 decade on a typical plot.
    for (const auto& [at, title] : findingLabels)
      addValueLabel(series, QPointF(at.x(), at.y() * 1.15), title, false, colour);
  }
}

}  // namespace accellab::gui
