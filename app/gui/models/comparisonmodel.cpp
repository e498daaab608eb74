#include "models/comparisonmodel.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <optional>

#include "i18n/columnheaders.h"

namespace accellab::gui {

namespace {

int verdictColumnIn(const std::vector<const ComparisonColumn*>& columns) {
  for (std::size_t c = 0; c < columns.size(); ++c)
    if (columns[c]->id == "verdict") return static_cast<int>(c);
  return -1;
}

// Red for slower, green for faster, grey where nothing is measured on one side; readable on
// light and dark palettes alike.
std::optional<QColor> verdictColour(Verdict verdict) {
  switch (verdict) {
    case Verdict::slower:
      return QColor(0xd9, 0x35, 0x2f);
    case Verdict::faster:
      return QColor(0x2e, 0x9d, 0x3a);
    case Verdict::notComparable:
    case Verdict::onlyInBase:
    case Verdict::onlyInNew:
      return QColor(0x8a, 0x8a, 0x8a);
    case Verdict::unchanged:
      break;
  }
  return std::nullopt;
}

}  // namespace

ComparisonModel::ComparisonModel(QObject* parent)
    : QAbstractTableModel(parent),
      columns_(comparisonColumnsIn(inTable)),
      verdictColumn_(verdictColumnIn(columns_)) {}

void ComparisonModel::setComparison(const Comparison& comparison) {
  beginResetModel();
  comparison_ = comparison;
  // Runs of distributed points bring the ranks column.
  columns_ = comparisonColumnsIn(inTable, isDistributed({&comparison_, 1}));
  verdictColumn_ = verdictColumnIn(columns_);
  endResetModel();
}

void ComparisonModel::clear() { setComparison({}); }

int ComparisonModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(comparison_.rows.size());
}

int ComparisonModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(columns_.size());
}

QVariant ComparisonModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const ComparisonRow& row = comparison_.rows[static_cast<std::size_t>(index.row())];
  const ComparisonColumn& column = *columns_[static_cast<std::size_t>(index.column())];
  switch (role) {
    case Qt::DisplayRole:
      return QString::fromStdString(column.text(row));
    case SortRole: {
      if (column.value)
        if (const auto value = column.value(row)) return *value;
      // Cells without a value sort below every measured one.
      if (column.kind) return -1.0;
      return QString::fromStdString(column.text(row));
    }
    case Qt::TextAlignmentRole:
      return column.align == Align::right ? int(Qt::AlignRight | Qt::AlignVCenter)
                                          : int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ForegroundRole:
      if (index.column() == verdictColumn_)
        if (const auto colour = verdictColour(row.verdict)) return QBrush(*colour);
      return {};
    case Qt::FontRole:
      if (index.column() == verdictColumn_ &&
          (row.verdict == Verdict::slower || row.verdict == Verdict::faster)) {
        QFont bold;
        bold.setBold(true);
        return bold;
      }
      return {};
    case Qt::ToolTipRole:
      return QString::fromStdString(row.note);
    default:
      return {};
  }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return {};
  if (orientation == Qt::Vertical) return section + 1;
  if (section < 0 || section >= columnCount()) return {};
  const ComparisonColumn& column = *columns_[static_cast<std::size_t>(section)];
  return translatedHeader(column.header);
}

}  // namespace accellab::gui
