#include "charts/chartview.h"

#include <QAbstractAxis>
#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QHelpEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPalette>
#include <QPen>
#include <QResizeEvent>
#include <QRubberBand>
#include <QToolTip>
#include <QValueAxis>
#include <QXYSeries>
#include <algorithm>
#include <cmath>

#include "charts/chartstyle.h"

namespace accellab::gui {

namespace {

bool isDark(const QPalette& palette) { return palette.color(QPalette::Window).lightness() < 128; }

// What a legend entry takes in a row besides its label: its marker and the spaces around it.
constexpr double kLegendEntryExtra = 40;

// What an axis is given is finite and within these, whatever reaches it: Qt Charts' log axis
// recurses without end on infinity or 0, and a value axis makes no nice numbers of them.
constexpr double kSmallestOnAxis = 1e-300;
constexpr double kLargestOnAxis = 1e300;

// Log axes label only whole decades, so the range is widened to decades, with a margin so
// that no point sits on the frame.
std::pair<double, double> decades(double minValue, double maxValue) {
  if (!(maxValue > 0) || !std::isfinite(maxValue)) maxValue = 1;
  if (!(minValue > 0) || !std::isfinite(minValue)) minValue = maxValue / 10;
  minValue = std::clamp(minValue, kSmallestOnAxis, kLargestOnAxis);
  maxValue = std::clamp(maxValue, minValue, kLargestOnAxis);
  minValue /= 1.2;
  maxValue *= 1.2;
  double low = std::pow(10.0, std::floor(std::log10(minValue)));
  double high = std::pow(10.0, std::ceil(std::log10(maxValue)));
  if (high <= low) high = low * 10;
  return {low, high};
}

// A value axis' range: finite, within the limits, and not empty.
std::pair<double, double> valueRange(double minValue, double maxValue) {
  minValue = std::isfinite(minValue) ? std::clamp(minValue, -kLargestOnAxis, kLargestOnAxis) : 0;
  maxValue = std::isfinite(maxValue) ? std::clamp(maxValue, -kLargestOnAxis, kLargestOnAxis)
                                     : minValue + 1;
  if (!(maxValue > minValue)) maxValue = minValue + std::max(1.0, std::abs(minValue));
  return {minValue, maxValue};
}

}  // namespace

ChartView::ChartView(QWidget* parent)
    : QChartView(parent), rubberBand_(new QRubberBand(QRubberBand::Rectangle, viewport())) {
  setRenderHint(QPainter::Antialiasing);
  // Small enough for a laptop at 200 %, large enough that axis labels keep their text.
  setMinimumSize(320, 240);
  chart()->legend()->setAlignment(Qt::AlignBottom);
  chart()->legend()->setShowToolTips(true);
  chart()->setAnimationOptions(QChart::NoAnimation);
  // Square and edge to edge, so exported images have no frame of another colour.
  chart()->setBackgroundRoundness(0);
  chart()->layout()->setContentsMargins(0, 0, 0, 0);
  applyPalette();
  connect(chart(), &QChart::plotAreaChanged, this, &ChartView::placeValueLabels);
  connect(this, &ChartView::pointActivated, this, [this] { clickActivated_ = true; });
  setFocusPolicy(Qt::ClickFocus);
}

void ChartView::applyPalette() {
  // The theme sets every colour, font and series style: the title font is set again after it,
  // the series by building again.
  const QPalette colours = palette();
  chart()->setTheme(isDark(colours) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
  chart()->setBackgroundBrush(colours.color(QPalette::Base));
  chart()->setTitleBrush(colours.color(QPalette::WindowText));
  chart()->legend()->setLabelColor(colours.color(QPalette::WindowText));
  QFont title = chart()->titleFont();
  title.setPointSizeF(title.pointSizeF() * 1.25);
  title.setBold(true);
  chart()->setTitleFont(title);
}

void ChartView::changeEvent(QEvent* event) {
  QChartView::changeEvent(event);
  if (event->type() != QEvent::PaletteChange) return;
  const bool wasDark = chart()->theme() == QChart::ChartThemeDark;
  const QColor oldBase = chart()->backgroundBrush().color();
  if (wasDark == isDark(palette()) && oldBase == palette().color(QPalette::Base)) return;
  applyPalette();
  emit rebuildNeeded();
}

bool ChartView::viewportEvent(QEvent* event) {
  // Qt asks for a tooltip once the pointer has rested about 0.7 s, and the scene, whose items
  // carry none, answers by hiding the one the hovered element showed: keep it instead, until
  // the pointer leaves the element (showToolTip("")).
  if (event->type() == QEvent::ToolTip && !currentToolTip_.isEmpty()) {
    QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), currentToolTip_, this);
    return true;
  }
  return QChartView::viewportEvent(event);
}

