#include "models/naturalorder.h"

#include <optional>

namespace accellab::gui {

namespace {

bool isDigit(QChar c) { return c >= QLatin1Char('0') && c <= QLatin1Char('9'); }

// Reads the number starting at `pos` ("1024", "2.5", "1e9"), moving `pos` past it; empty
// when none starts there.
std::optional<double> readNumber(QStringView text, qsizetype& pos) {
  if (pos >= text.size() || !isDigit(text[pos])) return std::nullopt;
  qsizetype end = pos;
  const auto digits = [&] {
    while (end < text.size() && isDigit(text[end])) ++end;
  };
  digits();
  if (end + 1 < text.size() && text[end] == QLatin1Char('.') && isDigit(text[end + 1])) {
    ++end;
    digits();
  }
  // An exponent only when digits follow the e: "3e7", not "2e" nor "1024x".
  if (end + 1 < text.size() && text[end].toLower() == QLatin1Char('e') && isDigit(text[end + 1])) {
    ++end;
    digits();
  }
  const double value = text.sliced(pos, end - pos).toDouble();
  pos = end;
  return value;
}

}  // namespace

int naturalCompare(QStringView a, QStringView b) {
  qsizetype i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const auto x = readNumber(a, i);
    const auto y = readNumber(b, j);
    if (x && y) {
      if (*x != *y) return *x < *y ? -1 : 1;
      continue;
    }
    if (x || y) return x ? -1 : 1;  // a number sorts before text
    const QChar c = a[i++].toCaseFolded();
    const QChar d = b[j++].toCaseFolded();
    if (c != d) return c < d ? -1 : 1;
  }
  if (i < a.size() || j < b.size()) return i < a.size() ? 1 : -1;  // a prefix sorts first
  // Equal but for case or how numbers were written: any fixed order keeps sorting stable.
  return a.compare(b);
}

}  // namespace accellab::gui
