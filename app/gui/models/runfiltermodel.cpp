#include "models/runfiltermodel.h"

#include "models/resultsmodel.h"

namespace accellab::gui {

RunFilterModel::RunFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {
  setSortRole(ResultsModel::SortRole);
}

void RunFilterModel::setRuns(std::set<int> runIds) {
  if (runIds_ == runIds) return;
  runIds_ = std::move(runIds);
  invalidateRowsFilter();
}

bool RunFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
  if (!runIds_) return true;
  const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
  return runIds_->contains(index.data(ResultsModel::RunRole).toInt());
}

}  // namespace accellab::gui
