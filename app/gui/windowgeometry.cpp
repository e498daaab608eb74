#include "windowgeometry.h"

#include <algorithm>

namespace accellab::gui {

QRect fitInside(const QRect& window, const QRect& available) {
  QRect fitted(window.topLeft(), window.size().boundedTo(available.size()));
  fitted.moveLeft(
      std::clamp(fitted.left(), available.left(), available.right() - fitted.width() + 1));
  fitted.moveTop(
      std::clamp(fitted.top(), available.top(), available.bottom() - fitted.height() + 1));
  return fitted;
}

QRect defaultGeometry(const QRect& available, double fraction) {
  QRect geometry(QPoint(), (available.size() * fraction).boundedTo(available.size()));
  geometry.moveCenter(available.center());
  return geometry;
}

}  // namespace accellab::gui
