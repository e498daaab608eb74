#include "models/resultsmodel.h"

#include <QBrush>
#include <QColor>
#include <QIcon>
#include <algorithm>
#include <utility>
#include <vector>

#include "accellab/quality.h"
#include "i18n/adviceterms.h"
#include "i18n/columnheaders.h"

namespace accellab::gui {

namespace {

// Where the mark of a flagged point goes: the cell that names its flags.
int flagsColumnIn(const std::vector<const ReportColumn*>& columns) {
  for (std::size_t c = 0; c < columns.size(); ++c)
    if (columns[c]->id == "flags") return static_cast<int>(c);
  return -1;
}

// The ranks and imbalance columns appear once a run is distributed.
std::vector<const ReportColumn*> columnsFor(const std::vector<Run>& runs) {
  return columnsIn(inTable, std::ranges::any_of(runs, isDistributed));
}

}  // namespace

ResultsModel::ResultsModel(QObject* parent)
    : QAbstractTableModel(parent),
      columns_(columnsIn(inTable)),
      flagsColumn_(flagsColumnIn(columns_)),
      flagIcon_(QStringLiteral(":/icons/flag.svg")) {}

void ResultsModel::setRuns(const std::vector<Run>& runs) {
  beginResetModel();
  runs_ = runs;
  setColumns();
  rebuildRows();
  endResetModel();
}

void ResultsModel::setColumns() {
  columns_ = columnsFor(runs_);
  flagsColumn_ = flagsColumnIn(columns_);
}

void ResultsModel::updateColumns() {
  if (columnsFor(runs_) == columns_) return;
  beginResetModel();
  setColumns();
  endResetModel();
}

void ResultsModel::appendRun(const Run& run) {
  // The first distributed run brings columns: the whole table changes.
  if (isDistributed(run) && columns_ != columnsIn(inTable, true)) {
    std::vector<Run> runs = runs_;
    runs.push_back(run);
    return setRuns(runs);
  }
  const int first = static_cast<int>(rows_.size());
  const auto added = static_cast<int>(run.points.size());
  if (added > 0) beginInsertRows({}, first, first + added - 1);
  runs_.push_back(run);
  rebuildRows();
  if (added > 0) endInsertRows();
}

std::vector<Run>::iterator ResultsModel::findRun(int runId) {
  return std::find_if(runs_.begin(), runs_.end(), [runId](const Run& r) { return r.id == runId; });
}

std::pair<int, int> ResultsModel::rowsOf(std::size_t run) const {
  const auto first = std::find_if(origin_.begin(), origin_.end(),
                                  [run](const auto& origin) { return origin.first == run; });
  const auto count = static_cast<int>(runs_[run].points.size());
  const auto firstRow = static_cast<int>(first - origin_.begin());
  return {firstRow, firstRow + count - 1};
}

void ResultsModel::appendPoint(int runId, const PointResult& point) {
  const auto run = findRun(runId);
  if (run == runs_.end()) return;
  const std::size_t r = static_cast<std::size_t>(run - runs_.begin());
  const std::string before = resolvedFor(options_, *run).baseline;
  const int row = static_cast<int>(rows_.size());
  run->points.push_back(point);
  // The new row of the last run is the last row (runs are appended in order), and only the
  // rows of its group may change: it costs the group, never the table. A run whose default
  // baseline this point moves (none was chosen) is built again as a whole.
  if (r + 1 != runs_.size() || resolvedFor(options_, *run).baseline != before) {
    beginInsertRows({}, row, row);
    rebuildRows();
    endInsertRows();
    if (row > 0) emit dataChanged(index(0, 0), index(row - 1, columnCount() - 1));
    return;
  }
  beginInsertRows({}, row, row);
  ReportOptions resolved = options_;
  resolved.baseline = before;
  rows_.push_back(buildReportRows({point}, ceilingsOf(*run), resolved, run->id).front());
  origin_.emplace_back(r, run->points.size() - 1);
  const bool newBaseline = joinGroup(row, before);
  endInsertRows();
  if (!newBaseline) return;
  const Group& group = groups_.at({r, rows_.back().group});
  for (const int earlier : group.rows) {
    if (earlier == row) continue;
    ReportRow& changed = rows_[static_cast<std::size_t>(earlier)];
    setSpeedup(changed, group.baselineS);
    emit dataChanged(index(earlier, 0), index(earlier, columnCount() - 1));
  }
}

bool ResultsModel::joinGroup(int row, const std::string& baseline) {
  ReportRow& added = rows_[static_cast<std::size_t>(row)];
  Group& group = groups_[{origin_[static_cast<std::size_t>(row)].first, added.group}];
  group.rows.push_back(row);
  const bool first = !group.baselineS && isBaselineRow(added, baseline);
  if (first) group.baselineS = added.medianS;
  setSpeedup(added, group.baselineS);
  return first;
}

void ResultsModel::replacePoint(int runId, int position, const PointResult& point) {
  const auto run = findRun(runId);
  if (run == runs_.end() || position < 0 ||
      static_cast<std::size_t>(position) >= run->points.size())
    return;
  run->points[static_cast<std::size_t>(position)] = point;
  rebuildRows();
  // Every row of the run may change: the point may be its group's baseline.
  const auto [first, last] = rowsOf(static_cast<std::size_t>(run - runs_.begin()));
  emit dataChanged(index(first, 0), index(last, columnCount() - 1));
}

void ResultsModel::removeRun(int runId) {
  const auto run = findRun(runId);
  if (run == runs_.end()) return;
  if (run->points.empty()) {
    runs_.erase(run);
    rebuildRows();
    return updateColumns();
  }
  const auto [first, last] = rowsOf(static_cast<std::size_t>(run - runs_.begin()));
  beginRemoveRows({}, first, last);
  runs_.erase(run);
  rebuildRows();
  endRemoveRows();
  updateColumns();
}

void ResultsModel::setReportOptions(const ReportOptions& options) {
  options_ = options;
  rebuildRows();
  if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

const PointResult& ResultsModel::point(int row) const {
  const auto [run, point] = origin_[static_cast<std::size_t>(row)];
  return runs_[run].points[point];
}

void ResultsModel::rebuildRows() {
  rows_.clear();
  origin_.clear();
  groups_.clear();
  for (std::size_t r = 0; r < runs_.size(); ++r) {
    std::vector<ReportRow> rows = buildRunRows(runs_[r], options_);
    const std::string baseline = resolvedFor(options_, runs_[r]).baseline;
    for (std::size_t p = 0; p < rows.size(); ++p) {
      rows_.push_back(std::move(rows[p]));
      origin_.emplace_back(r, p);
      joinGroup(static_cast<int>(rows_.size()) - 1, baseline);
    }
  }
}

int ResultsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ResultsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(columns_.size());
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
    return {};
  }
  const ReportRow& row = rows_[static_cast<std::size_t>(index.row())];
  const ReportColumn& column = *columns_[static_cast<std::size_t>(index.column())];
  switch (role) {
    case Qt::DisplayRole:
      return QString::fromStdString(column.text(row));
    case SortRole:
      if (const auto value = column.value(row)) return *value;
      // Cells without a value sort below every measured one.
      if (column.kind) return -1.0;
      return QString::fromStdString(column.text(row));
    case RunRole:
      return row.runId;
    case KernelRole:
      return QString::fromStdString(row.kernel);
    case Qt::DecorationRole:
      if (index.column() == flagsColumn_ && row.flags.any()) return flagIcon_;
      return {};
    case Qt::ForegroundRole:
      if (index.column() == flagsColumn_ && row.flags.any())
        return QBrush(QColor(0xb3, 0x5c, 0x00));
      return {};
    case Qt::TextAlignmentRole:
      return column.align == Align::right ? int(Qt::AlignRight | Qt::AlignVCenter)
                                          : int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole: {
      const PointResult& result = point(index.row());
      const auto* run = &runs_[origin_[static_cast<std::size_t>(index.row())].first];
      std::string tip = result.reason.empty() ? result.verifyDetail : result.reason;
      if (result.flags.any()) {
        if (!tip.empty()) tip += '\n';
        tip += flagAdvice(result, run->settings.measure.quality, windowAdviceTerms());
      }
      return QString::fromStdString(tip);
    }
    default:
      return {};
  }
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return {};
  // A row is numbered as its point in its own run (the second run's first point is 1 again),
  // the number `report` and the session's order give it.
  if (orientation == Qt::Vertical)
    return section >= 0 && static_cast<std::size_t>(section) < origin_.size()
               ? QVariant(static_cast<int>(origin_[static_cast<std::size_t>(section)].second) + 1)
               : QVariant();
  if (section < 0 || section >= columnCount()) return {};
  const ReportColumn& column = *columns_[static_cast<std::size_t>(section)];
  return translatedHeader(column.header);
}

}  // namespace accellab::gui
