// The order people expect of text with numbers in it: "16x256x256" before "1024x1024x512",
// "3e7 samples" before "1e9 samples". Numbers (digits, a decimal part, an exponent) compare
// by value, the text between them without regard to case.
#pragma once

#include <QStringView>

namespace accellab::gui {

// <0, 0 or >0 as `a` sorts before, with or after `b`.
int naturalCompare(QStringView a, QStringView b);
inline bool naturalLess(QStringView a, QStringView b) { return naturalCompare(a, b) < 0; }

}  // namespace accellab::gui
