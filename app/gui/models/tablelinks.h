// The results table linked with what points at its rows: a chart element clicked selects its
// row, a finding's "Show the evidence" selects its rows and brings its chart to the front,
// and the rows selected are highlighted in the charts. Edit ▸ Copy copies the rows selected.
#pragma once

class QTabWidget;
class QTableView;

namespace accellab::gui {

class ChartPanel;
class InsightsPanel;
class ResultsModel;
class RunFilterModel;

struct TableParts {
  QTableView& table;  // shows `sorted`, which sorts and filters `results`
  ResultsModel& results;
  RunFilterModel& sorted;
  QTabWidget& tabs;  // the table's tab is brought to the front for a clicked point
};

void linkTable(const TableParts& parts, ChartPanel& charts, InsightsPanel& insights);
// The selected cells as tab-separated text on the clipboard; every row shown when none is.
void copyTableSelection(QTableView& table);

}  // namespace accellab::gui
