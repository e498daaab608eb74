// Where a reason names the user's code: a Python traceback's `File "PATH", line N` or a
// compiler's and a sanitizer's `PATH:N`, so that the window can open the file.
#pragma once

#include <QRegularExpression>
#include <QString>
#include <optional>

namespace accellab::gui {

struct SourceLocation {
  QString file;
  int line = 0;
};

// What a location looks like, for text kept whole up to it (chartinput's noteReason).
const QRegularExpression& sourceLocationPattern();
// The first location in `text` whose file exists; none when it names none.
std::optional<SourceLocation> sourceLocationIn(const QString& text);

}  // namespace accellab::gui
