#include "resultspane.h"

#include <QDesktopServices>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QIcon>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>
#include <algorithm>

#include "charts/chartpanel.h"
#include "compare/comparepanel.h"
#include "insights/insightspanel.h"
#include "models/resultsmodel.h"
#include "models/runfiltermodel.h"
#include "models/runsmodel.h"
#include "models/sourcelocation.h"
#include "models/tablelinks.h"
#include "results/runspanel.h"
#include "session/sessiondocument.h"
#include "system/systemview.h"

namespace accellab::gui {

ResultsPane::ResultsPane(SessionDocument& document, RunsModel& runs, ChartPanel& charts,
                         std::function<bool()> running, std::function<const SystemInfo*()> machine,
                         QWidget* parent)
    : QSplitter(Qt::Horizontal, parent),
      document_(document),
      runs_(runs),
      charts_(charts),
      running_(std::move(running)),
      machine_(std::move(machine)),
      results_(new ResultsModel(document.session().runs, this)),
      sorted_(new RunFilterModel(this)),
      table_(new QTableView(this)),
      insights_(new InsightsPanel(this)),
      compare_(new ComparePanel(document.session(), this)),
      systemView_(new SystemView(this)),
      output_(new QPlainTextEdit(this)),
      tabs_(new QTabWidget(this)),
      runsPanel_(new RunsPanel(runs, this)) {
  setObjectName(QStringLiteral("bottomSplitter"));
  sorted_->setSourceModel(results_);
  // Tab leaves the table for the next field; the arrows move within it.
  table_->setTabKeyNavigation(false);
  table_->setObjectName(QStringLiteral("resultsTable"));
  table_->setModel(sorted_);
  table_->setSortingEnabled(true);
  table_->sortByColumn(-1, Qt::AscendingOrder);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setAlternatingRowColors(true);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  table_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(table_, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    QMenu* menu = contextMenuAt(at);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(table_->viewport()->mapToGlobal(at));
  });
  insights_->setObjectName(QStringLiteral("insightsPanel"));
  compare_->setCurrentName(document_.displayName());
  tabs_->setObjectName(QStringLiteral("bottomTabs"));
  tabs_->addTab(withFilterField(), tr("Results"));
  tabs_->addTab(insights_, tr("Insights"));
  output_->setObjectName(QStringLiteral("outputView"));
  output_->setReadOnly(true);
  output_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  output_->setPlaceholderText(tr("Select a row: what its code printed shows here."));
  tabs_->addTab(output_, tr("Output"));
  tabs_->addTab(compare_, tr("Compare"));
  tabs_->addTab(systemView_, tr("System"));
  runsPanel_->setObjectName(QStringLiteral("runsPanel"));
  addWidget(runsPanel_);
  addWidget(tabs_);
  setStretchFactor(0, 2);
  setStretchFactor(1, 5);
  setSizes({520, 900});
  connectDocument();
  linkTable({*table_, *results_, *sorted_, *tabs_}, charts_, *insights_);
  connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &ResultsPane::showOutput);
}

void ResultsPane::showOutput() {
  const QModelIndex row = sorted_->mapToSource(table_->currentIndex());
  if (!row.isValid()) {
    output_->clear();
    return;
  }
  const PointResult& point = results_->point(row.row());
  const ReportRow& shown = results_->rows().at(static_cast<std::size_t>(row.row()));
  const QString threads = shown.threads == 1 ? tr("1 thread") : tr("%1 threads").arg(shown.threads);
  // "run 2 · numpy · 64x64x16 f64 · 1 thread", then what it printed.
  const QString about =
      QStringLiteral("%1 \u00b7 %2 \u00b7 %3 \u00b7 %4")
          .arg(tr("run %1").arg(shown.runId), QString::fromStdString(shown.variant),
               QString::fromStdString(shown.problem), threads);
  const QString printed =
      point.output.empty()
          ? tr("Printed nothing (or ran in this process, whose output is the terminal's).")
          : QString::fromStdString(point.output);
  output_->setPlainText(about + QStringLiteral("\n\n") + printed);
}

QWidget* ResultsPane::withFilterField() {
  auto* page = new QWidget(this);
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  filter_ = new QLineEdit(page);
  filter_->setObjectName(QStringLiteral("resultsFilter"));
  filter_->setPlaceholderText(tr("Filter rows: words each row holds (variant, problem, status…)"));
  filter_->setClearButtonEnabled(true);
  filter_->setAccessibleName(tr("Filter the results"));
  connect(filter_, &QLineEdit::textChanged, sorted_, &RunFilterModel::setText);
  layout->addWidget(filter_);
  layout->addWidget(table_);
  return page;
}

QMenu* ResultsPane::contextMenuAt(QPoint at) {
  auto* menu = new QMenu(table_);
  menu->addActions(table_->actions());
  const QModelIndex row = sorted_->mapToSource(table_->indexAt(at));
  if (!row.isValid()) return menu;
  const PointResult& point = results_->point(row.row());
  const int runId = results_->rows().at(static_cast<std::size_t>(row.row())).runId;
  QAction* again = menu->addAction(tr("Measure Again as a New Run"));
  again->setObjectName(QStringLiteral("measureAgainAction"));
  again->setEnabled(!running_());
  connect(again, &QAction::triggered, this,
          [this, runId, measured = point.point] { emit measureAgainRequested(runId, measured); });
  // A failure that names the user's file and line: open it, as an IDE's issue list does.
  if (const auto where = sourceLocationIn(QString::fromStdString(point.reason))) {
    menu->addSeparator();
    QAction* open = menu->addAction(
        tr("Open %1 (line %2)").arg(QFileInfo(where->file).fileName()).arg(where->line));
    open->setObjectName(QStringLiteral("openSourceAction"));
    open->setToolTip(where->file);
    connect(open, &QAction::triggered, this,
            [file = where->file] { QDesktopServices::openUrl(QUrl::fromLocalFile(file)); });
  }
  return menu;
}

