// Copying table cells as text: tab-separated, one line per row, headers first.
#pragma once

#include <QModelIndexList>
#include <QString>

class QAbstractItemModel;

namespace accellab::gui {

// The cells named by `indexes` (any order, any model) as tab-separated text with the
// header of every column that holds a selected cell.
QString selectionAsText(const QAbstractItemModel& model, const QModelIndexList& indexes);

}  // namespace accellab::gui
