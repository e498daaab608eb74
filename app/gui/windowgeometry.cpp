#include "windowgeometry.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>
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

QRect availableGeometryOf(const QWidget& window) {
  const QScreen* screen = QGuiApplication::screenAt(window.geometry().center());
  if (!screen) screen = QGuiApplication::primaryScreen();
  return screen ? screen->availableGeometry() : window.geometry();
}

void fitToScreen(QWidget& window, bool restored) {
  const QRect available = availableGeometryOf(window);
  QRect wanted = restored ? window.geometry() : defaultGeometry(available);
  wanted.setSize(wanted.size().expandedTo(window.minimumSizeHint()));
  window.setGeometry(fitInside(wanted, available));
}

void keepFrameOnScreen(QWidget& window) {
  const QRect frame = window.frameGeometry();
  const QRect fitted = fitInside(frame, availableGeometryOf(window));
  if (fitted == frame) return;
  const QRect inner = window.geometry();
  const QMargins margins(inner.left() - frame.left(), inner.top() - frame.top(),
                         frame.right() - inner.right(), frame.bottom() - inner.bottom());
  window.setGeometry(fitted.marginsRemoved(margins));
}

}  // namespace accellab::gui
