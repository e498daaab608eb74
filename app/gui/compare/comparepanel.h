// The Compare tab: two runs picked from the open session or from another session opened
// beside it ("Compare with…"), compared point by point by the engine off the GUI thread;
// the table is sortable, verdicts coloured, unmatched points listed as rows.
#pragma once

#include <QFutureWatcher>
#include <QString>
#include <QWidget>
#include <optional>

#include "accellab/compare.h"
#include "accellab/session.h"

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace accellab::gui {

class ComparisonModel;

class ComparePanel : public QWidget {
  Q_OBJECT

 public:
  // `current` is the open session, named `currentName`; it must outlive the panel.
  ComparePanel(const Session& current, QWidget* parent = nullptr);

  void setCurrentName(const QString& name);
  // The open session's runs changed: added, renamed, measured again or deleted.
  void refresh();
  // Another session was opened in its place: picks of its runs are dropped.
  void currentReplaced();
  // Another session beside the open one: its latest run becomes the base, the open
  // session's latest the new run.
  void setOtherSession(Session session, const QString& name);

  // Picks the runs; `fromOther` names a run of the other session.
  void setBase(int runId, bool fromOther);
  void setNew(int runId, bool fromOther);
  // The runs compared, and their titles: "base.json #2".
  const Run* baseRun() const;
  const Run* newRun() const;
  QString baseTitle() const;
  QString newTitle() const;
  // The comparison shown, once computed; empty when two runs are not picked.
  const std::optional<Comparison>& comparison() const { return shown_; }
  ComparisonModel& model() { return *model_; }
  QTableView& view() { return *view_; }

 signals:
  // A new comparison is shown, or none.
  void comparisonChanged();

 private:
  struct Pick {
    bool fromOther = false;
    int runId = 0;
    friend bool operator==(const Pick&, const Pick&) = default;
  };
  void fillBox(QComboBox* box);
  std::optional<Pick> pickOf(const QComboBox* box) const;
  void select(QComboBox* box, const Pick& pick);
  const Run* runOf(const std::optional<Pick>& pick) const;
  QString titleOf(const std::optional<Pick>& pick) const;
  void compare();
  void showComparison(const Comparison& comparison);

  const Session& current_;
  QString currentName_;
  Session other_;
  QString otherName_;
  QComboBox* baseBox_;
  QComboBox* newBox_;
  QLabel* summary_;
  ComparisonModel* model_;
  QSortFilterProxyModel* sorted_;
  QTableView* view_;
  // Watches the comparison asked last: a new one replaces it and drops its result.
  QFutureWatcher<Comparison> watcher_;
  bool pending_ = false;  // false: the result watched is no longer wanted
  std::optional<Comparison> shown_;
};

}  // namespace accellab::gui
