#include "models/resultsmodel.h"

#include <utility>

namespace accellab::gui {

namespace {

// What a column sorts by, found from its header once; columns without a number sort by text.
enum class SortField { text, threads, median, spread, elementsPerS, bytesPerS, ceiling, speedup };

SortField sortFieldFor(const std::string& header) {
  const QString h = QString::fromStdString(header).toLower();
  const auto has = [&h](const char* word) { return h.contains(QLatin1String(word)); };
  if (has("thread")) return SortField::threads;
  if (has("speedup")) return SortField::speedup;
  if (has("ceiling") || has("%")) return SortField::ceiling;
  if (has("spread") || has("mad") || has("\xc2\xb1")) return SortField::spread;
  if (has("median") || has("time")) return SortField::median;
  if (has("b/s") || has("bandwidth") || has("bytes")) return SortField::bytesPerS;
  if (has("/s") || has("rate") || has("throughput") || has("elements")) {
    return SortField::elementsPerS;
  }
  return SortField::text;
}

}  // namespace

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent) {
  // The CLI prints a heading per problem; a sortable table needs the problem in every row.
  headers_.push_back(tr("problem").toStdString());
  for (const std::string& header : reportHeaders()) headers_.push_back(header);
}

void ResultsModel::setPoints(std::vector<PointResult> points) {
  beginResetModel();
  points_ = std::move(points);
  rebuildRows();
  endResetModel();
}

void ResultsModel::appendPoint(const PointResult& point) {
  const int row = static_cast<int>(points_.size());
  beginInsertRows({}, row, row);
  points_.push_back(point);
  rebuildRows();
  endInsertRows();
  if (row > 0) emit dataChanged(index(0, 0), index(row - 1, columnCount() - 1));
}

void ResultsModel::setCeilings(const Ceilings& ceilings) {
  ceilings_ = ceilings;
  rebuildRows();
  if (!points_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void ResultsModel::setReportOptions(const ReportOptions& options) {
  options_ = options;
  rebuildRows();
  if (!points_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void ResultsModel::rebuildRows() {
  rows_ = buildReportRows(points_, ceilings_, options_);
  cells_.clear();
  cells_.reserve(rows_.size());
  for (const ReportRow& row : rows_) {
    std::vector<QString> cells{QString::fromStdString(row.group)};
    for (const std::string& cell : formatReportRow(row))
      cells.push_back(QString::fromStdString(cell));
    cells_.push_back(std::move(cells));
  }
}

int ResultsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(cells_.size());
}

int ResultsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(headers_.size());
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
    return {};
  }
  const auto row = static_cast<std::size_t>(index.row());
  const auto column = static_cast<std::size_t>(index.column());
  switch (role) {
    case Qt::DisplayRole:
      return column < cells_[row].size() ? cells_[row][column] : QString();
    case SortRole:
      return sortKey(row, index.column());
    case Qt::ToolTipRole:
      return QString::fromStdString(points_[row].reason.empty() ? points_[row].verifyDetail
                                                                : points_[row].reason);
    default:
      return {};
  }
}

QVariant ResultsModel::sortKey(std::size_t rowIndex, int column) const {
  const ReportRow& row = rows_[rowIndex];
  const auto& header = headers_[static_cast<std::size_t>(column)];
  switch (sortFieldFor(header)) {
    case SortField::threads:
      return row.threads;
    case SortField::median:
      return row.medianS;
    case SortField::spread:
      return row.spreadS;
    case SortField::elementsPerS:
      return row.elementsPerS;
    case SortField::bytesPerS:
      return row.bytesPerS;
    case SortField::ceiling:
      return row.ceilingFraction.value_or(-1.0);
    case SortField::speedup:
      return row.speedup.value_or(-1.0);
    case SortField::text:
      break;
  }
  return cells_[rowIndex][static_cast<std::size_t>(column)];
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return {};
  if (orientation == Qt::Vertical) return section + 1;
  if (section < 0 || section >= columnCount()) return {};
  return QString::fromStdString(headers_[static_cast<std::size_t>(section)]);
}

}  // namespace accellab::gui
