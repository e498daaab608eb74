#include "charts/chartinput.h"

#include "accellab/quality.h"
#include "models/sourcelocation.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace accellab::gui {

namespace {

template <typename T>
void appendUnique(std::vector<T>& list, const T& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

bool hasKernel(const Run& run, const std::string& kernel) {
  return std::ranges::any_of(run.points,
                             [&](const PointResult& r) { return r.point.kernel == kernel; });
}

// "cancelled", "skipped: no CUDA device": why a point of the run has no numbers.
// The CPU time a point's process used and the cores it kept busy, on a line of its own; empty
// where not measured.
QString cpuUse(const PointResult& result) {
  const std::string text = cpuUseText(result);
  return text.empty() ? QString() : QLatin1Char('\n') + QString::fromStdString(text);
}

// What a title's note keeps of why a point was not drawn: its first clause (after "; " and
// " | " come the stderr tail and the outer frames, which the table and tooltips keep), cut at
// its end, never before the user's file and line where it names them (issue: a crash's reason
// was cut in its middle, its file and line with it).
QString noteReason(QString why) {
  for (const QString& clause : {QStringLiteral("; "), QStringLiteral(" | ")})
    if (const qsizetype at = why.indexOf(clause); at > 0) why.truncate(at);
  constexpr qsizetype kMax = 4 * kMaxShownNameLength;
  const QRegularExpressionMatch found = sourceLocationPattern().match(why);
  const qsizetype keep = found.hasMatch() ? std::max(kMax, found.capturedEnd()) : kMax;
  return why.size() <= keep ? why : why.left(keep) + QChar(0x2026);
}

QString whyNotMeasured(const PointResult& result) {
  const std::string status(toString(result.status));
  if (result.reason.empty() || result.reason == status) return QString::fromStdString(status);
  return QString::fromStdString(status + ": " + result.reason);
}

// Charts scale values by units up to 1e9 and leave margins of a few times the largest: what
// is drawn stays this far from overflowing to infinity. (A sample is at most kMaxTimeS, which
// the session reader holds to; rates and speedups derived from samples near 0 are not.)
constexpr double kLargestDrawn = 1e280;

// Why an ok point has nothing any chart could draw; empty when it has.
QString whyNotDrawn(const PointResult& result) {
  if (result.samplesS.empty()) return QCoreApplication::translate("ChartInput", "no samples");
  return {};
}

// A value a log axis can take, else 0, which every chart leaves out: Qt Charts' log axis
// recurses without end on infinity or 0.
double drawable(double value) {
  return std::isfinite(value) && value > 0 && value <= kLargestDrawn ? value : 0;
}
std::optional<double> drawable(const std::optional<double>& value) {
  return value && drawable(*value) > 0 ? value : std::nullopt;
}
void makeDrawable(std::optional<GpuTiming>& gpu) {
  if (!gpu) return;
  for (double* time : {&gpu->kernelS, &gpu->h2dS, &gpu->d2hS, &gpu->endToEndS, &gpu->h2dPageableS,
                       &gpu->d2hPageableS})
    *time = drawable(*time);
}

ChartPoint chartPoint(std::size_t run, std::size_t position, PointResult result, ReportRow row,
                      QString label) {
  for (double* value : {&result.firstCallS, &result.stats.medianS, &result.flopsPerS, &row.medianS,
                        &row.firstCallS, &row.elementsPerS, &row.bytesPerS})
    *value = drawable(*value);
  row.speedup = drawable(row.speedup);
  makeDrawable(result.gpu);
  makeDrawable(row.gpu);
  return {run, position, std::move(result), std::move(row), std::move(label), std::nullopt};
}

// The run's ok points of the kernel that have samples, and a gap wherever a problem of the run
// lacks a variant that the run measured or tried in some problem.
void addRun(ChartInput& input, const Run& run) {
  const std::size_t index = input.runs.size();
  Ceilings ceilings = ceilingsOf(run.system);
  ceilings.hostBytesPerS = drawable(ceilings.hostBytesPerS);
  ceilings.deviceBytesPerS = drawable(ceilings.deviceBytesPerS);
  std::erase_if(ceilings.cacheRoofs,
                [](const CacheRoof& roof) { return drawable(roof.bytesPerS) <= 0; });
  const std::vector<ReportRow> rows = buildRunRows(run, input.report);
  ChartRun& shown = input.runs.emplace_back(ChartRun{run.id,
                                                     run.settings.measure.quality,
                                                     std::move(ceilings),
                                                     run.system.gpuReason,
                                                     {},
                                                     {},
                                                     {},
                                                     scalingOf(run),
                                                     {},
                                                     {}});
  for (Insight& finding : findInsights(run, input.report))
    if (finding.kernel == input.kernel) shown.findings.push_back(std::move(finding));
  for (RankScalingLine& line : rankScaling(run, input.report)) {
    if (line.kernel != input.kernel) continue;
    for (RankScalingPoint& point : line.points)
      for (std::optional<double>* value :
           {&point.speedup, &point.efficiency, &point.efficiencyFastestRank,
            &point.efficiencySlowestRank})
        *value = drawable(*value);
    shown.rankScaling.push_back(std::move(line));
  }
  for (ScalingFit& fit : scalingFits(rows))
    if (fit.kernel == input.kernel) shown.scalingFits.push_back(std::move(fit));
  for (const ComputeCeiling& ceiling : run.system.computeCeilings)
    if (drawable(ceiling.flopsPerS) > 0 &&
        (ceiling.gpuIndex < 0 || ceiling.gpuIndex == run.system.gpuDevice))
      shown.computeCeilings.push_back(ceiling);
  for (const CacheInfo& cache : run.system.caches)
    if (cache.sizeBytes > 0) shown.caches.push_back(cache);
  std::vector<std::string> groups;
  std::vector<QString> labels;
  std::map<std::string, std::uint64_t> sizes;
  std::map<std::pair<std::string, QString>, QString> tried;  // why not drawn
  std::set<std::pair<std::string, QString>> measured;
  std::vector<std::pair<std::size_t, std::size_t>> drawnAt;  // run.points index, input.points
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const PointResult& result = run.points[i];
    if (result.point.kernel != input.kernel) continue;
    const QString label =
        input.labelOf(result.point.variant, result.point.threads, result.point.ranks);
    appendUnique(groups, rows[i].group);
    appendUnique(labels, label);
    sizes[rows[i].group] = rows[i].size;
    const QString why =
        result.status == PointStatus::ok ? whyNotDrawn(result) : whyNotMeasured(result);
    if (why.isEmpty()) {
      drawnAt.emplace_back(i, input.points.size());
      input.points.push_back(chartPoint(index, i, result, rows[i], label));
      measured.insert({rows[i].group, label});
    } else {
      tried.emplace(std::pair(rows[i].group, label), why);
    }
  }
  for (const std::string& group : groups) {
    for (const QString& label : labels) {
      if (measured.contains({group, label})) continue;
      const auto attempt = tried.find({group, label});
      input.gaps.push_back({index, group, sizes[group], label,
                            attempt == tried.end()
                                ? QCoreApplication::translate("ChartInput", "not measured")
                                : attempt->second});
    }
  }
  // The engine's speedups with a variant as the baseline are its speedups over its own
  // 1-thread points.
  for (const std::string& variant : input.threadedVariants) {
    const std::vector<ReportRow> scaled = buildRunRows(run, {variant, input.report.gpuTime});
    for (const auto& [i, at] : drawnAt)
      if (run.points[i].point.variant == variant)
        input.points[at].threadSpeedup = drawable(scaled[i].speedup);
  }
}

}  // namespace

