#include "models/runfiltermodel.h"

#include <algorithm>

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

void RunFilterModel::setText(const QString& text) {
  if (text_ == text) return;
  text_ = text;
  invalidateRowsFilter();
}

bool RunFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
  const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
  if (!kernel_.isEmpty() && index.data(ResultsModel::KernelRole).toString() != kernel_)
    return false;
  if (runIds_ && !runIds_->contains(index.data(ResultsModel::RunRole).toInt())) return false;
  return matchesText(sourceRow, sourceParent);
}

bool RunFilterModel::matchesText(int sourceRow, const QModelIndex& sourceParent) const {
  const QStringList words = text_.split(QLatin1Char(' '), Qt::SkipEmptyParts);
  if (words.isEmpty()) return true;
  QStringList cells;
  for (int column = 0; column < sourceModel()->columnCount(sourceParent); ++column)
    cells << sourceModel()->index(sourceRow, column, sourceParent).data().toString();
  const QString row = cells.join(QLatin1Char('\t'));
  return std::ranges::all_of(
      words, [&](const QString& word) { return row.contains(word, Qt::CaseInsensitive); });
}

std::vector<Run> RunFilterModel::shownOf(const std::vector<Run>& runs) const {
  const std::string kernel = kernel_.toStdString();
  // The points whose rows the text keeps, where there is a text: the table's rows are the
  // points of the runs it was given.
  std::optional<std::set<const PointResult*>> kept;
  if (const auto* results = qobject_cast<const ResultsModel*>(sourceModel());
      results && !text_.trimmed().isEmpty()) {
    kept.emplace();
    for (int row = 0; row < results->rowCount(); ++row)
      if (matchesText(row, {})) kept->insert(&results->point(row));
  }
  std::vector<Run> shown;
  for (const Run& run : runs) {
    if (runIds_ && !runIds_->contains(run.id)) continue;
    Run picked = run;
    picked.points.clear();
    for (const PointResult& p : run.points)
      if ((kernel.empty() || p.point.kernel == kernel) && (!kept || kept->contains(&p)))
        picked.points.push_back(p);
    if (!picked.points.empty()) shown.push_back(std::move(picked));
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
