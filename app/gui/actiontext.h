// An action's text as a label or list shows it, without its keyboard mnemonic.
#pragma once

#include <QString>

namespace accellab::gui {

// "&Run" -> "Run"; "运行(&R)" -> "运行": translations into languages without the letter put it
// in parentheses after the text, which would otherwise read "运行(R)".
QString withoutMnemonic(const QString& text);

}  // namespace accellab::gui
