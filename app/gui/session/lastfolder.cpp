#include "lastfolder.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace accellab::gui {

namespace {
const QString kLastFolderKey = QStringLiteral("lastFolder");
}

LastFolder::LastFolder(bool useSettings) : useSettings_(useSettings), path_(QDir::homePath()) {
  if (!useSettings_) return;
  const QString folder = QSettings().value(kLastFolderKey).toString();
  if (!folder.isEmpty() && QFileInfo(folder).isDir()) path_ = folder;
}

QString LastFolder::with(const QString& name) const { return QDir(path_).filePath(name); }

void LastFolder::remember(const QString& folder) {
  path_ = folder;
  if (useSettings_) QSettings().setValue(kLastFolderKey, path_);
}

void LastFolder::rememberFileOf(const QString& file) { remember(QFileInfo(file).absolutePath()); }

}  // namespace accellab::gui
