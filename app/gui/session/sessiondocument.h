// The open session: its points, its file, whether it has unsaved changes, and the autosave
// that lets the next start recover a run a crash interrupted.
#pragma once

#include <QObject>
#include <QString>
#include <optional>

#include "accellab/session.h"
#include "worker/metatypes.h"

namespace accellab::gui {

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

  // On failure these return a message for the user and leave the document as it was.
  // Results of another tool (Google Benchmark JSON) open as an untitled, modified session:
  // saving asks where, and never writes a session over the file they came from.
  std::optional<QString> open(const QString& path);
  std::optional<QString> saveAs(const QString& path);
  // Loads an autosaved session as an unsaved, untitled document.
  std::optional<QString> recover(const QString& autosavePath);

  // Where the running session is written after each point; empty disables autosave.
  void setAutosavePath(const QString& path) { autosavePath_ = path; }
  const QString& autosavePath() const { return autosavePath_; }
  static QString defaultAutosavePath();
  // The autosave is only needed while there are unsaved changes.
  void discardAutosave() const;

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

 private:
  void replace(Session session, const QString& path, bool modified);
  void setModified(bool modified);
  void autosave() const;
  // The document changed in place: modified, autosaved.
  void changed();

  Session session_;
  QString path_;
  QString autosavePath_;
  bool modified_ = false;
};

// What a file read as a session held.
enum class FileKind { session, imported };

// Reads and writes session files with the engine's JSON; writes go through QSaveFile so a
// crash never leaves half a file. Reading also takes Google Benchmark JSON, as one run
// (results_file.h); `kind` says which it was. Errors are messages a user can act on.
std::optional<QString> writeSession(const Session& session, const QString& path);
std::optional<QString> readSession(const QString& path, Session& out, FileKind* kind = nullptr);

}  // namespace accellab::gui
