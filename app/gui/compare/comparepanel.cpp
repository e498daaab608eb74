#include "compare/comparepanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <utility>

#include "models/comparisonmodel.h"

namespace accellab::gui {

namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

const Run* latest(const Session& session) {
  return session.runs.empty() ? nullptr : &session.runs.back();
}

}  // namespace

ComparePanel::ComparePanel(const Session& current, QWidget* parent)
    : QWidget(parent),
      current_(current),
      baseBox_(new QComboBox(this)),
      newBox_(new QComboBox(this)),
      summary_(new QLabel(this)),
      model_(new ComparisonModel(this)),
      sorted_(new QSortFilterProxyModel(this)),
      view_(new QTableView(this)) {
  baseBox_->setObjectName(QStringLiteral("compareBase"));
  newBox_->setObjectName(QStringLiteral("compareNew"));
  summary_->setObjectName(QStringLiteral("compareSummary"));
  view_->setObjectName(QStringLiteral("comparisonTable"));
  // Tab leaves the table for the next field, as in the results table; the arrows move within.
  view_->setTabKeyNavigation(false);
  for (QComboBox* box : {baseBox_, newBox_}) {
    // As wide as there is room for, never so wide that the Results dock outgrows a small
    // window (its tabs beside the Runs panel must fit 800 px): a long run name is elided in the
    // box and shown whole in its list.
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(12);
    box->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    box->view()->setTextElideMode(Qt::ElideNone);
    connect(box, &QComboBox::currentIndexChanged, this, &ComparePanel::compare);
  }
  baseBox_->setToolTip(tr("The run compared against"));
  newBox_->setToolTip(tr("The run whose change is measured: new/base below 1 is faster"));
  summary_->setWordWrap(true);
  summary_->setTextFormat(Qt::RichText);

  sorted_->setSourceModel(model_);
  sorted_->setSortRole(ComparisonModel::SortRole);
  view_->setModel(sorted_);
  view_->setSortingEnabled(true);
  view_->sortByColumn(-1, Qt::AscendingOrder);
  view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  view_->setAlternatingRowColors(true);
  view_->horizontalHeader()->setStretchLastSection(true);
  view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 6);

  auto* picks = new QHBoxLayout;
  picks->addWidget(new QLabel(tr("Base:"), this));
  picks->addWidget(baseBox_);
  picks->addSpacing(12);
  picks->addWidget(new QLabel(tr("New:"), this));
  picks->addWidget(newBox_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 0);
  layout->addLayout(picks);
  layout->addWidget(summary_);
  layout->addWidget(view_);

  connect(&watcher_, &QFutureWatcher<Comparison>::finished, this, [this] {
    if (!std::exchange(pending_, false)) return;
    showComparison(watcher_.result());
  });
  refresh();
}

void ComparePanel::setCurrentName(const QString& name) {
  currentName_ = name;
  refresh();
}

void ComparePanel::setOtherSession(Session session, const QString& name) {
  other_ = std::move(session);
  otherName_ = name;
  refresh();
  if (const Run* base = latest(other_)) setBase(base->id, true);
  if (const Run* next = latest(current_)) setNew(next->id, false);
}

void ComparePanel::currentReplaced() {
  for (QComboBox* box : {baseBox_, newBox_}) {
    const auto pick = pickOf(box);
    const QSignalBlocker blocker(box);
    if (pick && !pick->fromOther) box->setCurrentIndex(0);
  }
  refresh();
}

void ComparePanel::refresh() {
  // Rebuilt keeping the picks that still exist; a pick that is gone clears the comparison.
  for (QComboBox* box : {baseBox_, newBox_}) {
    const auto pick = pickOf(box);
    const QSignalBlocker blocker(box);
    fillBox(box);
    if (pick && runOf(pick)) select(box, *pick);
  }
  compare();
}

void ComparePanel::fillBox(QComboBox* box) {
  box->clear();
  box->addItem(tr("Choose a run\u2026"));
  const auto add = [box](const Session& session, const QString& name, bool fromOther) {
    for (const Run& run : session.runs) {
      box->addItem(QStringLiteral("%1 #%2: %3").arg(name).arg(run.id).arg(qs(run.name)),
                   QVariantList{fromOther, run.id});
    }
  };
  add(current_, currentName_, false);
  add(other_, otherName_, true);
}

