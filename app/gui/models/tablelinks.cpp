#include "tablelinks.h"

#include <QApplication>
#include <QClipboard>
#include <QItemSelectionModel>
#include <QTabWidget>
#include <QTableView>
#include <vector>

#include "charts/chartpanel.h"
#include "insights/insightspanel.h"
#include "models/resultsmodel.h"
#include "models/runfiltermodel.h"
#include "models/selectiontext.h"

namespace accellab::gui {

void linkTable(const TableParts& parts, ChartPanel& charts, InsightsPanel& insights) {
  QTableView* table = &parts.table;
  ResultsModel* results = &parts.results;
  RunFilterModel* sorted = &parts.sorted;
  QTabWidget* tabs = &parts.tabs;
  ChartPanel* chartPanel = &charts;
  // The table's rows are the runs' points in order, so a point's row is its run's first row
  // plus its place in the run.
  const auto firstRowOf = [results](int runId) {
    for (int row = 0; row < results->rowCount(); ++row)
      if (results->index(row, 0).data(ResultsModel::RunRole).toInt() == runId) return row;
    return -1;
  };
  // The table row of a run's point as shown (sorted), invalid where the run filter hides it.
  const auto shownRowOf = [results, sorted, firstRowOf](int runId, std::size_t point) {
    const int first = firstRowOf(runId);
    if (first < 0) return QModelIndex();
    return sorted->mapFromSource(results->index(first + static_cast<int>(point), 0));
  };
  QObject::connect(chartPanel, &ChartPanel::pointActivated, table,
                   [table, tabs, shownRowOf](int runId, std::size_t pointIndex) {
                     const QModelIndex row = shownRowOf(runId, pointIndex);
                     // A row the run filter hides cannot be selected.
                     if (!row.isValid()) return;
                     // The tab that holds the table (with its filter field).
                     for (int tab = 0; tab < tabs->count(); ++tab)
                       if (tabs->widget(tab)->isAncestorOf(table)) tabs->setCurrentIndex(tab);
                     table->selectionModel()->setCurrentIndex(
                         row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
                     table->scrollTo(row);
                   });
  // A finding shows its evidence: its rows selected in the table, its chart in front.
  QObject::connect(&insights, &InsightsPanel::findingActivated, table,
                   [table, chartPanel, shownRowOf](
                       int runId, const std::vector<std::size_t>& points, const QString& chart) {
                     for (int index = 0; index < chartPanel->chartCount(); ++index)
                       if (chartPanel->chartStem(index) == chart)
                         chartPanel->setCurrentChart(index);
                     QItemSelection rows;
                     for (const std::size_t point : points)
                       if (const QModelIndex row = shownRowOf(runId, point); row.isValid())
                         rows.select(row, row);
                     table->selectionModel()->select(
                         rows, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
                     if (!rows.isEmpty()) table->scrollTo(rows.indexes().front());
                   });
  QObject::connect(
      table->selectionModel(), &QItemSelectionModel::selectionChanged, chartPanel,
      [table, sorted, chartPanel, firstRowOf] {
        std::vector<PointId> points;
        for (const QModelIndex& selected : table->selectionModel()->selectedRows()) {
          const QModelIndex row = sorted->mapToSource(selected);
          const int runId = row.data(ResultsModel::RunRole).toInt();
          points.push_back({runId, static_cast<std::size_t>(row.row() - firstRowOf(runId))});
        }
        chartPanel->highlightPoints(points);
      });
}

void copyTableSelection(QTableView& table) {
  QAbstractItemModel& model = *table.model();
  QModelIndexList indexes = table.selectionModel()->selectedIndexes();
  if (indexes.isEmpty()) {
    for (int row = 0; row < model.rowCount(); ++row)
      for (int column = 0; column < model.columnCount(); ++column)
        indexes << model.index(row, column);
  }
  QApplication::clipboard()->setText(selectionAsText(model, indexes));
}

}  // namespace accellab::gui
