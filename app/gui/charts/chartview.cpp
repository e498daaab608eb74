#include "charts/chartview.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QApplication>
#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMouseEvent>
#include <QPalette>
#include <QPen>
#include <QResizeEvent>
#include <QRubberBand>
#include <QToolTip>
#include <QValueAxis>
#include <QXYSeries>
#include <algorithm>
#include <cmath>
#include <limits>

#include "charts/chartstyle.h"

namespace accellab::gui {

namespace {

bool isDark(const QPalette& palette) { return palette.color(QPalette::Window).lightness() < 128; }

// What a legend entry takes in a row besides its label: its marker and the spaces around it.
constexpr double kLegendEntryExtra = 40;

// A legend marker of a hidden entry: its colours at this opacity.
constexpr qreal kDimmedAlpha = 0.3;

QColor withAlpha(QColor colour, qreal alpha) {
  colour.setAlphaF(alpha);
  return colour;
}

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

// The categories of the bar category axis a bar series is attached to.
QStringList categoriesOf(QAbstractBarSeries* series) {
  for (QAbstractAxis* axis : series->attachedAxes())
    if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis)) return categories->categories();
  return {};
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
  const auto fit = [axis, labels, count](double plotWidth) {
    const int angle = fitsUpright(labels, axis->labelsFont(), count, plotWidth) ? 0 : -90;
    if (axis->labelsAngle() != angle) axis->setLabelsAngle(angle);
  };
  fit(kTypicalPlotWidth);
  connect(chart(), &QChart::plotAreaChanged, axis,
          [fit](const QRectF& plot) { fit(plot.width()); });
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
    label.item->setPos(label.vertical
                           ? QPointF(at.x() - text.height() / 2, at.y() - kGap)
                           : QPointF(at.x() - text.width() / 2, at.y() - kGap - text.height()));
  }
}

void ChartView::showToolTip(const QString& text) {
  currentToolTip_ = text;
  if (text.isEmpty())
    QToolTip::hideText();
  else
    QToolTip::showText(QCursor::pos(), text, this);
}

void ChartView::showToolTips(QBoxPlotSeries* series) {
  connect(series, &QBoxPlotSeries::hovered, this, [this](bool status, QBoxSet* box) {
    showToolTip(status ? box->property("toolTip").toString() : QString());
  });
  connect(series, &QBoxPlotSeries::clicked, this, &ChartView::activateBox);
}

qsizetype ChartView::nearestIndex(QXYSeries* series, QPointF value) const {
  // The point under the cursor: the nearest on screen.
  const QPointF cursor = chart()->mapToPosition(value, series);
  qsizetype nearest = -1;
  qreal best = std::numeric_limits<qreal>::max();
  for (qsizetype i = 0; i < series->count(); ++i) {
    const QPointF d = chart()->mapToPosition(series->at(i), series) - cursor;
    if (QPointF::dotProduct(d, d) < best) {
      best = QPointF::dotProduct(d, d);
      nearest = i;
    }
  }
  return nearest;
}

void ChartView::showToolTips(QXYSeries* series, const QStringList& toolTips) {
  series->setProperty("toolTips", toolTips);
  connect(series, &QXYSeries::hovered, this, [this, series](const QPointF& at, bool status) {
    const QStringList texts = series->property("toolTips").toStringList();
    const qsizetype nearest = status ? nearestIndex(series, at) : -1;
    showToolTip(nearest >= 0 && nearest < texts.size() ? texts[nearest] : QString());
  });
  connect(series, &QXYSeries::clicked, this,
          [this, series](const QPointF& at) { activateLinePoint(series, at); });
}

void ChartView::activateBox(QBoxSet* box) {
  if (zooming_) return;
  for (const Element& element : elements_)
    if (element.box == box) return emit pointActivated(element.id);
}

void ChartView::activateLinePoint(QXYSeries* series, QPointF value) {
  if (zooming_) return;
  const qsizetype index = nearestIndex(series, value);
  for (const Element& element : elements_)
    if (element.line == series && element.index == index) return emit pointActivated(element.id);
}

