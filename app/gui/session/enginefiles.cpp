#include "session/enginefiles.h"

#include <QFile>

#include "accellab/output_file.h"

namespace accellab::gui {

std::filesystem::path toFilePath(const QString& path) {
  return std::filesystem::path(QFile::encodeName(path).toStdString());
}

std::optional<QString> writeFile(const QString& path, std::string_view bytes) {
  try {
    writeFileAtomically(toFilePath(path), bytes);
  } catch (const OutputError& error) {
    return QString::fromLocal8Bit(error.what());
  }
  return std::nullopt;
}

}  // namespace accellab::gui
