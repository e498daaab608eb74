// The numbers a chart shows, without Qt Charts types, so tests and tools outside
// app/gui/charts can compare them with the engine's results.
#pragma once

#include <QPointF>
#include <QString>
#include <vector>

namespace accellab::gui {

// Lines: their points. Bars: one point per bar set value (x = category index).
// Box plots: one point per box (x = category index, y = median).
struct SeriesSnapshot {
  QString name;
  std::vector<QPointF> points;
};

}  // namespace accellab::gui
