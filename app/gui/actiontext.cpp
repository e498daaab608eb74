#include "actiontext.h"

#include <QRegularExpression>

namespace accellab::gui {

QString withoutMnemonic(const QString& text) {
  static const QRegularExpression kParenthesized(QStringLiteral("\\s*\\(&[^&)]\\)"));
  QString plain = text;
  plain.remove(kParenthesized);
  // "&&" is a literal ampersand.
  plain.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
  plain.remove(QLatin1Char('&'));
  plain.replace(QLatin1Char('\x01'), QLatin1Char('&'));
  return plain;
}

}  // namespace accellab::gui