void ResultsPane::addActions(QAction* copy, const std::vector<QAction*>& runActions) {
  table_->addAction(copy);
  for (QAction* action : runActions) runsPanel_->addButton(action);
}

void ResultsPane::connectDocument() {
  SessionDocument* document = &document_;
  connect(document, &SessionDocument::sessionReplaced, this, [this] {
    results_->reset();
    compare_->currentReplaced();
    table_->resizeColumnsToContents();
  });
  connect(document, &SessionDocument::runStarted, results_, &ResultsModel::runAppended);
  connect(document, &SessionDocument::pointAppended, results_, &ResultsModel::pointAppended);
  connect(document, &SessionDocument::pointReplaced, results_, &ResultsModel::pointReplaced);
  connect(document, &SessionDocument::runRemoved, this, [this](int runId) {
    results_->runRemoved(runId);
    compare_->refresh();
  });
  connect(document, &SessionDocument::conditionsChanged, this, &ResultsPane::updateSystemView);
  connect(document, &SessionDocument::pathChanged, this,
          [this] { compare_->setCurrentName(document_.displayName()); });
  connect(document, &SessionDocument::runRenamed, compare_, &ComparePanel::refresh);
  connect(compare_, &ComparePanel::comparisonChanged, this, &ResultsPane::updateSystemView);
  connect(&runs_, &RunsModel::shownRunsChanged, this, &ResultsPane::showCheckedRuns);
  connect(runsPanel_, &RunsPanel::selectionChanged, this, &ResultsPane::updateSystemView);
  connect(&charts_, &ChartPanel::reportOptionsChanged, results_, &ResultsModel::setReportOptions);
  connect(&charts_, &ChartPanel::reportOptionsChanged, this, [this] { updateInsights(); });
}

void ResultsPane::setKernel(const QString& kernel) {
  sorted_->setKernel(kernel);
  showCheckedRuns();
}

void ResultsPane::showComparison() { tabs_->setCurrentWidget(compare_); }

void ResultsPane::runEnded() {
  table_->resizeColumnsToContents();
  compare_->refresh();
  updateInsights();
}

void ResultsPane::showCheckedRuns() {
  // By default the charts show each kernel's latest run: the latest run may not have
  // measured the kernel charted. The table and the Runs panel's ticks show what they draw.
  charts_.setVisibleRuns(runs_.showsLatestOnly() ? std::vector<int>{} : runs_.shownRuns());
  const std::vector<int> table = tableRuns();
  runs_.setFollowedRun(runs_.showsLatestOnly() && !table.empty() ? table.front() : -1);
  sorted_->setRuns({table.begin(), table.end()});
  updateSystemView();
  updateInsights();
}

std::vector<int> ResultsPane::tableRuns() const {
  return runs_.showsLatestOnly() ? latestRunOfKernel() : runs_.shownRuns();
}

void ResultsPane::updateInsights() {
  insights_->showFindings(document_.session(), tableRuns(), charts_.kernel().toStdString(),
                          charts_.reportOptions());
  const int tab = tabs_->indexOf(insights_);
  tabs_->setTabText(
      tab, insights_->count() > 0 ? tr("Insights (%1)").arg(insights_->count()) : tr("Insights"));
}

std::vector<int> ResultsPane::latestRunOfKernel() const {
  const auto& runs = document_.session().runs;
  // The run going measures the kernel selected (the panel waits meanwhile), from before its
  // first point: the document has it before the worker starts.
  if (!runs.empty() && (running_() || runs.back().points.empty())) return {runs.back().id};
  const std::string kernel = charts_.kernel().toStdString();
  for (auto run = runs.rbegin(); run != runs.rend(); ++run)
    if (std::ranges::any_of(run->points,
                            [&](const PointResult& p) { return p.point.kernel == kernel; }))
      return {run->id};
  return {};
}

void ResultsPane::updateSystemView() {
  std::size_t warnings = 0;
  const Run* base = compare_->comparison() ? compare_->baseRun() : nullptr;
  const Run* next = compare_->comparison() ? compare_->newRun() : nullptr;
  if (base && next) {
    // While two runs are compared, their machines side by side.
    systemView_->setSystems(compare_->baseTitle(), *base, compare_->newTitle(), *next);
    warnings = base->conditions.size() + next->conditions.size();
  } else {
    const auto selected = runsPanel_->selectedRun();
    const std::vector<int> shown = runs_.shownRuns();
    const Run* run = selected         ? findRun(document_.session(), *selected)
                     : !shown.empty() ? findRun(document_.session(), shown.back())
                                      : nullptr;
    if (run) {
      systemView_->setSystem(run->system, run->conditions, run->mpi);
      warnings = run->conditions.size();
    } else if (const SystemInfo* machine = machine_()) {
      systemView_->setSystem(*machine);
    }
  }
  // The tab says there is something to read before the numbers.
  const int tab = tabs_->indexOf(systemView_);
  tabs_->setTabIcon(tab, warnings > 0 ? QIcon(QStringLiteral(":/icons/flag.svg")) : QIcon());
  tabs_->setTabToolTip(tab, warnings > 0 ? tr("%n system warning(s) recorded as the run started",
                                              nullptr, static_cast<int>(warnings))
                                         : QString());
}

}  // namespace accellab::gui
