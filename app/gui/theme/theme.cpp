#include "theme/theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace accellab::gui {
namespace {

struct PlatformLook {
  QString style;
  QPalette palette;
};

// What the application looked like before any theme was applied.
const PlatformLook& platformLook() {
  static const PlatformLook look{QApplication::style()->name(), QApplication::palette()};
  return look;
}

QPalette darkPalette() {
  const QColor window(45, 45, 48);
  const QColor base(30, 30, 32);
  const QColor text(225, 225, 225);
  const QColor disabledText(130, 130, 130);
  const QColor highlight(52, 120, 198);
  QPalette p;
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, base);
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::PlaceholderText, disabledText);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, Qt::white);
  p.setColor(QPalette::Light, window.lighter(150));
  p.setColor(QPalette::Midlight, window.lighter(125));
  p.setColor(QPalette::Mid, window.darker(120));
  p.setColor(QPalette::Dark, window.darker(150));
  p.setColor(QPalette::Shadow, Qt::black);
  p.setColor(QPalette::Highlight, highlight);
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Link, highlight.lighter(140));
  p.setColor(QPalette::LinkVisited, highlight.lighter(110));
  for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, role, disabledText);
  p.setColor(QPalette::Disabled, QPalette::Highlight, window.lighter(130));
  return p;
}

}  // namespace

void applyTheme(Theme theme) {
  const PlatformLook& platform = platformLook();
  if (theme == Theme::followSystem) {
    if (QStyle* style = QStyleFactory::create(platform.style)) QApplication::setStyle(style);
    QApplication::setPalette(platform.palette);
    return;
  }
  QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion"));
  // Fusion's standard palette is its light one.
  const QPalette palette = theme == Theme::dark ? darkPalette() : fusion->standardPalette();
  QApplication::setStyle(fusion);
  QApplication::setPalette(palette);
}

QString themeKey(Theme theme) {
  switch (theme) {
    case Theme::light:
      return QStringLiteral("light");
    case Theme::dark:
      return QStringLiteral("dark");
    case Theme::followSystem:
      break;
  }
  return QStringLiteral("system");
}

std::optional<Theme> themeFromKey(const QString& key) {
  for (const Theme theme : {Theme::followSystem, Theme::light, Theme::dark})
    if (themeKey(theme) == key) return theme;
  return std::nullopt;
}

}  // namespace accellab::gui
