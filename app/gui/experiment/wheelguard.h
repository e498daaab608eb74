// The wheel of a mouse scrolling a form must scroll it, not change the field that happens to
// pass under the pointer: spin boxes and combo boxes take the wheel only once focused (a
// click or Tab), as in Qt Creator's settings pages.
#pragma once

class QWidget;

namespace accellab::gui {

// For every spin box and combo box below `form` now: focus by click or Tab only (a wheel
// no longer focuses them), and a wheel over one that is not focused goes to the form.
void takeWheelOnlyWhenFocused(QWidget* form);

}  // namespace accellab::gui
