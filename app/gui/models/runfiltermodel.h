// The results table's rows of the runs picked in the Runs panel and of the kernel selected
// (the one the charts show), sorted as the user sorts: filtering keeps the table's sort
// column and order.
#pragma once

#include <QSortFilterProxyModel>
#include <QString>
#include <optional>
#include <set>
#include <vector>

#include "accellab/session.h"

namespace accellab::gui {

class RunFilterModel : public QSortFilterProxyModel {
  Q_OBJECT

 public:
  // Sorts by ResultsModel::SortRole, text naturally; shows every row until setRuns is called.
  explicit RunFilterModel(QObject* parent = nullptr);

  void setRuns(std::set<int> runIds);
  const std::optional<std::set<int>>& runs() const { return runIds_; }
  // Empty: every kernel's rows.
  void setKernel(const QString& kernel);
  const QString& kernel() const { return kernel_; }
  // The filter field's text: a row is shown when each of its words is in one of the row's
  // cells (any case); empty: every row.
  void setText(const QString& text);
  const QString& text() const { return text_; }
  // Of `runs`, what the table shows: the runs picked, each with the points of the kernel
  // selected (and, with a text, of the rows it keeps); runs left without points are left out.
  std::vector<Run> shownOf(const std::vector<Run>& runs) const;

 protected:
  bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
  // Text in natural order: "16x256x256" before "1024x1024x512".
  bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

 private:
  // The row's cells hold every word of the text.
  bool matchesText(int sourceRow, const QModelIndex& sourceParent) const;

  std::optional<std::set<int>> runIds_;
  QString kernel_;
  QString text_;
};

}  // namespace accellab::gui
