#include "session/sessiondocument.h"

#include <QFileInfo>
#include <QStandardPaths>
#include <algorithm>
#include <utility>

#include "accellab/results_file.h"
#include "session/autosave.h"
#include "session/enginefiles.h"
#include "session/resultsloader.h"

namespace accellab::gui {

SessionDocument::SessionDocument(QObject* parent)
    : QObject(parent), autosave_(new Autosave(session_, this)), loader_(new ResultsLoader(this)) {
  session_.created = nowIso8601();
  connect(autosave_, &Autosave::failed, this, &SessionDocument::autosaveFailed);
  connect(autosave_, &Autosave::resumed, this, &SessionDocument::autosaveResumed);
}

QString SessionDocument::displayName() const {
  return path_.isEmpty() ? tr("Untitled") : QFileInfo(path_).fileName();
}

void SessionDocument::reset() {
  loader_->abandon();
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

void SessionDocument::open(const QString& path) {
  loader_->load(
      path,
      [this, path](ResultsFile file) {
        discardAutosave();
        if (file.kind == ResultsKind::googleBenchmark)
          replace(std::move(file.session), {}, true);
        else
          replace(std::move(file.session), QFileInfo(path).absoluteFilePath(), false);
        emit opened(path);
      },
      [this, path](const QString& message) { emit openFailed(path, message); });
}

void SessionDocument::recover(const QString& autosavePath) {
  loader_->load(
      autosavePath,
      [this](ResultsFile file) {
        replace(std::move(file.session), {}, true);
        emit recovered();
      },
      [this](const QString& message) { emit recoverFailed(message); });
}

bool SessionDocument::isLoading() const { return loader_->isLoading(); }

std::optional<QString> SessionDocument::saveAs(const QString& path) {
  if (auto error = writeSession(path, session_)) return error;
  discardAutosave();
  path_ = QFileInfo(path).absoluteFilePath();
  emit pathChanged(path_);
  setModified(false);
  return std::nullopt;
}

void SessionDocument::setAutosavePath(const QString& path) { autosave_->setPath(path); }
const QString& SessionDocument::autosavePath() const { return autosave_->path(); }
bool SessionDocument::isAutosaveIdle() const { return autosave_->isIdle(); }

QString SessionDocument::defaultAutosavePath() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
         QStringLiteral("/autosave.json");
}

void SessionDocument::discardAutosave() { autosave_->discard(); }

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
  autosave_->schedule();
}

}  // namespace accellab::gui
