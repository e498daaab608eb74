// The open session: its points, its file, whether it has unsaved changes, and the autosave
// that lets the next start recover a run a crash interrupted. Files are read and written by
// the engine (results_file.h, output_file.h); reading runs off the GUI thread.
#pragma once

#include <QObject>
#include <QString>
#include <optional>

#include "accellab/session.h"
#include "run/metatypes.h"

namespace accellab::gui {

class Autosave;
class ResultsLoader;

class SessionDocument : public QObject {
  Q_OBJECT

 public:
  explicit SessionDocument(QObject* parent = nullptr);

  const Session& session() const { return session_; }
  const QString& path() const { return path_; }
  bool isModified() const { return modified_; }
  QString displayName() const;

  // A new, empty session.
  void reset();
  // Starts a run: `run` gets the next id and keeps its header (name, settings, system);
  // points then go to it. Returns the id.
  int beginRun(Run run);
  // A measured point of the run begun last.
  void appendPoint(const PointResult& point);
  // A point of run `runId` measured again (re-runs of unstable points) in place of the
  // point at `index`.
  void replacePoint(int runId, int index, const PointResult& point);
  // The system conditions checked as run `runId` started.
  void setConditions(int runId, const std::vector<SystemCondition>& conditions);
  void renameRun(int runId, const std::string& name);
  void removeRun(int runId);

  // Starts reading `path` on a worker thread; `opened` or `openFailed` follows. A failure
  // leaves the document as it was. Results of another tool (Google Benchmark JSON) open as
  // an untitled, modified session: saving asks where, and never writes a session over the
  // file they came from. A later open, recover or reset drops the read going.
  void open(const QString& path);
  // Reads an autosaved session as an unsaved, untitled document, as open does; `recovered`
  // or `recoverFailed` follows.
  void recover(const QString& autosavePath);
  bool isLoading() const;
  // A message for the user on failure (the document stays modified and untitled).
  std::optional<QString> saveAs(const QString& path);

  // Where the session is written after each change; empty disables autosave.
  void setAutosavePath(const QString& path);
  const QString& autosavePath() const;
  static QString defaultAutosavePath();
  // The autosave is only needed while there are unsaved changes.
  void discardAutosave();
  // No autosave being written or waiting to be.
  bool isAutosaveIdle() const;

 signals:
  void sessionReplaced();
  void runStarted(int runId);
  void pointAppended(int runId, const accellab::PointResult& point);
  void pointReplaced(int runId, int index, const accellab::PointResult& point);
  void conditionsChanged(int runId);
  void runRenamed(int runId);
  void runRemoved(int runId);
  void modifiedChanged(bool modified);
  void pathChanged(const QString& path);
  void opened(const QString& path);
  void openFailed(const QString& path, const QString& message);
  void recovered();
  void recoverFailed(const QString& message);
  // An autosave failed: the session is only in memory until a later one succeeds.
  void autosaveFailed(const QString& message);
  void autosaveResumed();

 private:
  void replace(Session session, const QString& path, bool modified);
  void setModified(bool modified);
  // The document changed in place: modified, autosaved.
  void changed();

  Session session_;
  QString path_;
  bool modified_ = false;
  Autosave* autosave_;
  ResultsLoader* loader_;
};

}  // namespace accellab::gui
