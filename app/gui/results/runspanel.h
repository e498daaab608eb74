// The Runs panel: the session's runs with a check for each run the charts and the table
// show, names edited in place, and the buttons that act on a run.
#pragma once

#include <QWidget>
#include <optional>

class QAction;
class QGridLayout;
class QTableView;

namespace accellab::gui {

class RunsModel;

class RunsPanel : public QWidget {
  Q_OBJECT

 public:
  explicit RunsPanel(RunsModel& model, QWidget* parent = nullptr);

  // A button under the list for `action` (enabled, text and icon follow the action).
  void addButton(QAction* action);
  // The run whose row is selected, if any.
  std::optional<int> selectedRun() const;
  void selectRun(int runId);
  QTableView& view() { return *view_; }

 signals:
  void selectionChanged();

 private:
  RunsModel& model_;
  QTableView* view_;
  QGridLayout* buttons_;
};

}  // namespace accellab::gui
