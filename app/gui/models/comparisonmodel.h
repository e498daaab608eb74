// A comparison of two runs as a table, with the columns the engine describes for tables
// (comparisonColumnsIn(inTable)): verdicts coloured, raw numbers to sort by, notes as tooltips.
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "accellab/compare.h"
#include "accellab/compare_report.h"

namespace accellab::gui {

class ComparisonModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  // Raw numbers behind the formatted cells; the verdict sorts what got slower first.
  static constexpr int SortRole = Qt::UserRole + 1;

  explicit ComparisonModel(QObject* parent = nullptr);

  void setComparison(const Comparison& comparison);
  void clear();
  const Comparison& comparison() const { return comparison_; }
  const std::vector<const ComparisonColumn*>& columns() const { return columns_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<const ComparisonColumn*> columns_;
  int verdictColumn_;
  Comparison comparison_;
};

}  // namespace accellab::gui
