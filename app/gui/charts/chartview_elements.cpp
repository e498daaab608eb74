// ChartView's elements as a user meets them: tool tips, the point under the mouse or the keys
// activated, the points a table selection highlights, legend entries hidden and shown, zoom;
// and where each is drawn, for the tests and the exports (snapshot).
#include "charts/chartview.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QApplication>
#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QClipboard>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QLegendMarker>
#include <QLogValueAxis>
#include <QMenu>
#include <QMouseEvent>
#include <QPalette>
#include <QPen>
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

// A legend marker of a hidden entry: its colours at this opacity.
constexpr qreal kDimmedAlpha = 0.3;

QColor withAlpha(QColor colour, qreal alpha) {
  colour.setAlphaF(alpha);
  return colour;
}

// The categories of the bar category axis a bar series is attached to.
QStringList categoriesOf(QAbstractBarSeries* series) {
  for (QAbstractAxis* axis : series->attachedAxes())
    if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis)) return categories->categories();
  return {};
}

}  // namespace

void ChartView::showToolTip(const QString& text, std::optional<PointId> element) {
  currentToolTip_ = text;
  hovered_ = text.isEmpty() ? std::nullopt : element;
  if (text.isEmpty())
    QToolTip::hideText();
  else
    QToolTip::showText(QCursor::pos(), text, this);
}

void ChartView::showToolTips(QBoxPlotSeries* series) {
  connect(series, &QBoxPlotSeries::hovered, this, [this](bool status, QBoxSet* box) {
    std::optional<PointId> id;
    for (const Element& element : elements_)
      if (status && element.box == box) id = element.id;
    showToolTip(status ? box->property("toolTip").toString() : QString(), id);
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
    std::optional<PointId> id;
    for (const Element& element : elements_)
      if (element.line == series && element.index == nearest) id = element.id;
    showToolTip(nearest >= 0 && nearest < texts.size() ? texts[nearest] : QString(), id);
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
                           QGraphicsSimpleTextItem* valueLabel, QXYSeries* outliers) {
  elements_.push_back({.id = id,
                       .box = box,
                       .brush = box->brush(),
                       .pen = box->pen(),
                       .entries = entries,
                       .valueLabel = valueLabel,
                       .outliers = outliers});
}

void ChartView::addElement(PointId id, QXYSeries* line, qsizetype index, bool flagged) {
  elements_.push_back({.id = id, .line = line, .index = index, .flagged = flagged});
}

void ChartView::addElement(PointId id, QAbstractBarSeries* bars, int column, double height) {
  elements_.push_back({.id = id, .index = column, .bars = bars, .height = height});
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
    if (e.outliers) e.outliers->setVisible(!hidden);
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
    // A line that shares its entries shows while none of them is hidden.
    if (const QStringList shared = series->property("legendEntries").toStringList();
        !shared.isEmpty()) {
      series->setVisible(std::ranges::none_of(
          shared, [&](const QString& entry) { return hiddenEntries_.contains(entry); }));
      continue;
    }
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

QMenu* ChartView::contextMenu() {
  auto* menu = new QMenu(this);
  if (const QString values = currentToolTip_; !values.isEmpty()) {
    QAction* copy = menu->addAction(tr("Copy Values"));
    copy->setObjectName(QStringLiteral("copyValuesAction"));
    connect(copy, &QAction::triggered, this,
            [values] { QGuiApplication::clipboard()->setText(values); });
  }
  if (const std::optional<PointId> id = hovered_) {
    QAction* show = menu->addAction(tr("Show in Table"));
    show->setObjectName(QStringLiteral("showInTableAction"));
    connect(show, &QAction::triggered, this, [this, id] { emit pointActivated(*id); });
  }
  if (zoomable_ && chart()->isZoomed()) {
    QAction* reset = menu->addAction(tr("Reset Zoom"));
    reset->setObjectName(QStringLiteral("resetZoomAction"));
    connect(reset, &QAction::triggered, this, &ChartView::resetZoom);
  }
  // The window's own for the chart (its exports), after a line where there is more.
  if (!actions().isEmpty()) {
    if (!menu->isEmpty()) menu->addSeparator();
    menu->addActions(actions());
  }
  return menu;
}

void ChartView::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() == Qt::RightButton) {
    // What the element under the pointer and the chart offer; nothing where neither does.
    QMenu* menu = contextMenu();
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (menu->isEmpty())
      menu->close();
    else
      menu->popup(event->globalPosition().toPoint());
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
