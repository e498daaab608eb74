#include "models/selectiontext.h"

#include <QAbstractItemModel>
#include <QStringList>
#include <map>
#include <set>

namespace accellab::gui {

QString selectionAsText(const QAbstractItemModel& model, const QModelIndexList& indexes) {
  std::set<int> columns;
  std::map<int, std::map<int, QString>> cells;  // row -> column -> text
  for (const QModelIndex& index : indexes) {
    columns.insert(index.column());
    cells[index.row()][index.column()] = index.data(Qt::DisplayRole).toString();
  }
  if (cells.empty()) return {};
  QStringList lines;
  QStringList header;
  for (int column : columns)
    header << model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
  lines << header.join(QLatin1Char('\t'));
  for (const auto& [row, byColumn] : cells) {
    QStringList line;
    for (int column : columns) {
      const auto it = byColumn.find(column);
      line << (it == byColumn.end() ? QString() : it->second);
    }
    lines << line.join(QLatin1Char('\t'));
  }
  return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

}  // namespace accellab::gui
