#include "charts/chartview.h"

#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QGraphicsLayout>
#include <QLogValueAxis>
#include <QPalette>
#include <QPen>
#include <QValueAxis>
#include <QXYSeries>
#include <cmath>

namespace accellab::gui {

namespace {

bool darkPalette() { return QApplication::palette().color(QPalette::Window).lightness() < 128; }

// Log axes label only whole decades, so the range is widened to decades, with a margin so
// that no point sits on the frame.
std::pair<double, double> decades(double minValue, double maxValue) {
  if (!(minValue > 0)) minValue = maxValue > 0 ? maxValue / 10 : 1;
  if (!(maxValue >= minValue)) maxValue = minValue;
  minValue /= 1.2;
  maxValue *= 1.2;
  double low = std::pow(10.0, std::floor(std::log10(minValue)));
  double high = std::pow(10.0, std::ceil(std::log10(maxValue)));
  if (high <= low) high = low * 10;
  return {low, high};
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
}

void ChartView::setInput(const ChartInput& input) {
  chart()->removeAllSeries();
  for (QAbstractAxis* axis : chart()->axes()) {
    chart()->removeAxis(axis);
    delete axis;
  }
  chart()->setTitle({});
  build(input);
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
  axis->setRange(minValue, maxValue);
  axis->applyNiceNumbers();
  chart()->addAxis(axis, alignment);
  return axis;
}

void ChartView::addSeries(QAbstractSeries* series) {
  chart()->addSeries(series);
  for (QAbstractAxis* axis : chart()->axes()) series->attachAxis(axis);
}

void ChartView::thickenLine(QXYSeries* series) {
  QPen pen = series->pen();
  pen.setWidthF(2.5);
  series->setPen(pen);
}

void ChartView::addReferenceLine(QXYSeries* series, const QColor& color) {
  QPen pen(color);
  pen.setStyle(Qt::DashLine);
  pen.setWidthF(2);
  series->setPen(pen);
  addSeries(series);
}

QString ChartView::withKernel(const QString& title, const ChartInput& input) {
  if (input.kernel.empty()) return title;
  return QStringLiteral("%1 \u2014 %2").arg(title, QString::fromStdString(input.kernel));
}

void ChartView::showEmpty(const QString& title, const QString& hint) {
  chart()->setTitle(QStringLiteral("%1<br><small>%2</small>").arg(title, hint));
}

std::vector<SeriesSnapshot> ChartView::snapshot() const {
  std::vector<SeriesSnapshot> result;
  for (QAbstractSeries* series : chart()->series()) {
    if (auto* xy = qobject_cast<QXYSeries*>(series)) {
      const QList<QPointF> points = xy->points();
      result.push_back({xy->name(), {points.begin(), points.end()}});
    } else if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
      for (QBarSet* set : bars->barSets()) {
        SeriesSnapshot snap{set->label(), {}};
        for (int i = 0; i < set->count(); ++i) snap.points.emplace_back(i, set->at(i));
        result.push_back(std::move(snap));
      }
    } else if (auto* boxes = qobject_cast<QBoxPlotSeries*>(series)) {
      SeriesSnapshot snap{boxes->name(), {}};
      const QList<QBoxSet*> sets = boxes->boxSets();
      for (int i = 0; i < sets.size(); ++i)
        snap.points.emplace_back(i, sets[i]->at(QBoxSet::Median));
      result.push_back(std::move(snap));
    }
  }
  return result;
}

}  // namespace accellab::gui
