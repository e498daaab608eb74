// The measured points of every run as one table, with the columns the engine describes for
// tables (reportColumns, inTable; ranks and imbalance once a run is distributed). Rows are built
// run by run, so a speedup is always within its run. Flagged points are marked in their flags cell,
// with the advice as tooltip.
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

  explicit ResultsModel(QObject* parent = nullptr);

  void setRuns(const std::vector<Run>& runs);
  // A run started after the others, and the points it measures as they come.
  void appendRun(const Run& run);
  void appendPoint(int runId, const PointResult& point);
  // The point at `position` in run `runId` measured again.
  void replacePoint(int runId, int position, const PointResult& point);
  void removeRun(int runId);
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
  // The columns of runs_ (the ranks ones only when a run is distributed); updateColumns resets
  // the model when they change.
  void setColumns();
  void updateColumns();
  std::vector<Run>::iterator findRun(int runId);
  // The rows of runs_[run], first and last (rows are in run order).
  std::pair<int, int> rowsOf(std::size_t run) const;

  std::vector<const ReportColumn*> columns_;
  int flagsColumn_;
  QIcon flagIcon_;
  std::vector<Run> runs_;
  std::vector<ReportRow> rows_;
  std::vector<std::pair<std::size_t, std::size_t>> origin_;  // row -> (run, point) index
  ReportOptions options_;
};

}  // namespace accellab::gui
