#include "session/enginefiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <new>

#include "accellab/output_file.h"
#include "accellab/printable.h"
#include "accellab/session.h"
#include "accellab/session_lock.h"

namespace accellab::gui {

std::filesystem::path toFilePath(const QString& path) {
  return std::filesystem::path(QFile::encodeName(path).toStdString());
}

QString engineMessage(const std::exception& error) {
  return QString::fromStdString(printable(error.what()));
}

std::optional<QString> writeFile(const QString& path, std::string_view bytes) {
  try {
    writeFileAtomically(toFilePath(path), bytes);
  } catch (const OutputError& error) {
    return engineMessage(error);
  }
  return std::nullopt;
}

std::optional<QString> writeSession(const QString& path, const Session& session, Symlinks links) {
  try {
    // A run of the command line writing this file holds it: the window never writes over it.
    const SessionLock writing(toFilePath(path), "desktop app");
    writeSessionFile(session, toFilePath(path), links);
  } catch (const OutputError& error) {
    return engineMessage(error);
  } catch (const std::bad_alloc&) {
    return QCoreApplication::translate("SessionDocument", "cannot write %1: not enough memory")
        .arg(QDir::toNativeSeparators(path));
  }
  return std::nullopt;
}

}  // namespace accellab::gui
