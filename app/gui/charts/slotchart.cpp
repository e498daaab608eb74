#include "charts/slotchart.h"

#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QCategoryAxis>
#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QScatterSeries>
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "charts/chartstyle.h"

namespace accellab::gui {

namespace {

QCategoryAxis* newSlotAxis() {
  auto* axis = new QCategoryAxis;
  axis->setStartValue(-0.5);
  axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
  return axis;
}

// QCategoryAxis refuses a label it already has; a suffix of invisible characters makes each
// one unique without changing what is drawn. Short: Qt Charts measures each as a pixel or so,
// and the 17th "1" under a slot, with 17 zero-width spaces, no longer fitted.
QString uniqueLabel(QCategoryAxis* axis, const QString& label) {
  static constexpr char16_t kInvisible[] = {0x200B, 0x200C, 0x200D, 0x2060};
  QString unique = label;
  for (unsigned n = 1; axis->categoriesLabels().contains(unique); ++n) {
    unique = label;
    for (unsigned digits = n; digits > 0; digits /= 4) unique += QChar(kInvisible[digits % 4]);
  }
  return unique;
}

// Where slot `index`'s category ends. Qt Charts leaves out the label of a category that ends
// exactly at the axis' end, so the last one ends a hair before it.
double slotEnd(std::size_t index, std::size_t count) {
  const double end = static_cast<double>(index) + 0.5;
  return index + 1 == count ? end - 1e-9 : end;
}

// The legend entries that hide a point's boxes: its variant's, its run's (when several runs
// are shown) and its layer's (when several share a slot).
QStringList legendEntriesOf(const ChartInput& input, const ChartPoint& point,
                            const QString& layer) {
  QStringList entries{elidedName(QString::fromStdString(point.result.point.variant))};
  if (input.runs.size() > 1) entries << input.runName(point.run);
  if (!layer.isEmpty()) entries << layer;
  return entries;
}

}  // namespace

std::vector<std::size_t> SlotChart::openSlots(const ChartInput& input, const QString& title,
                                              const std::function<bool(const ChartPoint&)>& drawn,
                                              const QString& leftOut, const QString& hint) {
  const std::vector<std::size_t> slotOrder = slotsOf(input, drawn);
  std::vector<ChartGap> gaps = input.gaps;
  for (const ChartPoint& point : input.points)
    if (!drawn(point)) gaps.push_back(input.gapAt(point, leftOut));
  if (slotOrder.empty())
    showEmpty(title, hint, input.notesOf(gaps));
  else
    setChartTitle(title, input.notesOf(gaps));
  return slotOrder;
}

std::vector<std::size_t> SlotChart::slotsOf(const ChartInput& input,
                                            const std::function<bool(const ChartPoint&)>& drawn) {
  std::vector<std::size_t> slotOrder;
  for (std::size_t i = 0; i < input.points.size(); ++i)
    if (drawn(input.points[i])) slotOrder.push_back(i);
  // Ranks looked up once: a search per comparison is quadratic in thousands of slots.
  std::map<std::string, std::size_t> groupRank;
  for (std::size_t g = 0; g < input.groups.size(); ++g) groupRank.emplace(input.groups[g], g);
  std::map<QString, std::size_t> labelRank;
  for (std::size_t l = 0; l < input.labels.size(); ++l) labelRank.emplace(input.labels[l], l);
  std::vector<std::tuple<std::size_t, std::size_t, std::size_t>> rank(input.points.size());
  for (const std::size_t i : slotOrder) {
    const ChartPoint& point = input.points[i];
    rank[i] = {groupRank[point.row.group], labelRank[point.label], point.run};
  }
  std::ranges::stable_sort(slotOrder, {}, [&](std::size_t i) { return rank[i]; });
  if (slotOrder.size() > kMaxSlots) {
    noteLimit(Limited::slotPoints, kMaxSlots, slotOrder.size());
    slotOrder.resize(kMaxSlots);
  }
  return slotOrder;
}

void SlotChart::addSlots(const ChartInput& input, const std::vector<std::size_t>& slotOrder,
                         const std::vector<Layer>& layers) {
  const std::size_t count = slotOrder.size();
  const auto pointAt = [&](std::size_t k) -> const ChartPoint& {
    return input.points[slotOrder[k]];
  };
  // Overlaid runs add a row: each slot's run under a variant's span of them, so that no slot
  // needs two lines of text (a slot that narrow only showed "⋮").
  const bool overlaid = input.runs.size() > 1;
  auto* slotLabels = newSlotAxis();
  QStringList runNames;
  QStringList runIds;
  if (overlaid) {
    for (std::size_t k = 0; k < count; ++k) {
      const ChartRun& run = input.runs.at(pointAt(k).run);
      const QString name = input.runName(pointAt(k).run);
      runNames << uniqueLabel(slotLabels, name);
      slotLabels->append(runNames.back(), slotEnd(k, count));
      // As unique as the name it stands for: the same invisible suffix.
      runIds << QString::number(run.id) + runNames.back().mid(name.size());
    }
    fitLabels(slotLabels, runNames, runIds, count);
  }
  auto* variants = overlaid ? newSlotAxis() : slotLabels;
  auto* problems = newSlotAxis();
  QStringList names;
  std::size_t spans = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const ChartPoint& point = pointAt(k);
    if (overlaid && k + 1 < count && pointAt(k + 1).row.group == point.row.group &&
        pointAt(k + 1).label == point.label)
      continue;
    names << elidedName(point.label);
    variants->append(uniqueLabel(variants, names.back()), slotEnd(k, count));
    ++spans;
  }
  QStringList groupNames;
  for (std::size_t k = 0, first = 0; k < count; ++k) {
    const std::string& group = pointAt(k).row.group;
    if (k + 1 < count && pointAt(k + 1).row.group == group) continue;
    // "1024x1024x512<br>f64": two short lines fit under a problem with few slots.
    QString label = input.groupLabel(group);
    if (const auto space = label.indexOf(QLatin1Char(' ')); space > 0 && k - first < 2)
      label.replace(space, 1, QStringLiteral("<br>"));
    groupNames << label;
    problems->append(uniqueLabel(problems, label), slotEnd(k, count));
    first = k + 1;
  }
  turnLabelsToFit(variants, names, spans);
  turnLabelsToFit(problems, groupNames, groupNames.size());
  if (overlaid) {
    slotLabels->setGridLineVisible(false);
    chart()->addAxis(slotLabels, Qt::AlignBottom);
  }
  // Lines between problems only.
  variants->setGridLineVisible(false);
  chart()->addAxis(variants, Qt::AlignBottom);
  chart()->addAxis(problems, Qt::AlignBottom);