QString ChartInput::labelOf(const std::string& variant, int threads, int ranks) const {
  QString name = QString::fromStdString(variant);
  const bool threaded = std::find(threadedVariants.begin(), threadedVariants.end(), variant) !=
                        threadedVariants.end();
  if (threaded || threads != 1 || ranks != 1)
    name = QStringLiteral("%1 \u00d7%2").arg(name).arg(threads);
  if (ranks == 1) return name;
  // Never 1 rank here: no plural form needed.
  return QCoreApplication::translate("ChartInput", "%1 on %2 ranks").arg(name).arg(ranks);
}

QString elidedName(const QString& name, qsizetype maxLength) {
  if (name.size() <= maxLength) return name;
  // The end says as much as the start: "×4", a problem's type, a run.
  const qsizetype tail = maxLength / 3;
  return name.left(maxLength - tail - 1) + QChar(0x2026) + name.right(tail);
}

QString ChartInput::kernelName() const { return elidedName(QString::fromStdString(kernel)); }

QString ChartInput::runName(std::size_t run) const {
  return QCoreApplication::translate("ChartInput", "run %1").arg(runs.at(run).id);
}

QString ChartInput::runsName() const {
  QStringList ids;
  for (const ChartRun& run : runs) ids << QString::number(run.id);
  return runs.size() == 1 ? QCoreApplication::translate("ChartInput", "run %1").arg(ids.front())
                          : QCoreApplication::translate("ChartInput", "runs %1")
                                .arg(ids.join(QStringLiteral(", ")));
}

