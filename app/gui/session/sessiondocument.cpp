#include "session/sessiondocument.h"

#include "accellab/results_file.h"
#include "session/atomicwrite.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <algorithm>
#include <exception>
#include <utility>

namespace accellab::gui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("SessionDocument", text); }
}  // namespace

std::optional<QString> writeSession(const Session& session, const QString& path) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  return writeFileAtomically(path, sessionToJson(session));
}

std::optional<QString> readSession(const QString& path, Session& out, FileKind* kind) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    return tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
  }
  const QByteArray bytes = file.readAll();
  const std::string_view text(bytes.constData(), static_cast<std::size_t>(bytes.size()));
  try {
    try {
      out = sessionFromJson(text);
      if (kind) *kind = FileKind::session;
    } catch (const SessionError&) {
      // Not a session: results of another tool, or the reader says what is wrong.
      out = resultsFromJson(text);
      if (kind) *kind = FileKind::imported;
    }
  } catch (const std::exception& e) {
    return tr("%1 is not a session AccelLab can read: %2")
        .arg(QDir::toNativeSeparators(path), QString::fromStdString(e.what()));
  }
  return std::nullopt;
}

SessionDocument::SessionDocument(QObject* parent) : QObject(parent) {
  session_.created = nowIso8601();
}

QString SessionDocument::displayName() const {
  return path_.isEmpty() ? tr("Untitled") : QFileInfo(path_).fileName();
}

void SessionDocument::reset() {
  Session session;
  session.created = nowIso8601();
  discardAutosave();
  replace(std::move(session), {}, false);
}

int SessionDocument::beginRun(Run run) {
  run.id = nextRunId(session_);
  run.points.clear();
  session_.runs.push_back(std::move(run));
  emit runStarted(session_.runs.back().id);
  changed();
  return session_.runs.back().id;
}

void SessionDocument::appendPoint(const PointResult& point) {
  if (session_.runs.empty()) return;  // points only come from a run begun here
  Run& run = session_.runs.back();
  run.points.push_back(point);
  emit pointAppended(run.id, point);
  changed();
}

void SessionDocument::replacePoint(int runId, int index, const PointResult& point) {
  Run* run = findRun(session_, runId);
  if (!run || index < 0 || static_cast<std::size_t>(index) >= run->points.size()) return;
  run->points[static_cast<std::size_t>(index)] = point;
  emit pointReplaced(runId, index, point);
  changed();
}

void SessionDocument::setConditions(int runId, const std::vector<SystemCondition>& conditions) {
  Run* run = findRun(session_, runId);
  if (!run) return;
  run->conditions = conditions;
  emit conditionsChanged(runId);
  changed();
}

void SessionDocument::renameRun(int runId, const std::string& name) {
  Run* run = findRun(session_, runId);
  if (!run || run->name == name) return;
  run->name = name;
  emit runRenamed(runId);
  changed();
}

void SessionDocument::removeRun(int runId) {
  auto& runs = session_.runs;
  const auto found =
      std::find_if(runs.begin(), runs.end(), [runId](const Run& run) { return run.id == runId; });
  if (found == runs.end()) return;
  runs.erase(found);
  emit runRemoved(runId);
  changed();
}

std::optional<QString> SessionDocument::open(const QString& path) {
  Session session;
  FileKind kind = FileKind::session;
  if (auto error = readSession(path, session, &kind)) return error;
  discardAutosave();
  if (kind == FileKind::imported) {
    replace(std::move(session), {}, true);
  } else {
    replace(std::move(session), QFileInfo(path).absoluteFilePath(), false);
  }
  return std::nullopt;
}

std::optional<QString> SessionDocument::saveAs(const QString& path) {
  if (auto error = writeSession(session_, path)) return error;
  discardAutosave();
  path_ = QFileInfo(path).absoluteFilePath();
  emit pathChanged(path_);
  setModified(false);
  return std::nullopt;
}

std::optional<QString> SessionDocument::recover(const QString& autosavePath) {
  Session session;
  if (auto error = readSession(autosavePath, session)) return error;
  replace(std::move(session), {}, true);
  return std::nullopt;
}

QString SessionDocument::defaultAutosavePath() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
         QStringLiteral("/autosave.json");
}

void SessionDocument::discardAutosave() const {
  if (!autosavePath_.isEmpty()) QFile::remove(autosavePath_);
}

void SessionDocument::replace(Session session, const QString& path, bool modified) {
  session_ = std::move(session);
  const bool pathChange = path != path_;
  path_ = path;
  emit sessionReplaced();
  if (pathChange) emit pathChanged(path_);
  setModified(modified);
}

void SessionDocument::setModified(bool modified) {
  if (modified == modified_) return;
  modified_ = modified;
  emit modifiedChanged(modified_);
}

void SessionDocument::changed() {
  setModified(true);
  autosave();
}

void SessionDocument::autosave() const {
  // A failed autosave must not interrupt the run; the next point tries again.
  if (!autosavePath_.isEmpty()) (void)writeSession(session_, autosavePath_);
}

}  // namespace accellab::gui