  for (std::size_t l = 0; l < layers.size(); ++l) {
    const Layer& layer = layers[l];
    auto* series = new QBoxPlotSeries;
    series->setName(layer.name);
    series->setBoxWidth(layers.size() > 1 ? 0.85 : 0.7);
    struct Label {
      QPointF at;
      QString text;
      bool flagged;
      QBoxSet* box;
      PointId id;
      QStringList entries;
      const ChartPoint* point;
      std::vector<Layer::Outlier> outliers;
    };
    std::vector<Label> labels;
    for (std::size_t k = 0; k < count; ++k) {
      const ChartPoint& point = input.points[slotOrder[k]];
      const Box box = layer.box(point);
      auto* set = new QBoxSet(box.low, box.lowerQuartile, box.median, box.upperQuartile, box.high,
                              input.elementName(point));
      set->setBrush(elementBrush(input, point.label, point.run, layer.light));
      const bool flagged = point.result.flags.any();
      set->setPen(flagged && layer.outlineFlagged ? flagPen() : elementPen(input, point.label));
      QString toolTip = input.describe(point) + QLatin1Char('\n') + layer.toolTip(point);
      QString valueLabel = layer.valueLabel(point);
      if (flagged) {
        toolTip += QLatin1Char('\n') + flagNote(input, point);
        valueLabel = QStringLiteral("%1 %2").arg(flagMark(), valueLabel).trimmed();
      }
      set->setProperty("toolTip", toolTip);
      set->setProperty("flagged", flagged);
      series->append(set);
      // Boxes of several series share a slot side by side, in the order of the series.
      const double x = static_cast<double>(k) - 0.5 +
                       (static_cast<double>(l) + 0.5) / static_cast<double>(layers.size());
      std::vector<Layer::Outlier> outliers =
          layer.outliers ? layer.outliers(point) : std::vector<Layer::Outlier>{};
      // The label stands above the highest dot, not among them.
      double top = box.high;
      for (const Layer::Outlier& outlier : outliers) top = std::max(top, outlier.value);
      labels.push_back({QPointF(x, top), valueLabel, flagged, set, input.idOf(point),
                        legendEntriesOf(input, point, layers.size() > 1 ? layer.name : QString()),
                        &point, std::move(outliers)});
    }
    addSeries(series);
    hideFromLegend(series);
    showToolTips(series);
    QStringList texts;
    for (const Label& label : labels) texts << label.text;
    const bool upright = fitsUpright(texts, valueLabelFont(), count * layers.size());
    for (const Label& label : labels) {
      QGraphicsSimpleTextItem* item = label.text.isEmpty()
                                          ? nullptr
                                          : addValueLabel(series, label.at, label.text, !upright,
                                                          label.flagged ? flagColour() : QColor());
      addElement(label.id, label.box, label.entries, item,
                 addOutliers(input, *label.point, label.outliers, label.at.x()));
    }
  }
  for (QCategoryAxis* axis : {slotLabels, variants, problems})
    axis->setRange(-0.5, static_cast<double>(count) - 0.5);
  addSlotLegend(input, slotOrder, layers);
}