QString ChartInput::groupLabel(const std::string& group) const {
  QString label = QString::fromStdString(group);
  const QString prefix = QString::fromStdString(kernel) + QLatin1Char(' ');
  if (label.startsWith(prefix)) label.remove(0, prefix.size());
  return elidedName(label);
}

QString ChartInput::seriesName(const QString& label, std::size_t run) const {
  if (runs.size() < 2) return elidedName(label);
  return QStringLiteral("%1 \u00b7 %2").arg(elidedName(label), runName(run));
}

QString ChartInput::categoryName(const QString& label, std::size_t run) const {
  if (runs.size() < 2) return elidedName(label);
  return QStringLiteral("%1<br>%2").arg(elidedName(label), runName(run));
}

QString ChartInput::elementName(const ChartPoint& point) const {
  return QStringLiteral("%1 \u00b7 %2 \u00b7 %3")
      .arg(elidedName(point.label), runName(point.run), groupLabel(point.row.group));
}

QString ChartInput::describe(const ChartPoint& point) const {
  const PointResult& r = point.result;
  return QCoreApplication::translate("ChartInput", "%1\nvariant %2, %n thread(s), %3, run %4",
                                     nullptr, int(point.row.threads))
             .arg(elementName(point), elidedName(QString::fromStdString(r.point.variant)),
                  groupLabel(point.row.group))
             .arg(runs.at(point.run).id) +
         QLatin1Char('\n') +
         QCoreApplication::translate("ChartInput", "median %1 \u00b1 %2 (MAD), %n sample(s)",
                                     nullptr, int(r.samplesS.size()))
             .arg(formatted(r.stats.medianS, ValueKind::duration),
                  formatted(r.stats.madS, ValueKind::duration)) +
         cpuUse(r);
}

std::vector<LabelLine> ChartInput::linesOf(const std::vector<const ChartPoint*>& points) const {
  std::map<std::pair<QString, std::size_t>, std::vector<const ChartPoint*>> pointsOf;
  for (const ChartPoint* p : points) pointsOf[{p->label, p->run}].push_back(p);
  std::vector<LabelLine> lines;
  for (const QString& label : labels) {
    for (std::size_t run = 0; run < runs.size(); ++run) {
      const auto found = pointsOf.find({label, run});
      if (found != pointsOf.end()) lines.push_back({label, run, std::move(found->second)});
    }
  }
  return lines;
}

QStringList ChartInput::notesOf(const std::vector<ChartGap>& gaps) const {
  // A line per run, problem and reason, so that a long reason cuts no other short:
  // "run 1 · 1024x1024x512 f64: vectorized, parallel ×2 (cancelled)".
  struct Line {
    std::size_t run;
    std::string group;
    QString why;
    QStringList labels;
  };
  std::vector<Line> lines;
  for (const ChartGap& gap : gaps) {
    auto line = std::ranges::find_if(lines, [&](const Line& l) {
      return l.run == gap.run && l.group == gap.group && l.why == gap.why;
    });
    if (line == lines.end()) line = lines.insert(lines.end(), {gap.run, gap.group, gap.why, {}});
    line->labels << elidedName(gap.label);
  }
  constexpr std::size_t kMaxNoteLines = 3;
  constexpr qsizetype kMaxLabelsPerLine = 6;
  QStringList notes;
  for (std::size_t i = 0; i < lines.size() && i < kMaxNoteLines; ++i) {
    QStringList& labels = lines[i].labels;
    if (labels.size() > kMaxLabelsPerLine) {
      const qsizetype more = labels.size() - kMaxLabelsPerLine + 1;
      labels.resize(kMaxLabelsPerLine - 1);
      // int(), not static_cast: lupdate misses a translate() whose count has a template.
      labels << QCoreApplication::translate("ChartInput", "%n more", nullptr, int(more));
    }
    notes << QCoreApplication::translate("ChartInput", "Not drawn, %1 \u00b7 %2: %3 (%4)")
                 .arg(runName(lines[i].run), groupLabel(lines[i].group),
                      labels.join(QStringLiteral(", ")), noteReason(lines[i].why));
  }
  if (lines.size() > kMaxNoteLines)
    notes << QCoreApplication::translate("ChartInput",
                                         "\u2026 and %n more not drawn (see the table)", nullptr,
                                         int(lines.size() - kMaxNoteLines));
  return notes;
}

