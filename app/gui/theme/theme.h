// The application's look: the platform's own, or Fusion with a light or a dark palette.
#pragma once

#include <QString>
#include <optional>

namespace accellab::gui {

enum class Theme { followSystem, light, dark };

// Applies `theme` to the whole application. The first call remembers the platform's style and
// palette, which followSystem brings back.
void applyTheme(Theme theme);

// How a theme is stored in the settings: "system", "light", "dark"; nullopt for anything else.
QString themeKey(Theme theme);
std::optional<Theme> themeFromKey(const QString& key);

}  // namespace accellab::gui
