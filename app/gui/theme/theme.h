// The application's look: the platform's own, or Fusion with a light or a dark palette.
#pragma once

#include <QPalette>
#include <QString>
#include <optional>
#include <span>
#include <utility>

namespace accellab::gui {

enum class Theme { followSystem, light, dark };

// Applies `theme` to the whole application. The first call remembers the platform's style and
// palette, which followSystem brings back.
void applyTheme(Theme theme);

// Each colour role of text that users read, with the role it is drawn on. A theme holds every
// pair to WCAG AA's 4.5:1 (disabled text is exempt, as WCAG has it).
std::span<const std::pair<QPalette::ColorRole, QPalette::ColorRole>> textRolesOnBackgrounds();

// How a theme is stored in the settings: "system", "light", "dark"; nullopt for anything else.
QString themeKey(Theme theme);
std::optional<Theme> themeFromKey(const QString& key);

}  // namespace accellab::gui
