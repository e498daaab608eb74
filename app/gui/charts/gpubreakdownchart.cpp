#include "charts/gpubreakdownchart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QColor>
#include <QSet>
#include <QStackedBarSeries>
#include <algorithm>
#include <iterator>
#include <map>
#include <utility>

#include "accellab/format.h"

namespace accellab::gui {

namespace {

// One bar: a CPU variant's time, or a GPU run's copies and kernel.
struct Column {
  PointId id;
  QString toolTip;
  QString label;
  double h2dS = 0;
  double kernelS = 0;
  double d2hS = 0;
  double cpuS = 0;
  double total() const { return h2dS + kernelS + d2hS + cpuS; }
};

// The problem to show: the largest with a GPU point, else the largest measured.
std::string chosenGroup(const ChartInput& input) {
  for (auto group = input.groups.rbegin(); group != input.groups.rend(); ++group)
    if (std::ranges::any_of(input.points, [&](const ChartPoint& p) {
          return p.row.group == *group && p.result.gpu.has_value();
        }))
      return *group;
  return input.groups.back();
}

}  // namespace

void GpuBreakdownChart::build(const ChartInput& input) {
  const QString title = withKernel(tr("Where the time goes"), input);
  if (input.empty()) {
    showEmpty(title, tr("Run an experiment with the gpu variant to see transfer costs."),
              input.notesOf(input.gaps));
    return;
  }
  const std::string group = chosenGroup(input);
  const bool anyGpu = std::ranges::any_of(
      input.points, [](const ChartPoint& p) { return p.result.gpu.has_value(); });
  std::vector<ChartGap> gaps;
  std::ranges::copy_if(input.gaps, std::back_inserter(gaps),
                       [&](const ChartGap& gap) { return gap.group == group; });
  QStringList notes = input.notesOf(gaps);
  if (!anyGpu) {
    const std::string& reason = input.runs.back().gpuReason;
    notes.prepend(tr("No GPU points in the runs shown: %1")
                      .arg(reason.empty() ? tr("gpu variant not run")
                                          : elidedName(QString::fromStdString(reason),
                                                       4 * kMaxShownNameLength)));
  }

  // A GPU point gets a second bar with the copies from and to pageable memory (what the
  // tutorial's to_device does) when they were measured.
  // A column per point of the problem, a variant's runs side by side.
  std::vector<const ChartPoint*> points;
  for (const ChartPoint& p : input.points)
    if (p.row.group == group) points.push_back(&p);
  std::map<QString, std::size_t> labelRank;
  for (std::size_t l = 0; l < input.labels.size(); ++l) labelRank.emplace(input.labels[l], l);
  std::ranges::stable_sort(
      points, {}, [&](const ChartPoint* p) { return std::pair(labelRank[p->label], p->run); });
  if (points.size() > kMaxSlots) {
    noteLimit(Limited::slotPoints, kMaxSlots, points.size());
    points.resize(kMaxSlots);
  }
  setChartTitle(QStringLiteral("%1, %2").arg(title, input.groupLabel(group)), notes);
  std::vector<Column> columns;
  for (const ChartPoint* p : points) {
    const QString name = input.categoryName(p->label, p->run);
    const PointResult& r = p->result;
    const PointId id = input.idOf(*p);
    const QString about = input.describe(*p);
    if (!r.gpu) {
      columns.push_back({id, about, name, 0, 0, 0, r.stats.medianS});
      continue;
    }
    const GpuTiming& gpu = *r.gpu;
    const bool pageable = gpu.h2dPageableS > 0 || gpu.d2hPageableS > 0;
    const auto seconds = [](double s) { return formatted(s, ValueKind::duration); };
    const auto stack = [&](double h2d, double d2h) {
      return tr("%1\nhost \u2192 device %2, kernel %3, device \u2192 host %4")
          .arg(about, seconds(h2d), seconds(gpu.kernelS), seconds(d2h));
    };
    // "gpu<br>pinned<br>run 2": a line each, as a column is narrow.
    const auto copies = [&](const QString& kind) {
      return input.categoryName(QStringLiteral("%1<br>%2").arg(p->label, kind), p->run);
    };
    columns.push_back({id, stack(gpu.h2dS, gpu.d2hS), pageable ? copies(tr("pinned")) : name,
                       gpu.h2dS, gpu.kernelS, gpu.d2hS, 0});
    if (pageable)
      columns.push_back({id, stack(gpu.h2dPageableS, gpu.d2hPageableS), copies(tr("pageable")),
                         gpu.h2dPageableS, gpu.kernelS, gpu.d2hPageableS, 0});
  }
  double high = 0;
  for (const Column& column : columns) high = std::max(high, column.total());
  const AxisUnit unit = timeUnit(high);
  auto* categories = new QBarCategoryAxis;
  QSet<QString> used;
  for (const Column& column : columns) {
    // The axis drops a category it has; names elided alike stay apart by a zero-width space.
    QString label = column.label;
    while (used.contains(label)) label += QChar(0x200B);
    used.insert(label);
    categories->append(label);
  }
  categories->setTitleText(tr("variant"));
  chart()->addAxis(categories, Qt::AlignBottom);
  turnLabelsToFit(categories, categories->categories(), columns.size());
  addValueAxis(Qt::AlignLeft, tr("time per run (%1)").arg(unit.unit), 0, high * unit.factor * 1.05);

  auto* h2d = new QBarSet(tr("host \u2192 device"));
  auto* kernel = new QBarSet(tr("GPU kernel"));
  auto* d2h = new QBarSet(tr("device \u2192 host"));
  auto* cpu = new QBarSet(tr("CPU end-to-end"));
  for (const Column& column : columns) {
    h2d->append(column.h2dS * unit.factor);
    kernel->append(column.kernelS * unit.factor);
    d2h->append(column.d2hS * unit.factor);
    cpu->append(column.cpuS * unit.factor);
  }
  // Colours mean variants on every other tab: the parts of a time are shades of grey here, so
  // that no part reads as a variant.
  const std::pair<QBarSet*, QRgb> shades[] = {
      {h2d, 0xb4b4b4}, {kernel, 0x505050}, {d2h, 0xd8d8d8}, {cpu, 0x8c8c8c}};
  for (const auto& [set, shade] : shades) {
    set->setColor(QColor::fromRgb(shade));
    set->setBorderColor(QColor::fromRgb(shade).darker(140));
  }
  auto* series = new QStackedBarSeries;
  series->append({h2d, kernel, d2h, cpu});
  addSeries(series);
  for (std::size_t i = 0; i < columns.size(); ++i)
    addElement(columns[i].id, series, static_cast<int>(i), columns[i].total() * unit.factor);
  // A column stands for one point: hovering shows its numbers, clicking names it.
  connect(series, &QStackedBarSeries::hovered, this,
          [this, columns](bool status, int index, QBarSet*) {
            const auto i = static_cast<std::size_t>(index);
            if (status && i < columns.size())
              showToolTip(columns[i].toolTip, columns[i].id);
            else
              showToolTip({});
          });
  connect(series, &QStackedBarSeries::clicked, this, [this, columns](int index, QBarSet*) {
    const auto i = static_cast<std::size_t>(index);
    if (i < columns.size()) emit pointActivated(columns[i].id);
  });
}

}  // namespace accellab::gui
