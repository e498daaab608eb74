// Colours that stay legible: WCAG 2's contrast ratio, and a colour moved until it reaches AA.
// The window's palettes and the charts' labels are held to the same yardstick.
#pragma once

#include <QColor>

namespace accellab::gui {

// WCAG AA's least contrast for text, and for what tells a control's state (1.4.11).
inline constexpr double kAAContrast = 4.5;
inline constexpr double kControlContrast = 3;

// WCAG 2's contrast ratio of two colours: 1 (the same) to 21 (black on white).
double contrastRatio(const QColor& a, const QColor& b);
// A translucent `colour` (Fusion's placeholder text) as it shows over `background`, opaque.
QColor shownOver(const QColor& colour, const QColor& background);
// `colour` made legible against `other`: darkened against a light one, lightened against a
// dark one, its hue kept, until it reaches `ratio`, WCAG AA's 4.5:1 for text by default
// (unchanged when it already does). Either may be the text: a selection's background moves
// against its white text alike.
QColor legibleOn(const QColor& colour, const QColor& other, double ratio = kAAContrast);

}  // namespace accellab::gui
