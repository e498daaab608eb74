#include "session/autosave.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent>
#include <memory>

#include "session/enginefiles.h"

namespace accellab::gui {

Autosave::Autosave(const Session& session, QObject* parent)
    : QObject(parent),
      session_(session),
      watcher_(new QFutureWatcher<std::optional<QString>>(this)) {
  connect(watcher_, &QFutureWatcherBase::finished, this, &Autosave::written);
}

Autosave::~Autosave() {
  watcher_->disconnect(this);
  watcher_->waitForFinished();
  if (discardWhenWritten_) QFile::remove(path_);
}

void Autosave::schedule() {
  if (path_.isEmpty()) return;
  discardWhenWritten_ = false;
  if (writing_)
    pending_ = true;
  else
    start();
}

void Autosave::discard() {
  pending_ = false;
  if (path_.isEmpty()) return;
  QFile::remove(path_);
  if (writing_) discardWhenWritten_ = true;
}

bool Autosave::isIdle() const { return !writing_ && !pending_; }

void Autosave::start() {
  // A copy, so that the worker reads nothing the GUI thread changes.
  auto snapshot = std::make_shared<const Session>(session_);
  writing_ = true;
  watcher_->setFuture(
      QtConcurrent::run([snapshot = std::move(snapshot), path = path_]() -> std::optional<QString> {
        // The application's data folder may not exist yet at the first point.
        QDir().mkpath(QFileInfo(path).absolutePath());
        // The app names its autosave: a link planted there is replaced, never written through.
        return writeSession(path, *snapshot, Symlinks::replace);
      }));
}

void Autosave::written() {
  writing_ = false;
  const std::optional<QString> error = watcher_->result();
  if (discardWhenWritten_) {
    discardWhenWritten_ = false;
    QFile::remove(path_);
  } else if (error) {
    failing_ = true;
    emit failed(*error);
  } else if (failing_) {
    failing_ = false;
    emit resumed();
  }
  if (pending_) {
    pending_ = false;
    start();
  }
}

}  // namespace accellab::gui
