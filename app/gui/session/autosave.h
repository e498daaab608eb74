// The autosave that lets the next start recover a run a crash interrupted: the session is
// written after every change through the engine's writer, on a worker thread. A large session
// costs the window a copy, not its serialisation (100 MB of JSON takes seconds); a failed
// write (a full disk) costs the run nothing: the results stay in memory, `failed` says why,
// and the next change tries again. Changes during a write become one write of the latest
// session after it.
#pragma once

#include <QObject>
#include <QString>
#include <optional>

#include "accellab/session.h"

template <typename T>
class QFutureWatcher;

namespace accellab::gui {

class Autosave : public QObject {
  Q_OBJECT

 public:
  // `session` is read (copied) on this thread as each write starts; it must outlive this.
  explicit Autosave(const Session& session, QObject* parent = nullptr);
  // Waits for the write going, so that a file discarded stays discarded.
  ~Autosave() override;

  // Empty disables autosave.
  void setPath(const QString& path) { path_ = path; }
  const QString& path() const { return path_; }

  // The session changed: write it once the write going, if any, has ended.
  void schedule();
  // Removes the file, now and again after the write going, and forgets any write to come.
  void discard();
  // No write going or to come.
  bool isIdle() const;

 signals:
  // A write failed; the reason names the file.
  void failed(const QString& message);
  // A write succeeded after one failed.
  void resumed();

 private:
  void start();
  void written();

  const Session& session_;
  QString path_;
  QFutureWatcher<std::optional<QString>>* watcher_;
  bool writing_ = false;  // until written() ran, after the worker's end
  bool pending_ = false;
  bool discardWhenWritten_ = false;
  bool failing_ = false;
};

}  // namespace accellab::gui