ChartGap ChartInput::gapAt(const ChartPoint& point, const QString& why) const {
  return {point.run, point.row.group, point.row.size, point.label, why};
}

const Run* latestRunWith(const Session& session, const std::string& kernel) {
  for (auto run = session.runs.rbegin(); run != session.runs.rend(); ++run)
    if (hasKernel(*run, kernel)) return &*run;
  return nullptr;
}

std::vector<std::string> kernelsIn(const Session& session) {
  std::vector<std::string> kernels;
  for (const Run& run : session.runs)
    for (const PointResult& result : run.points) appendUnique(kernels, result.point.kernel);
  return kernels;
}

std::vector<std::string> variantsIn(const Session& session, const std::string& kernel) {
  std::vector<std::string> variants;
  for (const Run& run : session.runs)
    for (const PointResult& result : run.points)
      if (result.point.kernel == kernel) appendUnique(variants, result.point.variant);
  return variants;
}

std::vector<int> runsShown(const Session& session, const std::string& kernel,
                           const std::vector<int>& runIds) {
  if (runIds.empty()) {
    const Run* latest = latestRunWith(session, kernel);
    return latest ? std::vector<int>{latest->id} : std::vector<int>{};
  }
  std::vector<int> shown;
  for (const Run& run : session.runs)
    if (std::ranges::find(runIds, run.id) != runIds.end() && hasKernel(run, kernel))
      shown.push_back(run.id);
  return shown;
}

std::string defaultBaseline(const Session& session, const std::string& kernel) {
  return accellab::defaultBaseline(variantsIn(session, kernel));
}

ChartInput makeChartInput(const Session& session, const std::string& kernel,
                          const ReportOptions& report, const std::vector<int>& runIds) {
  ChartInput input;
  input.kernel = kernel;
  input.report = report;
  // Labels and colours come from the whole session, so that they do not change with the runs
  // shown.
  std::map<std::string, std::set<int>> threadCounts;
  for (const Run& run : session.runs)
    for (const PointResult& result : run.points)
      if (result.point.kernel == kernel)
        threadCounts[result.point.variant].insert(result.point.threads);
  for (const auto& [variant, counts] : threadCounts)
    if (counts.size() > 1) input.threadedVariants.push_back(variant);
  for (const Run& run : session.runs)
    for (const PointResult& result : run.points)
      if (result.point.kernel == kernel)
        appendUnique(input.labels,
                     input.labelOf(result.point.variant, result.point.threads, result.point.ranks));

  for (const int id : runsShown(session, kernel, runIds)) addRun(input, *findRun(session, id));
  std::vector<std::pair<std::uint64_t, std::string>> groups;
  for (const ChartPoint& point : input.points)
    appendUnique(groups, {point.row.size, point.row.group});
  std::ranges::stable_sort(groups, {}, [](const auto& g) { return g.first; });
  for (const auto& group : groups) input.groups.push_back(group.second);
  return input;
}

AxisUnit timeUnit(double maxSeconds) {
  if (maxSeconds >= 1) return {1, QCoreApplication::translate("Units", "s")};
  if (maxSeconds >= 1e-3) return {1e3, QCoreApplication::translate("Units", "ms")};
  if (maxSeconds >= 1e-6) return {1e6, QCoreApplication::translate("Units", "\u00b5s")};
  return {1e9, QCoreApplication::translate("Units", "ns")};
}

QString formatted(double value, ValueKind kind) {
  return QString::fromStdString(formatValue(value, kind));
}

AxisUnit rateUnit(double maxPerSecond, const QString& perSecondUnit) {
  struct Prefix {
    double scale;
    const char* prefix;
  };
  static constexpr Prefix kPrefixes[] = {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
  for (const Prefix& p : kPrefixes)
    if (maxPerSecond >= p.scale) return {1 / p.scale, QLatin1String(p.prefix) + perSecondUnit};
  return {1, perSecondUnit};
}

}  // namespace accellab::gui