void ChartView::activatePointUnder(QPointF chartPosition) {
  if (zooming_) return;
  // Within a marker's reach, as a click on the line point itself would be.
  constexpr qreal kReach = 8;
  const Element* nearest = nullptr;
  qreal nearestDistance = kReach;
  for (const Element& e : elements_) {
    if (!e.line || !e.line->isVisible()) continue;
    const QPointF delta = chart()->mapToPosition(e.line->at(e.index), e.line) - chartPosition;
    const qreal distance = std::hypot(delta.x(), delta.y());
    if (distance <= nearestDistance) {
      nearest = &e;
      nearestDistance = distance;
    }
  }
  if (nearest) emit pointActivated(nearest->id);
}

void ChartView::addElement(PointId id, QBoxSet* box, const QStringList& entries,
                           QGraphicsSimpleTextItem* valueLabel) {
  elements_.push_back(
      {id, box, box->brush(), box->pen(), entries, valueLabel, nullptr, 0, false, nullptr, 0});
}

void ChartView::addElement(PointId id, QXYSeries* line, qsizetype index, bool flagged) {
  elements_.push_back({id, nullptr, {}, {}, {}, nullptr, line, index, flagged, nullptr, 0});
}

void ChartView::addElement(PointId id, QAbstractBarSeries* bars, int column, double height) {
  elements_.push_back({id, nullptr, {}, {}, {}, nullptr, nullptr, column, false, bars, height});
}

void ChartView::highlightPoints(const std::vector<PointId>& ids) {
  highlighted_ = std::set<PointId>(ids.begin(), ids.end());
  restyleElements();
}

void ChartView::restyleElements() {
  const QColor outline = palette().color(QPalette::WindowText);
  std::set<QXYSeries*> lines;
  for (const Element& e : elements_) {
    if (e.line) lines.insert(e.line);
    if (!e.box) continue;
    const bool hidden = std::ranges::any_of(
        e.entries, [&](const QString& entry) { return hiddenEntries_.contains(entry); });
    QPen pen = e.pen;
    if (highlighted_.contains(e.id)) {
      pen.setColor(outline);
      pen.setStyle(Qt::SolidLine);
      pen.setWidthF(3.5);
    }
    // Transparent, not Qt::NoPen or Qt::NoBrush: a box set takes those as "unset" and draws
    // with the series' pen and brush.
    e.box->setBrush(hidden ? QBrush(Qt::transparent) : e.brush);
    e.box->setPen(hidden ? QPen(QColor(Qt::transparent)) : pen);
    if (e.valueLabel) e.valueLabel->setVisible(!hidden);
  }
  for (QXYSeries* line : lines) {
    line->deselectAllPoints();
    line->setSelectedColor(outline);
  }
  for (const Element& e : elements_) {
    if (!e.line) continue;
    const auto index = static_cast<int>(e.index);
    // A flagged point: a larger dot in the flag colour, over the line's own marker.
    if (e.flagged)
      e.line->setPointConfiguration(index, {{QXYSeries::PointConfiguration::Color, flagColour()},
                                            {QXYSeries::PointConfiguration::Size, 5.0},
                                            {QXYSeries::PointConfiguration::Visibility, true}});
    if (highlighted_.contains(e.id)) e.line->selectPoint(index);
  }
}

void ChartView::connectLegend() {
  for (QLegendMarker* marker : chart()->legend()->markers()) {
    connect(marker, &QLegendMarker::clicked, this, [this, marker] {
      setEntryHidden(marker->label(), !hiddenEntries_.contains(marker->label()));
    });
  }
}

void ChartView::setEntryHidden(const QString& name, bool hidden) {
  if (hidden == hiddenEntries_.contains(name)) return;
  if (hidden)
    hiddenEntries_ << name;
  else
    hiddenEntries_.removeAll(name);
  // A line hides with the segments after its breaks, which share its name; entries for what
  // no series stands for (a variant among boxes) hide their elements.
  for (QAbstractSeries* series : chart()->series()) {
    if (series->name() != name) continue;
    if (!qobject_cast<QAreaSeries*>(series)) series->setVisible(!hidden);
    if (series->property("hiddenFromLegend").toBool()) continue;
    for (QLegendMarker* marker : chart()->legend()->markers(series)) {
      // Hiding a series hides its marker: it stays, dimmed, to be clicked again.
      marker->setVisible(true);
      const qreal alpha = hidden ? kDimmedAlpha : 1.0;
      marker->setLabelBrush(withAlpha(chart()->legend()->labelColor(), alpha));
      QBrush brush = marker->brush();
      brush.setColor(withAlpha(brush.color(), alpha));
      marker->setBrush(brush);
      QPen pen = marker->pen();
      pen.setColor(withAlpha(pen.color(), alpha));
      marker->setPen(pen);
    }
  }
  restyleElements();
}

