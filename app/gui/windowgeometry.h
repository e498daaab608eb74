// Where the main window may lie: a geometry saved on a bigger screen, or at another scale
// factor, must not open the window larger than the screen or off it.
#pragma once

#include <QRect>

namespace accellab::gui {

// `window` shrunk to fit `available` where it is larger, then moved as little as possible to
// lie inside it.
QRect fitInside(const QRect& window, const QRect& available);

// The first size of the window: `fraction` of the available area, centred in it.
QRect defaultGeometry(const QRect& available, double fraction = 0.8);

}  // namespace accellab::gui
