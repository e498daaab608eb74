// The measured points of every run as one table, with the columns the engine describes for
// tables (reportColumns, inTable; ranks and imbalance once a run is distributed; one for each
// value the points report, ValueColumns). Rows are built
// run by run, so a speedup is always within its run. Flagged points are marked in their flags cell,
// with the advice as tooltip. The runs are the open document's (SessionDocument), read where
// they are: the model keeps only the rows it shows, and is told of each change once it is made.
#pragma once

#include <QAbstractTableModel>
#include <QIcon>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "accellab/report.h"
#include "accellab/session.h"

namespace accellab::gui {

class ResultsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  // Raw numbers behind the formatted cells, so that "812 ns" sorts below "1.2 ms".
  static constexpr int SortRole = Qt::UserRole + 1;
  // The run id of a row, for filtering by run.
  static constexpr int RunRole = Qt::UserRole + 2;
  // The kernel of a row, for showing the kernel selected alone.
  static constexpr int KernelRole = Qt::UserRole + 3;

  // `runs` outlives the model (the document's session.runs).
  explicit ResultsModel(const std::vector<Run>& runs, QObject* parent = nullptr);

  // The runs were replaced as a whole.
  void reset();
  // A run was appended after the others, and a point to run `runId` (its last).
  void runAppended(int runId);
  void pointAppended(int runId);
  // The point at `position` in run `runId` was measured again.
  void pointReplaced(int runId, int position);
  void runRemoved(int runId);
  void setReportOptions(const ReportOptions& options);

  const std::vector<ReportRow>& rows() const { return rows_; }
  const PointResult& point(int row) const;
  const std::vector<const ReportColumn*>& columns() const { return columns_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  // Rows depend on each other within a run (speedup is relative to the group's baseline
  // point), so a run's rows are rebuilt as a whole by the engine; then groups_ is filled.
  void rebuildRows();
  // What appending a point may change: the rows of its group, once the group's baseline
  // comes. Keyed by run index and ReportRow::group.
  struct Group {
    std::optional<double> baselineS;  // the first baseline point's median, as report.h says
    std::vector<int> rows;
  };
  std::map<std::pair<std::size_t, std::string>, Group> groups_;
  // Adds rows_[row] to its group; true when it became the group's baseline.
  bool joinGroup(int row, const std::string& baseline);
  // The columns of runs_ (the ranks ones only when a run is distributed, a reported value's once
  // a point reports it); updateColumns resets the model when they change.
  void setColumns();
  void updateColumns();
  // The index of run `runId` in runs_, or empty.
  std::optional<std::size_t> indexOf(int runId) const;
  // The rows of run `runId`, first and last (rows are in run order); empty when it has none.
  std::optional<std::pair<int, int>> rowsOf(int runId) const;

  ValueColumns values_;  // columns_ point into it
  std::vector<const ReportColumn*> columns_;
  int flagsColumn_;
  QIcon flagIcon_;
  const std::vector<Run>* runs_;
  // Each run's baseline as the rows were built: what a point appended may move.
  std::vector<std::string> baselines_;
  std::vector<ReportRow> rows_;
  std::vector<std::pair<std::size_t, std::size_t>> origin_;  // row -> (run, point) index
  ReportOptions options_;
};

}  // namespace accellab::gui