QStringList ChartView::hiddenEntries() const { return hiddenEntries_; }

void ChartView::layOutNow() const {
  // A tab just shown has its layout pending: positions are those of the laid-out chart.
  if (chart()->layout()) chart()->layout()->activate();
  if (chart()->legend()->layout()) chart()->legend()->layout()->activate();
}

std::optional<QPoint> ChartView::elementPosition(PointId id) const {
  layOutNow();
  for (const Element& e : elements_) {
    if (e.id != id) continue;
    QPointF at;
    if (e.line) {
      at = chart()->mapToPosition(e.line->at(e.index), e.line);
    } else if (e.bars) {
      at = chart()->mapToPosition(QPointF(static_cast<double>(e.index), e.height / 2), e.bars);
    } else {
      // Boxes of several series share a slot side by side, in the order of the series.
      std::vector<QBoxPlotSeries*> layers;
      for (QAbstractSeries* s : chart()->series())
        if (auto* boxes = qobject_cast<QBoxPlotSeries*>(s)) layers.push_back(boxes);
      const auto found = std::ranges::find_if(
          layers, [&](QBoxPlotSeries* boxes) { return boxes->boxSets().contains(e.box); });
      if (found == layers.end()) continue;
      QBoxPlotSeries* series = *found;
      const auto layer = found - layers.begin();
      const double x = static_cast<double>(series->boxSets().indexOf(e.box)) - 0.5 +
                       (static_cast<double>(layer) + 0.5) / static_cast<double>(layers.size());
      // The middle of the box, between its quartiles.
      at = chart()->mapToPosition(
          QPointF(x, (e.box->at(QBoxSet::LowerQuartile) + e.box->at(QBoxSet::UpperQuartile)) / 2),
          series);
    }
    return mapFromScene(chart()->mapToScene(at));
  }
  return std::nullopt;
}

std::optional<QPoint> ChartView::legendEntryPosition(const QString& name) const {
  layOutNow();
  // The legend draws each entry's label as a text item inside the entry.
  for (QGraphicsItem* item : chart()->legend()->childItems()) {
    std::vector<QGraphicsItem*> pending{item};
    while (!pending.empty()) {
      QGraphicsItem* current = pending.back();
      pending.pop_back();
      for (QGraphicsItem* child : current->childItems()) pending.push_back(child);
      const auto* text = dynamic_cast<QGraphicsTextItem*>(current);
      if (text && text->isVisible() && text->toPlainText() == name)
        return mapFromScene(text->mapToScene(text->boundingRect().center()));
    }
  }
  return std::nullopt;
}

std::pair<double, double> ChartView::axisRange(Qt::Orientation orientation) const {
  const QList<QAbstractAxis*> axes = chart()->axes(orientation);
  if (axes.isEmpty()) return {0, 0};
  if (auto* log = qobject_cast<QLogValueAxis*>(axes.front())) return {log->min(), log->max()};
  if (auto* value = qobject_cast<QValueAxis*>(axes.front())) return {value->min(), value->max()};
  return {0, 0};
}

void ChartView::resetZoom() { chart()->zoomReset(); }

void ChartView::mousePressEvent(QMouseEvent* event) {
  const QPoint at = event->position().toPoint();
  if (zoomable_ && event->button() == Qt::LeftButton &&
      chart()->plotArea().contains(chart()->mapFromScene(mapToScene(at))))
    pressedAt_ = at;
  QChartView::mousePressEvent(event);
}

void ChartView::mouseMoveEvent(QMouseEvent* event) {
  if (pressedAt_) {
    const QRect band = QRect(*pressedAt_, event->position().toPoint()).normalized();
    if (rubberBand_->isVisible() ||
        band.width() + band.height() >= QApplication::startDragDistance()) {
      rubberBand_->setGeometry(band);
      rubberBand_->show();
    }
  }
  QChartView::mouseMoveEvent(event);
}

