// Where the main window may lie: a geometry saved on a bigger screen, or at another scale
// factor, must not open the window larger than the screen or off it.
#pragma once

#include <QRect>

class QWidget;

namespace accellab::gui {

// `window` shrunk to fit `available` where it is larger, then moved as little as possible to
// lie inside it.
QRect fitInside(const QRect& window, const QRect& available);

// The first size of the window: `fraction` of the available area, centred in it.
QRect defaultGeometry(const QRect& available, double fraction = 0.8);

// The screen area `window` lies on (the primary screen's when it lies on none).
QRect availableGeometryOf(const QWidget& window);
// `window` placed inside its screen: its restored geometry, or the first one, never smaller
// than its minimum size hint.
void fitToScreen(QWidget& window, bool restored);
// Once `window` is on the screen and its frame is known (where the platform says so): moved
// so that its title bar is not above the screen's top nor its frame beyond the bottom.
void keepFrameOnScreen(QWidget& window);

}  // namespace accellab::gui