void ChartView::resizeEvent(QResizeEvent* event) {
  QChartView::resizeEvent(event);
  fitFontsToSize();
}

void ChartView::fitFontsToSize() {
  // Full size from this height on (logical pixels); below it the text shrinks with the chart,
  // to at most this factor.
  constexpr qreal kFullSizeHeight = 420;
  constexpr qreal kSmallestFactor = 0.7;
  // In steps of a tenth: every new font lays the chart out again.
  const qreal factor =
      std::round(std::clamp(height() / kFullSizeHeight, kSmallestFactor, 1.0) * 10) / 10;
  const auto scaled = [factor](QFont font) {
    if (font.pointSizeF() > 0) font.setPointSizeF(font.pointSizeF() * factor);
    return font;
  };
  for (QAbstractAxis* axis : chart()->axes()) {
    // The theme's fonts, kept on the axis the first time, so that shrinking does not compound.
    if (!axis->property("themeLabelsFont").isValid()) {
      axis->setProperty("themeLabelsFont", axis->labelsFont());
      axis->setProperty("themeTitleFont", axis->titleFont());
    }
    const QFont labels = scaled(axis->property("themeLabelsFont").value<QFont>());
    if (labels != axis->labelsFont()) axis->setLabelsFont(labels);
    const QFont title = scaled(axis->property("themeTitleFont").value<QFont>());
    if (title != axis->titleFont()) axis->setTitleFont(title);
  }
}

QString ChartView::tabTitleFor(const ChartInput&) const { return tabTitle(); }

QString ChartView::exportStemFor(const ChartInput&) const { return fileStem(); }

void ChartView::setInput(const ChartInput& input) {
  for (const ValueLabel& label : valueLabels_) delete label.item;
  valueLabels_.clear();
  elements_.clear();
  showToolTip({});
  chart()->zoomReset();
  chart()->removeAllSeries();
  for (QAbstractAxis* axis : chart()->axes()) {
    chart()->removeAxis(axis);
    delete axis;
  }
  chart()->setTitle({});
  chart()->legend()->setMarkerShape(QLegend::MarkerShapeDefault);
  limitNotes_.clear();
  build(input);
  // A legend too long for one row under a typical plot reads better as a column than cut short
  // in a row ("serial fraction 100.0 % (A…").
  const QFontMetricsF metrics(chart()->legend()->font());
  double row = 0;
  for (QLegendMarker* marker : chart()->legend()->markers())
    if (!marker->series()->property("hiddenFromLegend").toBool())
      row += metrics.horizontalAdvance(marker->label()) + kLegendEntryExtra;
  chart()->legend()->setAlignment(row > kTypicalPlotWidth ? Qt::AlignRight : Qt::AlignBottom);
  placeValueLabels();
  fitFontsToSize();
  connectLegend();
  // Entries hidden before stay hidden while the chart still has them.
  QStringList names;
  for (QLegendMarker* marker : chart()->legend()->markers()) names << marker->label();
  const QStringList hidden = std::exchange(hiddenEntries_, {});
  for (const QString& name : hidden)
    if (names.contains(name)) setEntryHidden(name, true);
  restyleElements();
}

QLogValueAxis* ChartView::addLogAxis(Qt::Alignment alignment, const QString& title, double minValue,
                                     double maxValue) {
  auto* axis = new QLogValueAxis;
  axis->setTitleText(title);
  axis->setBase(10);
  axis->setLabelFormat(QStringLiteral("%g"));
  axis->setMinorTickCount(8);
  const auto [low, high] = decades(minValue, maxValue);
  axis->setRange(low, high);
  chart()->addAxis(axis, alignment);
  return axis;
}

QValueAxis* ChartView::addValueAxis(Qt::Alignment alignment, const QString& title, double minValue,
                                    double maxValue) {
  auto* axis = new QValueAxis;
  axis->setTitleText(title);
  const auto [low, high] = valueRange(minValue, maxValue);
  axis->setRange(low, high);
  axis->applyNiceNumbers();
  chart()->addAxis(axis, alignment);
  return axis;
}

void ChartView::turnLabelsToFit(QAbstractAxis* axis, const QStringList& labels, std::size_t count) {
  const auto fit = [this, axis, labels, count](double plotWidth) {
    // Measured at each layout: fitFontsToSize changes the font with the chart's size.
    const double needed = labelRoom(widestLabel(labels, axis->labelsFont()));
    const bool upright = fitsUpright(needed, count, plotWidth);
    // Turned, a label needs its width in height under the plot. A chart too short to give it
    // (a quarter of its height) would cut each to "..." and squeeze the rows under it: then
    // the labels stay upright, one line high, and are not drawn; the legend and the tooltips
    // name them.
    const double height = chart()->size().height();
    const bool room = upright || height <= 0 || needed <= height / 4;
    const int angle = upright || !room ? 0 : -90;
    if (axis->labelsAngle() != angle) axis->setLabelsAngle(angle);
    drawLabels(axis, room);
  };
  fitNowAndOnLayout(axis, fit);
}

