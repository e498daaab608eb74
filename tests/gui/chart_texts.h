// What a chart shows as text: for the tests that read a chart as its user does.
#pragma once

#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QRegularExpression>
#include <QStringList>

namespace accellab::testing {

// Every text the chart draws now (axis labels and titles, legend entries, value labels), as
// plain text without the invisible characters that keep axis labels apart; with `belowPlot`,
// only those under the plot (the x axes' labels, the legend at the bottom).
inline QStringList visibleTexts(const QChartView& view, bool belowPlot = false) {
  QStringList texts;
  const qreal plotBottom = view.chart()->plotArea().bottom();
  for (const QGraphicsItem* item : view.scene()->items()) {
    if (!item->isVisible()) continue;
    if (belowPlot && item->sceneBoundingRect().top() < plotBottom) continue;
    // A text in no colour is not seen.
    QString text;
    if (const auto* rich = dynamic_cast<const QGraphicsTextItem*>(item))
      text = rich->defaultTextColor().alpha() > 0 ? rich->toPlainText() : QString();
    else if (const auto* plain = dynamic_cast<const QGraphicsSimpleTextItem*>(item))
      text = plain->brush().color().alpha() > 0 ? plain->text() : QString();
    for (const char16_t invisible : {0x200B, 0x200C, 0x200D, 0x2060}) text.remove(QChar(invisible));
    if (!text.isEmpty()) texts << text;
  }
  return texts;
}

// Those of the texts that Qt Charts or AccelLab cut short.
inline QStringList cutTexts(const QChartView& view) {
  QStringList cut;
  for (const QString& text : visibleTexts(view))
    if (text.contains(QStringLiteral("...")) || text.contains(QChar(0x2026))) cut << text;
  return cut;
}

// The texts an SVG export shows: its <text> elements, but those in no colour.
inline QStringList svgTexts(const QString& svg) {
  static const QRegularExpression element(
      QStringLiteral("<text fill=\"[^\"]*\" fill-opacity=\"([^\"]*)\"[^>]*>([^<]*)</text>"));
  QStringList texts;
  for (auto it = element.globalMatch(svg); it.hasNext();) {
    const QRegularExpressionMatch match = it.next();
    if (match.captured(1).toDouble() <= 0) continue;
    QString text = match.captured(2).trimmed();
    for (const char16_t invisible : {0x200B, 0x200C, 0x200D, 0x2060}) text.remove(QChar(invisible));
    texts << text;
  }
  return texts;
}

}  // namespace accellab::testing
