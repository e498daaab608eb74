// The numbers a chart shows, without Qt Charts types, so tests and tools outside
// app/gui/charts can compare them with the engine's results.
#pragma once

#include <QColor>
#include <QPointF>
#include <QString>
#include <vector>

namespace accellab::gui {

// Lines: their points. Bars: one point per bar set value (x = category index). Box plots
// (boxes and the bars drawn as boxes): one point per box (x = slot, y = median, or the bar's
// value).
struct SeriesSnapshot {
  QString name;
  std::vector<QPointF> points;
  // Per point where the chart names its elements: "loop · run 2 · 64x256x256 f64" for a box,
  // the category for a bar; empty for lines.
  std::vector<QString> labels;
  // Per point: what hovering it shows, a flagged point's advice included; "" for nothing.
  std::vector<QString> toolTips;
  // Per point: drawn with the mark of a flagged point.
  std::vector<bool> flagged;
  // Per point: its colour (a box's or bar's fill, a line's pen).
  std::vector<QColor> colours;
  // Per point: drawn highlighted (ChartPanel::highlightPoints).
  std::vector<bool> highlighted;
  // Drawn at all: false when its legend entry hid it.
  bool visible = true;
  // The texts drawn beside the series (ChartView::addValueLabel: a roof's name), line series.
  std::vector<QString> valueLabels;
  // Each one's WCAG contrast ratio against the chart's background (AA for text: 4.5).
  std::vector<double> valueLabelContrast;
};

}  // namespace accellab::gui