void ChartView::fitLabels(QCategoryAxis* axis, const QStringList& labels, const QStringList& brief,
                          std::size_t count) {
  const auto fit = [axis, labels, brief, count](double plotWidth) {
    const QFont font = axis->labelsFont();
    const bool whole = fitsUpright(labels, font, count, plotWidth);
    const QStringList& wanted = whole ? labels : brief;
    const QStringList& other = whole ? brief : labels;
    if (!wanted.isEmpty() && !axis->categoriesLabels().contains(wanted.front()))
      for (qsizetype i = 0; i < wanted.size(); ++i) axis->replaceLabel(other[i], wanted[i]);
    // Not drawn rather than each cut to "…": the legend's patterns still tell the runs apart.
    drawLabels(axis, whole || fitsUpright(brief, font, count, plotWidth));
  };
  fitNowAndOnLayout(axis, fit);
}

void ChartView::fitNowAndOnLayout(QAbstractAxis* axis, const std::function<void(double)>& fit) {
  fit(kTypicalPlotWidth);
  connect(chart(), &QChart::plotAreaChanged, axis,
          [fit](const QRectF& plot) { fit(plot.width()); });
}

void ChartView::drawLabels(QAbstractAxis* axis, bool drawn) {
  // In no colour rather than hidden: labels hidden are not measured again when shown, and
  // would be cut.
  QColor colour = axis->labelsColor();
  if ((colour.alpha() > 0) == drawn) return;
  colour.setAlpha(drawn ? 255 : 0);
  axis->setLabelsColor(colour);
}

void ChartView::addSeries(QAbstractSeries* series) {
  chart()->addSeries(series);
  for (QAbstractAxis* axis : chart()->axes()) series->attachAxis(axis);
}

void ChartView::showLineSamplesInLegend() {
  chart()->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
}

void ChartView::styleLine(QXYSeries* series, const QColor& colour, Qt::PenStyle dash) {
  QPen pen(colour);
  pen.setWidthF(2.5);
  pen.setStyle(dash);
  series->setPen(pen);
}

void ChartView::addReferenceLine(QXYSeries* series, const QColor& color) {
  QPen pen(color);
  pen.setStyle(Qt::DashLine);
  pen.setWidthF(2);
  series->setPen(pen);
  addSeries(series);
}

void ChartView::setMarkerShape(QXYSeries* series, std::size_t shape, const QColor& colour) {
  constexpr qreal kMarkerSize = 11;
  if (shape == 0) return series->setPointsVisible(true);
  series->setMarkerSize(kMarkerSize);
  series->setLightMarker(markerImage(shape, colour, kMarkerSize));
}

void ChartView::addLegendEntry(const QString& name, const QBrush& brush, const QPen& pen) {
  // An area without points draws nothing; its legend marker shows its brush and pen.
  // The area does not own its line (Qt Charts), so the line is the area's child.
  auto* entry = new QAreaSeries;
  entry->setUpperSeries(new QLineSeries(entry));
  entry->setName(name);
  entry->setBrush(brush);
  entry->setPen(pen);
  addSeries(entry);
}

void ChartView::hideFromLegend(QAbstractSeries* series) {
  series->setProperty("hiddenFromLegend", true);
  for (QLegendMarker* marker : chart()->legend()->markers(series)) marker->setVisible(false);
}

void ChartView::shareLegendEntries(QXYSeries* line, const QStringList& entries) {
  line->setProperty("legendEntries", entries);
  hideFromLegend(line);
}

void ChartView::addLegendLine(const QString& name, const QPen& pen, const QXYSeries* markerOf) {
  if (std::ranges::any_of(chart()->series(), [&](const QAbstractSeries* s) {
        return s->name() == name && s->property("legendOnly").toBool();
      }))
    return;
  auto* entry = new QLineSeries;
  entry->setName(name);
  entry->setPen(pen);
  entry->setProperty("legendOnly", true);
  addSeries(entry);
  if (!markerOf) return;
  entry->setMarkerSize(markerOf->markerSize());
  entry->setLightMarker(markerOf->lightMarker());
  entry->setPointsVisible(markerOf->pointsVisible());
}

void ChartView::shareLegendEntries(QXYSeries* line, const QString& variant, const QString& run) {
  shareLegendEntries(line, QStringList{variant, run});
  QPen solid = line->pen();
  solid.setStyle(Qt::SolidLine);
  addLegendLine(variant, solid, line);
}

