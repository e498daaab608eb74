// SessionDocument reads files off the GUI thread: these start a read and wait for its end.
#pragma once

#include <QSignalSpy>
#include <QString>
#include <optional>

#include "session/sessiondocument.h"

namespace accellab::test {

// The error message, or nothing when the file opened. Fails the test on a timeout.
inline std::optional<QString> openAndWait(gui::SessionDocument& document, const QString& path,
                                          int timeoutMs = 20000) {
  QSignalSpy opened(&document, &gui::SessionDocument::opened);
  QSignalSpy failed(&document, &gui::SessionDocument::openFailed);
  document.open(path);
  if (!QTest::qWaitFor([&] { return !opened.isEmpty() || !failed.isEmpty(); }, timeoutMs))
    return QStringLiteral("timed out opening %1").arg(path);
  if (!failed.isEmpty()) return failed.front().at(1).toString();
  return std::nullopt;
}

inline std::optional<QString> recoverAndWait(gui::SessionDocument& document, const QString& path) {
  QSignalSpy recovered(&document, &gui::SessionDocument::recovered);
  QSignalSpy failed(&document, &gui::SessionDocument::recoverFailed);
  document.recover(path);
  if (!QTest::qWaitFor([&] { return !recovered.isEmpty() || !failed.isEmpty(); }, 20000))
    return QStringLiteral("timed out recovering %1").arg(path);
  if (!failed.isEmpty()) return failed.front().at(0).toString();
  return std::nullopt;
}

}  // namespace accellab::test
