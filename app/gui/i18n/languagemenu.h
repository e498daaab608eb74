// A Language menu for the menu bar (View ▸ Language): the system's language or one of
// availableLanguages(), each named in its own language; a choice is saved in the settings and
// applies from the next start, which a message says.
#pragma once

class QMenu;
class QWidget;

namespace accellab::gui {

QMenu* makeLanguageMenu(QWidget* parent);

}  // namespace accellab::gui