QXYSeries* SlotChart::addOutliers(const ChartInput& input, const ChartPoint& point,
                                  const std::vector<Layer::Outlier>& outliers, double x) {
  if (outliers.empty()) return nullptr;
  auto* dots = new QScatterSeries;
  dots->setName(input.elementName(point));
  dots->setMarkerShape(QScatterSeries::MarkerShapeCircle);
  dots->setMarkerSize(6);
  dots->setColor(Qt::transparent);
  dots->setBorderColor(variantColour(input, point.result.point.variant));
  QStringList toolTips;
  const QString about = input.describe(point) + QLatin1Char('\n');
  for (const Layer::Outlier& outlier : outliers) {
    dots->append(x, outlier.value);
    toolTips << about + outlier.toolTip;
    // A dot stands for its point too: hovering or clicking it names the point's row.
    addElement(input.idOf(point), dots, dots->count() - 1, false);
  }
  addSeries(dots);
  hideFromLegend(dots);
  showToolTips(dots, toolTips);
  return dots;
}

void SlotChart::addSlotLegend(const ChartInput& input, const std::vector<std::size_t>& slotOrder,
                              const std::vector<Layer>& layers) {
  // Colour, pattern and shade each have their entries: a variant's colour, a run's pattern (in
  // grey, when several runs are shown), and a series' shade (when several share a slot).
  const QColor grey(0x80, 0x80, 0x80);
  if (layers.size() > 1) {
    for (const Layer& layer : layers) {
      const QColor shade = layer.light ? grey.lighter(130) : grey;
      addLegendEntry(layer.name, shade, QPen(shade.darker(115)));
    }
  }
  std::set<QString> labels;
  std::set<std::size_t> runs;
  for (const std::size_t slot : slotOrder) {
    labels.insert(input.points[slot].label);
    runs.insert(input.points[slot].run);
  }
  // One entry per variant, whatever its thread counts: the colour is the variant's.
  QStringList variants;
  for (const QString& label : input.labels) {
    if (!labels.contains(label)) continue;
    const QString variant = QString::fromStdString(variantOfLabel(input, label));
    if (variants.contains(variant)) continue;
    variants << variant;
    addLegendEntry(elidedName(variant), variantColour(input, variant.toStdString()),
                   elementPen(input, label));
  }
  if (input.runs.size() < 2) return;
  for (const std::size_t run : runs)
    addLegendEntry(input.runName(run), QBrush(grey, runPattern(input, run)), QPen(grey));
}

}  // namespace accellab::gui
