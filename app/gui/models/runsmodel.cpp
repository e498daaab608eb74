#include "models/runsmodel.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>
#include <QStringList>
#include <algorithm>

#include "accellab/printable.h"
#include "accellab/quality.h"
#include "accellab/session.h"
#include "session/sessiondocument.h"

namespace accellab::gui {

namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

std::size_t flaggedPoints(const Run& run) {
  return static_cast<std::size_t>(std::ranges::count_if(run.points, flaggedPoint));
}

// "2 unstable, 1 cold": how many points carry each flag.
QString flagCounts(const Run& run) {
  QStringList counts;
  for (const std::string& name : everyFlagName()) {
    const auto n = std::count_if(run.points.begin(), run.points.end(), [&name](const auto& p) {
      const auto names = flagNames(p.flags);
      return std::find(names.begin(), names.end(), name) != names.end();
    });
    if (n > 0) counts << QStringLiteral("%1 %2").arg(n).arg(qs(name));
  }
  return counts.join(QStringLiteral(", "));
}

QString startTime(const Run& run) {
  const QDateTime created = QDateTime::fromString(qs(run.created), Qt::ISODate);
  return created.isValid() ? created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                           : qs(run.created);
}

QString runToolTip(const Run& run) {
  QString tip = qs(run.name);
  if (!run.settings.origin.empty())
    tip += QStringLiteral("\n") +
           RunsModel::tr("Measured by %1").arg(qs(printable(run.settings.origin)));
  // A session's text, each on its line: a newline in a plugin's version forges none.
  if (run.plugin)
    tip += QStringLiteral("\n") +
           RunsModel::tr("Kernel from %1").arg(qs(printable(describe(*run.plugin))));
  for (const auto& [variant, source] : run.variantSources)
    tip += QStringLiteral("\n") +
           RunsModel::tr("Variant %1 from %2").arg(qs(variant), qs(printable(describe(source))));
  for (const SystemCondition& condition : run.conditions)
    tip += QStringLiteral("\n\u26a0 ") + qs(condition.message);
  return tip;
}

}  // namespace

RunsModel::RunsModel(SessionDocument& document, QObject* parent)
    : QAbstractTableModel(parent), document_(document) {
  connect(&document_, &SessionDocument::sessionReplaced, this, &RunsModel::reset);
  connect(&document_, &SessionDocument::runStarted, this, &RunsModel::runStarted);
  connect(&document_, &SessionDocument::runRemoved, this, &RunsModel::runRemoved);
  connect(&document_, &SessionDocument::pointAppended, this, &RunsModel::runChanged);
  connect(&document_, &SessionDocument::pointReplaced, this, &RunsModel::runChanged);
  connect(&document_, &SessionDocument::runRenamed, this, &RunsModel::runChanged);
  connect(&document_, &SessionDocument::conditionsChanged, this, &RunsModel::runChanged);
  reset();
}

std::vector<int> RunsModel::shownRuns() const {
  std::vector<int> shown;
  for (int id : ids_)
    if (shown_.contains(id)) shown.push_back(id);
  return shown;
}

bool RunsModel::showsLatestOnly() const {
  return shown_.empty() || shown_ == std::set<int>{ids_.back()};
}

void RunsModel::setFollowedRun(int runId) {
  if (followed_ == runId) return;
  followed_ = runId;
  if (rowCount() > 0)
    emit dataChanged(index(0, idColumn), index(rowCount() - 1, idColumn), {Qt::CheckStateRole});
}

bool RunsModel::ticked(int runId) const {
  if (showsLatestOnly() && followed_ >= 0 && rowOf(followed_) >= 0) return runId == followed_;
  return shown_.contains(runId);
}

void RunsModel::setShownRuns(const std::set<int>& runIds) {
  std::set<int> shown;
  for (int id : runIds)
    if (rowOf(id) >= 0) shown.insert(id);
  if (shown.empty() && !ids_.empty()) shown = {ids_.back()};
  setShown(std::move(shown));
}

void RunsModel::setShown(std::set<int> shown) {
  if (shown == shown_) return;
  shown_ = std::move(shown);
  if (!ids_.empty())
    emit dataChanged(index(0, idColumn), index(rowCount() - 1, idColumn), {Qt::CheckStateRole});
  emit shownRunsChanged();
}