std::optional<ComparePanel::Pick> ComparePanel::pickOf(const QComboBox* box) const {
  const QVariantList data = box->currentData().toList();
  if (data.size() != 2) return std::nullopt;
  return Pick{data[0].toBool(), data[1].toInt()};
}

void ComparePanel::select(QComboBox* box, const Pick& pick) {
  box->setCurrentIndex(std::max(0, box->findData(QVariantList{pick.fromOther, pick.runId})));
}

void ComparePanel::setBase(int runId, bool fromOther) { select(baseBox_, {fromOther, runId}); }
void ComparePanel::setNew(int runId, bool fromOther) { select(newBox_, {fromOther, runId}); }

const Run* ComparePanel::runOf(const std::optional<Pick>& pick) const {
  if (!pick) return nullptr;
  return findRun(pick->fromOther ? other_ : current_, pick->runId);
}

QString ComparePanel::titleOf(const std::optional<Pick>& pick) const {
  if (!pick) return {};
  return QStringLiteral("%1 #%2").arg(pick->fromOther ? otherName_ : currentName_).arg(pick->runId);
}

const Run* ComparePanel::baseRun() const { return runOf(pickOf(baseBox_)); }
const Run* ComparePanel::newRun() const { return runOf(pickOf(newBox_)); }
QString ComparePanel::baseTitle() const { return titleOf(pickOf(baseBox_)); }
QString ComparePanel::newTitle() const { return titleOf(pickOf(newBox_)); }

void ComparePanel::compare() {
  const Run* base = baseRun();
  const Run* next = newRun();
  if (!base || !next || pickOf(baseBox_) == pickOf(newBox_)) {
    pending_ = false;
    const bool changed = shown_.has_value();
    shown_.reset();
    model_->clear();
    summary_->setToolTip({});
    summary_->setText(
        tr("Pick two runs to compare: runs of this session, or of another one opened with "
           "File \u25b8 Compare With\u2026"));
    if (changed) emit comparisonChanged();
    return;
  }
  summary_->setText(tr("Comparing\u2026"));
  // Copies: the session may change while the engine bootstraps the intervals.
  Run baseCopy = *base;
  Run newCopy = *next;
  const std::string baseSource = baseTitle().toStdString();
  const std::string newSource = newTitle().toStdString();
  pending_ = true;
  watcher_.setFuture(QtConcurrent::run([baseCopy, newCopy, baseSource, newSource] {
    Comparison comparison = compareRuns(baseCopy, newCopy);
    comparison.baseRun.source = baseSource;
    comparison.newRun.source = newSource;
    return comparison;
  }));
}

void ComparePanel::showComparison(const Comparison& comparison) {
  shown_ = comparison;
  model_->setComparison(comparison);
  QString text = QStringLiteral("<b>%1</b> ").arg(qs(summaryText(comparison)).toHtmlEscaped());
  text += tr("\u2014 new/base below 1 is faster; a change counts at p < %1 and over %2 %")
              .arg(comparison.options.alpha)
              .arg(comparison.options.threshold * 100)
              .toHtmlEscaped();
  // Warnings are long (what differs, what to do): counted here, read in the tooltip; the
  // System tab shows both machines side by side.
  QStringList warnings;
  for (const std::string& warning : comparison.warnings) warnings << qs(warning);
  if (!warnings.isEmpty())
    text +=
        QStringLiteral("<br><span style=\"color:#b35c00\">\u26a0 %1</span>")
            .arg(warnings.size() == 1
                     ? tr("1 warning about these runs: hover to read it")
                     : tr("%1 warnings about these runs: hover to read them").arg(warnings.size()));
  summary_->setToolTip(warnings.join(QStringLiteral("\n\n")));
  summary_->setText(text);
  view_->resizeColumnsToContents();
  emit comparisonChanged();
}

}  // namespace accellab::gui
