#include "charts/chartinput.h"

#include <QCoreApplication>
#include <algorithm>
#include <set>

namespace accellab::gui {

namespace {

template <typename T>
void appendUnique(std::vector<T>& list, const T& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

}  // namespace

QString ChartInput::variantLabel(std::size_t index) const {
  const Point& point = points[index].point;
  std::set<int> threadCounts;
  for (const PointResult& other : points)
    if (other.point.variant == point.variant) threadCounts.insert(other.point.threads);
  const QString name = QString::fromStdString(point.variant);
  if (threadCounts.size() == 1 && point.threads == 1) return name;
  return QStringLiteral("%1 \u00d7%2").arg(name).arg(point.threads);
}

QString ChartInput::groupLabel(const std::string& group) const {
  // Rows name their group "kernel problem"; within one kernel's charts the problem says it all.
  QString label = QString::fromStdString(group);
  const QString prefix = QString::fromStdString(kernel) + QLatin1Char(' ');
  if (label.startsWith(prefix)) label.remove(0, prefix.size());
  return label;
}

std::optional<std::size_t> ChartInput::find(const std::string& group, const QString& label) const {
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (rows[i].group == group && variantLabel(i) == label) return i;
  return std::nullopt;
}

const Run* latestRunWith(const Session& session, const std::string& kernel) {
  for (auto run = session.runs.rbegin(); run != session.runs.rend(); ++run)
    if (std::ranges::any_of(run->points,
                            [&](const PointResult& r) { return r.point.kernel == kernel; }))
      return &*run;
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

std::string defaultBaseline(const Session& session, const std::string& kernel) {
  const auto variants = variantsIn(session, kernel);
  if (variants.empty() || std::find(variants.begin(), variants.end(), "loop") != variants.end())
    return "loop";
  return variants.front();
}

ChartInput makeChartInput(const Session& session, const std::string& kernel,
                          const ReportOptions& report) {
  ChartInput input;
  input.kernel = kernel;
  input.report = report;
  const Run* run = latestRunWith(session, kernel);
  if (!run) return input;
  input.runId = run->id;
  input.ceilings = ceilingsOf(run->system);
  input.gpuReason = run->system.gpuReason;
  // Rows are built over the whole run (a speedup needs its baseline even if a chart does
  // not draw it), then the charts keep the ok points.
  const std::vector<ReportRow> rows = buildRunRows(*run, report);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (run->points[i].point.kernel != kernel || run->points[i].status != PointStatus::ok) continue;
    input.points.push_back(run->points[i]);
    input.rows.push_back(rows[i]);
  }
  for (std::size_t i = 0; i < input.rows.size(); ++i) {
    appendUnique(input.groups, input.rows[i].group);
    appendUnique(input.variantLabels, input.variantLabel(i));
  }
  return input;
}

AxisUnit timeUnit(double maxSeconds) {
  if (maxSeconds >= 1) return {1, QCoreApplication::translate("Units", "s")};
  if (maxSeconds >= 1e-3) return {1e3, QCoreApplication::translate("Units", "ms")};
  if (maxSeconds >= 1e-6) return {1e6, QCoreApplication::translate("Units", "\u00b5s")};
  return {1e9, QCoreApplication::translate("Units", "ns")};
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
