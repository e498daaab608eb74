// The measured points as a table: the problem, then the CLI's columns (reportHeaders and
// formatReportRow).
#pragma once

#include <QAbstractTableModel>
#include <string>
#include <vector>

#include "accellab/report.h"
#include "accellab/result.h"

namespace accellab::gui {

class ResultsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  // Raw numbers behind the formatted cells, so that "812 ns" sorts below "1.2 ms".
  static constexpr int SortRole = Qt::UserRole + 1;

  explicit ResultsModel(QObject* parent = nullptr);

  void setPoints(std::vector<PointResult> points);
  void appendPoint(const PointResult& point);
  void setCeilings(const Ceilings& ceilings);
  void setReportOptions(const ReportOptions& options);

  const std::vector<PointResult>& points() const { return points_; }
  const std::vector<ReportRow>& rows() const { return rows_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  // Rows depend on each other (speedup is relative to the group's baseline point), so
  // they are rebuilt as a whole by the engine.
  void rebuildRows();
  QVariant sortKey(std::size_t rowIndex, int column) const;

  std::vector<std::string> headers_;
  std::vector<PointResult> points_;
  std::vector<ReportRow> rows_;
  std::vector<std::vector<QString>> cells_;
  Ceilings ceilings_;
  ReportOptions options_;
};

}  // namespace accellab::gui
