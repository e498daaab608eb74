#include "results/runspanel.h"

#include <QAction>
#include <QGridLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "models/runsmodel.h"

namespace accellab::gui {

RunsPanel::RunsPanel(RunsModel& model, QWidget* parent)
    : QWidget(parent), model_(model), view_(new QTableView(this)), buttons_(new QGridLayout) {
  view_->setObjectName(QStringLiteral("runsTable"));
  // Tab leaves the table for the next field, as in the results table; the arrows move within.
  view_->setTabKeyNavigation(false);
  view_->setModel(&model_);
  view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  view_->setSelectionMode(QAbstractItemView::SingleSelection);
  view_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                         QAbstractItemView::SelectedClicked);
  view_->verticalHeader()->setVisible(false);
  view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 6);
  QHeaderView* header = view_->horizontalHeader();
  header->setSectionResizeMode(QHeaderView::ResizeToContents);
  header->setSectionResizeMode(RunsModel::nameColumn, QHeaderView::Stretch);
  view_->setToolTip(
      tr("Check the runs to show in the charts and the results table; double-click a name to "
         "rename the run"));
  connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          &RunsPanel::selectionChanged);

  buttons_->setContentsMargins(0, 0, 0, 0);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(view_);
  layout->addLayout(buttons_);
}

void RunsPanel::addButton(QAction* action) {
  auto* button = new QToolButton(this);
  button->setObjectName(action->objectName() + QStringLiteral("Button"));
  button->setDefaultAction(action);
  button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  // Two a row: three side by side made the Results dock wider than a 1024-px window holds.
  const int placed = buttons_->count();
  buttons_->addWidget(button, placed / 2, placed % 2, Qt::AlignLeft);
  buttons_->setColumnStretch(1, 1);
}

std::optional<int> RunsPanel::selectedRun() const {
  const QModelIndexList rows = view_->selectionModel()->selectedRows();
  if (rows.isEmpty()) return std::nullopt;
  return model_.runId(rows.front().row());
}

void RunsPanel::selectRun(int runId) {
  const int row = model_.rowOf(runId);
  if (row >= 0) view_->selectRow(row);
}

}  // namespace accellab::gui
