#include "theme/theme.h"

#include <QApplication>
#include <QPainter>
#include <QPalette>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>

#include "theme/contrast.h"

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

// Fusion outlines a check box in its window colour darkened: 2.3:1 on the light theme's
// white, 1.1:1 on the dark theme's base, where an unticked box (a run in the Runs panel) all
// but vanished. Outlined again, that colour moved to WCAG's 3:1 for controls.
class LegibleIndicators : public QProxyStyle {
 public:
  using QProxyStyle::QProxyStyle;
  void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                     const QWidget* widget) const override {
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    if (element != PE_IndicatorCheckBox) return;
    const QPalette& palette = option->palette;
    const QColor frame = legibleOn(palette.color(QPalette::Window).darker(140),
                                   palette.color(QPalette::Base), kControlContrast);
    painter->save();
    painter->setPen(frame);
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(option->rect.adjusted(0, 0, -1, -1));
    painter->restore();
  }
};

// `palette` with every text that is read moved, hue kept, until it reaches WCAG AA on what
// it is drawn on: Fusion's selection gave its white text 3.7:1, its placeholders 4.0:1, its
// visited links 3.1:1; the dark palette's placeholders 4.3:1. A selection's background moves,
// not its white text.
QPalette withLegibleText(QPalette palette) {
  for (const auto group : {QPalette::Active, QPalette::Inactive}) {
    for (const auto& [text, background] : textRolesOnBackgrounds()) {
      const QColor back = palette.color(group, background);
      const QColor fore = shownOver(palette.color(group, text), back);
      if (text == QPalette::HighlightedText)
        palette.setColor(group, background, legibleOn(back, fore));
      else
        palette.setColor(group, text, legibleOn(fore, back));
    }
  }
  return palette;
}

}  // namespace

std::span<const std::pair<QPalette::ColorRole, QPalette::ColorRole>> textRolesOnBackgrounds() {
  using R = QPalette;
  static constexpr std::pair<R::ColorRole, R::ColorRole> kPairs[] = {
      {R::WindowText, R::Window},       {R::Text, R::Base},
      {R::Text, R::AlternateBase},      {R::ButtonText, R::Button},
      {R::ToolTipText, R::ToolTipBase}, {R::HighlightedText, R::Highlight},
      {R::PlaceholderText, R::Base},    {R::Link, R::Base},
      {R::LinkVisited, R::Base}};
  return kPairs;
}

void applyTheme(Theme theme) {
  const PlatformLook& platform = platformLook();
  if (theme == Theme::followSystem) {
    if (QStyle* style = QStyleFactory::create(platform.style)) QApplication::setStyle(style);
    QApplication::setPalette(platform.palette);
    return;
  }
  QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion"));
  // Fusion's standard palette is its light one.
  const QPalette palette =
      withLegibleText(theme == Theme::dark ? darkPalette() : fusion->standardPalette());
  QApplication::setStyle(new LegibleIndicators(fusion));
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
