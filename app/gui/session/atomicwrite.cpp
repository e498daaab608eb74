#include "session/atomicwrite.h"

#include <QCoreApplication>
#include <QDir>
#include <QSaveFile>

namespace accellab::gui {

std::optional<QString> writeFileAtomically(const QString& path, std::string_view bytes) {
  QSaveFile file(path);
  const auto size = static_cast<qint64>(bytes.size());
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes.data(), size) != size ||
      !file.commit()) {
    return QCoreApplication::translate("AtomicWrite", "Cannot write %1: %2")
        .arg(QDir::toNativeSeparators(path), file.errorString());
  }
  return std::nullopt;
}

}  // namespace accellab::gui
