#include "models/runfiltermodel.h"

#include "models/naturalorder.h"
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

void RunFilterModel::setKernel(const QString& kernel) {
  if (kernel_ == kernel) return;
  kernel_ = kernel;
  invalidateRowsFilter();
}

bool RunFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
  const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
  if (!kernel_.isEmpty() && index.data(ResultsModel::KernelRole).toString() != kernel_)
    return false;
  return !runIds_ || runIds_->contains(index.data(ResultsModel::RunRole).toInt());
}

std::vector<Run> RunFilterModel::shownOf(const std::vector<Run>& runs) const {
  const std::string kernel = kernel_.toStdString();
  std::vector<Run> shown;
  for (const Run& run : runs) {
    if (runIds_ && !runIds_->contains(run.id)) continue;
    Run kept = run;
    if (!kernel.empty())
      std::erase_if(kept.points, [&](const PointResult& p) { return p.point.kernel != kernel; });
    if (!kept.points.empty()) shown.push_back(std::move(kept));
  }
  return shown;
}

bool RunFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const {
  const QVariant a = left.data(sortRole());
  const QVariant b = right.data(sortRole());
  // Text cells (the problem, the variant) in natural order; measured values by value.
  if (a.typeId() == QMetaType::QString && b.typeId() == QMetaType::QString)
    return naturalLess(a.toString(), b.toString());
  return QSortFilterProxyModel::lessThan(left, right);
}

}  // namespace accellab::gui
