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

ValueColumns valuesOf(const std::vector<Run>& runs) {
  ValueColumns values;
  for (const Run& run : runs) values.add(run.points);
  return values;
}

}  // namespace

ResultsModel::ResultsModel(const std::vector<Run>& runs, QObject* parent)
    : QAbstractTableModel(parent),
      columns_(columnsIn(inTable)),
      flagsColumn_(flagsColumnIn(columns_)),
      flagIcon_(QStringLiteral(":/icons/flag.svg")),
      runs_(&runs) {
  setColumns();
  rebuildRows();
}

void ResultsModel::reset() {
  beginResetModel();
  setColumns();
  rebuildRows();
  endResetModel();
}

void ResultsModel::setColumns() {
  values_ = valuesOf(*runs_);
  columns_ = values_.placedIn(columnsFor(*runs_));
  flagsColumn_ = flagsColumnIn(columns_);
}

void ResultsModel::updateColumns() {
  if (valuesOf(*runs_) == values_ && values_.placedIn(columnsFor(*runs_)) == columns_) return;
  beginResetModel();
  setColumns();
  endResetModel();
}

void ResultsModel::runAppended(int runId) {
  const auto r = indexOf(runId);
  if (!r) return;
  const Run& run = (*runs_)[*r];
  // The first distributed run brings columns, as does a value no point reported before: the
  // whole table changes.
  if ((isDistributed(run) && columns_ != values_.placedIn(columnsIn(inTable, true))) ||
      values_.add(run.points))
    return reset();
  const int first = static_cast<int>(rows_.size());
  const auto added = static_cast<int>(run.points.size());
  if (added > 0) beginInsertRows({}, first, first + added - 1);
  rebuildRows();
  if (added > 0) endInsertRows();
}

std::optional<std::size_t> ResultsModel::indexOf(int runId) const {
  const auto run =
      std::find_if(runs_->begin(), runs_->end(), [runId](const Run& r) { return r.id == runId; });
  if (run == runs_->end()) return std::nullopt;
  return static_cast<std::size_t>(run - runs_->begin());
}

std::optional<std::pair<int, int>> ResultsModel::rowsOf(int runId) const {
  const auto first = std::find_if(rows_.begin(), rows_.end(),
                                  [runId](const ReportRow& row) { return row.runId == runId; });
  if (first == rows_.end()) return std::nullopt;
  const auto last = std::find_if(first, rows_.end(),
                                 [runId](const ReportRow& row) { return row.runId != runId; });
  return std::pair{static_cast<int>(first - rows_.begin()),
                   static_cast<int>(last - rows_.begin()) - 1};
}

void ResultsModel::pointAppended(int runId) {
  const auto r = indexOf(runId);
  if (!r || (*runs_)[*r].points.empty()) return;
  const Run& run = (*runs_)[*r];
  if (values_.add(run.points.back().values)) return reset();
  const std::string& before = baselines_[*r];
  const int row = static_cast<int>(rows_.size());
  // The new row of the last run is the last row (runs are appended in order), and only the
  // rows of its group may change: it costs the group, never the table. A run whose default
  // baseline this point moves (none was chosen) is built again as a whole.
  if (*r + 1 != runs_->size() || resolvedFor(options_, run).baseline != before) {
    beginInsertRows({}, row, row);
    rebuildRows();
    endInsertRows();
    if (row > 0) emit dataChanged(index(0, 0), index(row - 1, columnCount() - 1));
    return;
  }
  beginInsertRows({}, row, row);
  ReportOptions resolved = options_;
  resolved.baseline = before;
  rows_.push_back(buildReportRows({run.points.back()}, ceilingsOf(run), resolved, run.id).front());
  origin_.emplace_back(*r, run.points.size() - 1);
  const bool newBaseline = joinGroup(row, before);
  endInsertRows();
  if (!newBaseline) return;
  const Group& group = groups_.at({*r, rows_.back().group});
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

void ResultsModel::pointReplaced(int runId, int) {
  // Measured again, it may report a value no point did before.
  if (const auto r = indexOf(runId); r && values_.add((*runs_)[*r].points)) return reset();
  rebuildRows();
  // Every row of the run may change: the point may be its group's baseline.
  if (const auto rows = rowsOf(runId))
    emit dataChanged(index(rows->first, 0), index(rows->second, columnCount() - 1));
}

void ResultsModel::runRemoved(int runId) {
  // Its rows are still those of the runs before it was removed.
  const auto rows = rowsOf(runId);
  if (rows) beginRemoveRows({}, rows->first, rows->second);
  rebuildRows();
  if (rows) endRemoveRows();
  updateColumns();
}

void ResultsModel::setReportOptions(const ReportOptions& options) {
  options_ = options;
  rebuildRows();
  if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

const PointResult& ResultsModel::point(int row) const {
  const auto [run, point] = origin_[static_cast<std::size_t>(row)];
  return (*runs_)[run].points[point];
}

void ResultsModel::rebuildRows() {
  rows_.clear();
  origin_.clear();
  groups_.clear();
  baselines_.clear();
  for (std::size_t r = 0; r < runs_->size(); ++r) {
    const Run& run = (*runs_)[r];
    std::vector<ReportRow> rows = buildRunRows(run, options_);
    const std::string& baseline = baselines_.emplace_back(resolvedFor(options_, run).baseline);
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
      // The rows are rebuilt just after the document changes; a view asking in between (a
      // run removed, its successors moved up) gets no tip rather than another run's.
      const auto [r, p] = origin_[static_cast<std::size_t>(index.row())];
      if (r >= runs_->size() || (*runs_)[r].id != row.runId || p >= (*runs_)[r].points.size())
        return {};
      const Run* run = &(*runs_)[r];
      const PointResult& result = run->points[p];
      std::string tip = result.reason.empty() ? result.verifyDetail : result.reason;
      if (result.flags.any()) {
        if (!tip.empty()) tip += '\n';
        tip += flagAdvice(result, run->settings.measure.quality, windowAdviceTerms());
      }
      if (const std::string cpu = cpuUseText(result); !cpu.empty())
        tip += (tip.empty() ? "" : "\n") + cpu;
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
