#include "models/sourcelocation.h"

#include <QFileInfo>

namespace accellab::gui {

const QRegularExpression& sourceLocationPattern() {
  static const QRegularExpression pattern(
      QStringLiteral(R"re(File "([^"]*)", line (\d+)|([^\s:"'()]+):(\d+))re"));
  return pattern;
}

std::optional<SourceLocation> sourceLocationIn(const QString& text) {
  for (auto it = sourceLocationPattern().globalMatch(text); it.hasNext();) {
    const QRegularExpressionMatch match = it.next();
    const bool traceback = !match.captured(1).isEmpty();
    const QString file = match.captured(traceback ? 1 : 3);
    const int line = match.captured(traceback ? 2 : 4).toInt();
    // "<string>", a module inside the interpreter, or a time like 12:30 is no file to open.
    if (line > 0 && QFileInfo(file).isFile()) return SourceLocation{file, line};
  }
  return std::nullopt;
}

}  // namespace accellab::gui