void ChartView::addSharedRunEntries() {
  std::vector<std::pair<QString, QPen>> runs;
  for (const QAbstractSeries* series : chart()->series()) {
    const QStringList entries = series->property("legendEntries").toStringList();
    if (entries.size() < 2 ||
        std::ranges::any_of(runs, [&](const auto& r) { return r.first == entries[1]; }))
      continue;
    QPen grey = static_cast<const QXYSeries*>(series)->pen();
    grey.setColor(QColor(0x80, 0x80, 0x80));
    runs.emplace_back(entries[1], grey);
  }
  for (const auto& [name, pen] : runs) addLegendLine(name, pen);
}

QFont ChartView::valueLabelFont() const {
  QFont font = chart()->legend()->font();
  font.setPointSizeF(font.pointSizeF() * 0.9);
  return font;
}

QGraphicsSimpleTextItem* ChartView::addValueLabel(QAbstractSeries* series, QPointF value,
                                                  const QString& text, bool vertical,
                                                  const QColor& colour) {
  auto* item = new QGraphicsSimpleTextItem(text, chart());
  // In its colour where that is legible on the chart (WCAG AA), else darker or lighter: a
  // flagged label's red, a light variant's colour on white.
  const QColor background = chart()->backgroundBrush().color();
  item->setBrush(legibleOn(colour.isValid() ? colour : chart()->titleBrush().color(), background));
  item->setFont(valueLabelFont());
  // Above the grid lines and the series, on a backing of the chart's own background, so that no
  // line runs through the text.
  item->setZValue(1000);
  auto* backing = new QGraphicsRectItem(item->boundingRect(), item);
  backing->setBrush(chart()->backgroundBrush());
  backing->setPen(Qt::NoPen);
  backing->setFlag(QGraphicsItem::ItemStacksBehindParent);
  if (vertical) item->setRotation(-90);
  valueLabels_.push_back({series, value, item, vertical});
  return item;
}

void ChartView::placeValueLabels() {
  constexpr qreal kGap = 3;
  for (const ValueLabel& label : valueLabels_) {
    const QPointF at = chart()->mapToPosition(label.value, label.series);
    const QRectF text = label.item->boundingRect();
    // Its text may have grown since (a roof's label naming a second roof).
    for (QGraphicsItem* child : label.item->childItems())
      if (auto* backing = qgraphicsitem_cast<QGraphicsRectItem*>(child)) backing->setRect(text);
    // Rotated by -90°, the text runs upwards from its origin and its height lies to the right.
    if (label.vertical) {
      label.item->setPos(at.x() - text.height() / 2, at.y() - kGap);
      continue;
    }
    // Kept within the plot: a long label near its edge ran into the legend.
    const QRectF plot = chart()->plotArea();
    const qreal left =
        std::max(plot.left(), std::min(at.x() - text.width() / 2, plot.right() - text.width()));
    label.item->setPos(left, at.y() - kGap - text.height());
  }
}

QString ChartView::withKernel(const QString& title, const ChartInput& input) {
  if (input.kernel.empty()) return title;
  if (input.runs.empty()) return QStringLiteral("%1 \u2014 %2").arg(title, input.kernelName());
  return QStringLiteral("%1 \u2014 %2 \u00b7 %3").arg(title, input.kernelName(), input.runsName());
}

void ChartView::setChartTitle(const QString& title, QStringList notes) {
  // Titles are rich text, for the notes' small type: the names in them are escaped, and a
  // title that needed it is rich text even without notes, so that it reads as written.
  notes = limitNotes_ + notes;
  const QString escapedTitle = title.toHtmlEscaped();
  if (notes.isEmpty() && escapedTitle == title) return chart()->setTitle(title);
  QStringList escaped;
  for (const QString& note : notes) escaped << note.toHtmlEscaped();
  chart()->setTitle(QStringLiteral("%1<br><small>%2</small>")
                        .arg(escapedTitle, escaped.join(QStringLiteral("<br>"))));
}

void ChartView::showEmpty(const QString& title, const QString& hint, const QStringList& notes) {
  if (!notes.isEmpty()) return setChartTitle(title, notes);
  chart()->setTitle(QStringLiteral("%1<br><small>%2</small>").arg(title.toHtmlEscaped(), hint));
}

void ChartView::noteLimit(Limited what, std::size_t shown, std::size_t total) {
  switch (what) {
    case Limited::slotPoints:
      limitNotes_
          << tr("Showing the first %1 of %2 points (see the table for all)").arg(shown).arg(total);
      break;
    case Limited::lines:
      limitNotes_
          << tr("Showing the first %1 of %2 lines (see the table for all)").arg(shown).arg(total);
      break;
    case Limited::linePoints:
      limitNotes_ << tr("Lines show their first %1 points of up to %2 (see the table for all)")
                         .arg(shown)
                         .arg(total);
      break;
  }
}

}  // namespace accellab::gui