void ChartView::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() == Qt::RightButton && zoomable_) {
    resetZoom();
    event->accept();
    return;
  }
  const bool zooming = pressedAt_ && rubberBand_->isVisible();
  pressedAt_.reset();
  if (!zooming || event->button() != Qt::LeftButton) {
    clickActivated_ = false;
    QChartView::mouseReleaseEvent(event);
    // Qt hit-tests the topmost item only: a reference line over a point, or a line of one
    // point, takes the click from the point under it.
    if (event->button() == Qt::LeftButton && !clickActivated_)
      activatePointUnder(chart()->mapFromScene(mapToScene(event->position().toPoint())));
    return;
  }
  rubberBand_->hide();
  // The band in the chart's coordinates, within the plot.
  const QRectF band = chart()->mapFromScene(mapToScene(rubberBand_->geometry())).boundingRect();
  const QRectF zoomed = band.intersected(chart()->plotArea());
  if (zoomed.width() > 1 && zoomed.height() > 1) chart()->zoomIn(zoomed);
  // The items saw the press and hear of the release, which is no click on them.
  zooming_ = true;
  QChartView::mouseReleaseEvent(event);
  zooming_ = false;
  event->accept();
}

void ChartView::mouseDoubleClickEvent(QMouseEvent* event) {
  if (zoomable_ && event->button() == Qt::LeftButton) resetZoom();
  QChartView::mouseDoubleClickEvent(event);
}

void ChartView::keyPressEvent(QKeyEvent* event) {
  if (zoomable_ && (event->key() == Qt::Key_Escape || event->key() == Qt::Key_0)) {
    resetZoom();
    event->accept();
    return;
  }
  QChartView::keyPressEvent(event);
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

std::vector<SeriesSnapshot> ChartView::snapshot() const {
  std::vector<SeriesSnapshot> result;
  for (QAbstractSeries* series : chart()->series()) {
    if (auto* xy = qobject_cast<QXYSeries*>(series)) {
      SeriesSnapshot snap;
      snap.name = xy->name();
      snap.visible = xy->isVisible();
      const QStringList toolTips = xy->property("toolTips").toStringList();
      for (qsizetype i = 0; i < xy->count(); ++i) {
        snap.points.push_back(xy->at(i));
        snap.toolTips.push_back(i < toolTips.size() ? toolTips[i] : QString());
        snap.flagged.push_back(!xy->pointConfiguration(static_cast<int>(i)).isEmpty());
        snap.colours.push_back(xy->pen().color());
        snap.highlighted.push_back(xy->isPointSelected(static_cast<int>(i)));
      }
      for (const ValueLabel& label : valueLabels_) {
        if (label.series != series) continue;
        snap.valueLabels.push_back(label.item->text());
        snap.valueLabelContrast.push_back(
            contrastRatio(label.item->brush().color(), chart()->backgroundBrush().color()));
      }
      result.push_back(std::move(snap));
    } else if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
      const QStringList categories = categoriesOf(bars);
      for (QBarSet* set : bars->barSets()) {
        SeriesSnapshot snap;
        snap.name = set->label();
        snap.visible = bars->isVisible();
        for (int i = 0; i < set->count(); ++i) {
          snap.points.emplace_back(i, set->at(i));
          snap.labels.push_back(i < categories.size() ? categories[i] : QString());
          snap.toolTips.emplace_back();
          snap.flagged.push_back(false);
          snap.colours.push_back(set->brush().color());
          snap.highlighted.push_back(false);
        }
        result.push_back(std::move(snap));
      }
    } else if (auto* boxes = qobject_cast<QBoxPlotSeries*>(series)) {
      SeriesSnapshot snap;
      snap.name = boxes->name();
      snap.visible = boxes->isVisible();
      const QList<QBoxSet*> sets = boxes->boxSets();
      for (qsizetype i = 0; i < sets.size(); ++i) {
        snap.points.emplace_back(i, sets[i]->at(QBoxSet::Median));
        snap.labels.push_back(sets[i]->label());
        snap.toolTips.push_back(sets[i]->property("toolTip").toString());
        snap.flagged.push_back(sets[i]->property("flagged").toBool());
        // A box shows its fill's colour; a hidden one neither fill nor outline.
        const bool drawn = sets[i]->pen().color().alpha() > 0;
        snap.colours.push_back(drawn ? sets[i]->brush().color() : QColor(Qt::transparent));
        const auto element = std::ranges::find(elements_, sets[i], &Element::box);
        snap.highlighted.push_back(element != elements_.end() &&
                                   highlighted_.contains(element->id));
      }
      result.push_back(std::move(snap));
    }
  }
  return result;
}

}  // namespace accellab::gui