int RunsModel::rowOf(int runId) const {
  const auto found = std::find(ids_.begin(), ids_.end(), runId);
  return found == ids_.end() ? -1 : static_cast<int>(found - ids_.begin());
}

const Run& RunsModel::run(int row) const { return *findRun(document_.session(), runId(row)); }

void RunsModel::reset() {
  beginResetModel();
  ids_.clear();
  for (const Run& run : document_.session().runs) ids_.push_back(run.id);
  endResetModel();
  shown_.clear();
  if (!ids_.empty()) shown_.insert(ids_.back());
  emit shownRunsChanged();
}

void RunsModel::runStarted(int runId) {
  const bool followingLatest = showsLatestOnly();
  const int row = rowCount();
  beginInsertRows({}, row, row);
  ids_.push_back(runId);
  endInsertRows();
  std::set<int> shown = followingLatest ? std::set<int>{} : shown_;
  shown.insert(runId);
  setShown(std::move(shown));
}

void RunsModel::runRemoved(int runId) {
  const int row = rowOf(runId);
  if (row < 0) return;
  beginRemoveRows({}, row, row);
  ids_.erase(ids_.begin() + row);
  endRemoveRows();
  std::set<int> shown = shown_;
  shown.erase(runId);
  setShownRuns(shown);
}

void RunsModel::runChanged(int runId) {
  const int row = rowOf(runId);
  if (row >= 0) emit dataChanged(index(row, 0), index(row, columnCount() - 1));
}

int RunsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(ids_.size());
}

int RunsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : columnCount_;
}

QVariant RunsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const Run& r = run(index.row());
  const std::size_t flagged = flaggedPoints(r);
  switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
      switch (static_cast<Column>(index.column())) {
        case idColumn:
          return r.id;
        case nameColumn:
          return qs(r.name);
        case createdColumn:
          return startTime(r);
        case pointsColumn:
          return static_cast<qulonglong>(r.points.size());
        case flaggedColumn:
          return static_cast<qulonglong>(flagged);
        case columnCount_:
          break;
      }
      return {};
    case Qt::CheckStateRole:
      if (index.column() == idColumn) return ticked(r.id) ? Qt::Checked : Qt::Unchecked;
      return {};
    case Qt::ToolTipRole:
      if (index.column() == flaggedColumn && flagged > 0) return flagCounts(r);
      if (index.column() == idColumn)
        return tr("Shown in the charts and the results table when checked");
      return runToolTip(r);
    case Qt::ForegroundRole:
      if (index.column() == flaggedColumn && flagged > 0) return QBrush(QColor(0xb3, 0x5c, 0x00));
      return {};
    case Qt::TextAlignmentRole:
      return index.column() == nameColumn || index.column() == createdColumn
                 ? int(Qt::AlignLeft | Qt::AlignVCenter)
                 : int(Qt::AlignRight | Qt::AlignVCenter);
    case RunIdRole:
      return r.id;
    default:
      return {};
  }
}

bool RunsModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return false;
  const int id = runId(index.row());
  if (role == Qt::CheckStateRole && index.column() == idColumn) {
    // From what the panel ticks: while the latest is followed, the run the charts draw.
    std::set<int> shown;
    for (const int run : ids_)
      if (ticked(run)) shown.insert(run);
    if (value.value<Qt::CheckState>() == Qt::Checked) {
      shown.insert(id);
    } else {
      // The charts always show a run: the last check stays.
      if (shown.size() == 1) return false;
      shown.erase(id);
    }
    setShown(std::move(shown));
    return true;
  }
  if (role == Qt::EditRole && index.column() == nameColumn) {
    const QString name = value.toString().trimmed();
    if (name.isEmpty()) return false;
    document_.renameRun(id, name.toStdString());
    return true;
  }
  return false;
}

Qt::ItemFlags RunsModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags flags = QAbstractTableModel::flags(index);
  if (index.column() == idColumn) flags |= Qt::ItemIsUserCheckable;
  if (index.column() == nameColumn) flags |= Qt::ItemIsEditable;
  return flags;
}

QVariant RunsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (static_cast<Column>(section)) {
    case idColumn:
      return tr("run");
    case nameColumn:
      return tr("name");
    case createdColumn:
      return tr("started");
    case pointsColumn:
      return tr("points");
    case flaggedColumn:
      return tr("flagged");
    case columnCount_:
      break;
  }
  return {};
}

}  // namespace accellab::gui
