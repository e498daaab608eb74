#include "charts/chartview.h"

#include <QAbstractBarSeries>
#include <QApplication>
#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPalette>
#include <QPen>
#include <QToolTip>
#include <QValueAxis>
#include <QXYSeries>
#include <algorithm>
#include <cmath>
#include <limits>

#include "charts/chartstyle.h"

namespace accellab::gui {

namespace {

bool darkPalette() { return QApplication::palette().color(QPalette::Window).lightness() < 128; }

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

ChartView::ChartView(QWidget* parent) : QChartView(parent) {
  setRenderHint(QPainter::Antialiasing);
  chart()->setTheme(darkPalette() ? QChart::ChartThemeDark : QChart::ChartThemeLight);
  chart()->legend()->setAlignment(Qt::AlignBottom);
  chart()->legend()->setShowToolTips(true);
  chart()->setAnimationOptions(QChart::NoAnimation);
  // Square and edge to edge, so exported images have no frame of another colour.
  chart()->setBackgroundRoundness(0);
  chart()->layout()->setContentsMargins(0, 0, 0, 0);
  QFont title = chart()->titleFont();
  title.setPointSizeF(title.pointSizeF() * 1.25);
  title.setBold(true);
  chart()->setTitleFont(title);
  connect(chart(), &QChart::plotAreaChanged, this, &ChartView::placeValueLabels);
}

void ChartView::setInput(const ChartInput& input) {
  for (const ValueLabel& label : valueLabels_) delete label.item;
  valueLabels_.clear();
  chart()->removeAllSeries();
  for (QAbstractAxis* axis : chart()->axes()) {
    chart()->removeAxis(axis);
    delete axis;
  }
  chart()->setTitle({});
  chart()->legend()->setMarkerShape(QLegend::MarkerShapeDefault);
  hiddenFromLegend_ = 0;
  limitNotes_.clear();
  build(input);
  // A long legend reads better as a column than cut short in a row.
  const qsizetype entries = chart()->legend()->markers().size() - hiddenFromLegend_;
  chart()->legend()->setAlignment(entries > 6 ? Qt::AlignRight : Qt::AlignBottom);
  placeValueLabels();
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

void ChartView::markFlagged(QXYSeries* series, qsizetype index) {
  series->setPointConfiguration(static_cast<int>(index),
                                {{QXYSeries::PointConfiguration::Color, flagColour()},
                                 {QXYSeries::PointConfiguration::Size, 10.0}});
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
  for (QLegendMarker* marker : chart()->legend()->markers(series)) {
    marker->setVisible(false);
    ++hiddenFromLegend_;
  }
}

QFont ChartView::valueLabelFont() const {
  QFont font = chart()->legend()->font();
  font.setPointSizeF(font.pointSizeF() * 0.9);
  return font;
}

void ChartView::addValueLabel(QAbstractSeries* series, QPointF value, const QString& text,
                              bool vertical, const QColor& colour) {
  auto* item = new QGraphicsSimpleTextItem(text, chart());
  item->setBrush(colour.isValid() ? QBrush(colour) : chart()->titleBrush());
  item->setFont(valueLabelFont());
  // Above the grid lines and the series, so that no line crosses the text.
  item->setZValue(1000);
  if (vertical) item->setRotation(-90);
  valueLabels_.push_back({series, value, item, vertical});
}

void ChartView::placeValueLabels() {
  constexpr qreal kGap = 3;
  for (const ValueLabel& label : valueLabels_) {
    const QPointF at = chart()->mapToPosition(label.value, label.series);
    const QRectF text = label.item->boundingRect();
    // Rotated by -90°, the text runs upwards from its origin and its height lies to the right.
    label.item->setPos(label.vertical
                           ? QPointF(at.x() - text.height() / 2, at.y() - kGap)
                           : QPointF(at.x() - text.width() / 2, at.y() - kGap - text.height()));
  }
}

void ChartView::showToolTips(QBoxPlotSeries* series) {
  connect(series, &QBoxPlotSeries::hovered, this, [](bool status, QBoxSet* box) {
    const QString text = box->property("toolTip").toString();
    if (!status || text.isEmpty()) return QToolTip::hideText();
    QToolTip::showText(QCursor::pos(), text);
  });
}

void ChartView::showToolTips(QXYSeries* series, const QStringList& toolTips) {
  series->setProperty("toolTips", toolTips);
  connect(series, &QXYSeries::hovered, this, [this, series](const QPointF& at, bool status) {
    const QStringList texts = series->property("toolTips").toStringList();
    if (!status || series->count() == 0) return QToolTip::hideText();
    // The point under the cursor: the nearest on screen.
    const QPointF cursor = chart()->mapToPosition(at, series);
    qsizetype nearest = 0;
    qreal best = std::numeric_limits<qreal>::max();
    for (qsizetype i = 0; i < series->count(); ++i) {
      const QPointF d = chart()->mapToPosition(series->at(i), series) - cursor;
      if (QPointF::dotProduct(d, d) < best) {
        best = QPointF::dotProduct(d, d);
        nearest = i;
      }
    }
    if (nearest >= texts.size() || texts[nearest].isEmpty()) return QToolTip::hideText();
    QToolTip::showText(QCursor::pos(), texts[nearest]);
  });
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
      SeriesSnapshot snap{xy->name(), {}, {}, {}, {}};
      const QStringList toolTips = xy->property("toolTips").toStringList();
      for (qsizetype i = 0; i < xy->count(); ++i) {
        snap.points.push_back(xy->at(i));
        snap.toolTips.push_back(i < toolTips.size() ? toolTips[i] : QString());
        snap.flagged.push_back(!xy->pointConfiguration(static_cast<int>(i)).isEmpty());
      }
      result.push_back(std::move(snap));
    } else if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
      const QStringList categories = categoriesOf(bars);
      for (QBarSet* set : bars->barSets()) {
        SeriesSnapshot snap{set->label(), {}, {}, {}, {}};
        for (int i = 0; i < set->count(); ++i) {
          snap.points.emplace_back(i, set->at(i));
          snap.labels.push_back(i < categories.size() ? categories[i] : QString());
          snap.toolTips.emplace_back();
          snap.flagged.push_back(false);
        }
        result.push_back(std::move(snap));
      }
    } else if (auto* boxes = qobject_cast<QBoxPlotSeries*>(series)) {
      SeriesSnapshot snap{boxes->name(), {}, {}, {}, {}};
      const QList<QBoxSet*> sets = boxes->boxSets();
      for (qsizetype i = 0; i < sets.size(); ++i) {
        snap.points.emplace_back(i, sets[i]->at(QBoxSet::Median));
        snap.labels.push_back(sets[i]->label());
        snap.toolTips.push_back(sets[i]->property("toolTip").toString());
        snap.flagged.push_back(sets[i]->property("flagged").toBool());
      }
      result.push_back(std::move(snap));
    }
  }
  return result;
}

}  // namespace accellab::gui
