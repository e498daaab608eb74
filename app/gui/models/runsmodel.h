// The runs of the open session as a list: id, name (editable), start time, points and
// flagged points, and a check per run saying whether the charts and the table show it.
#pragma once

#include <QAbstractTableModel>
#include <set>
#include <vector>

namespace accellab {
struct Run;
}

namespace accellab::gui {

class SessionDocument;

class RunsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  // The name last: it is the longest, and takes the room left.
  enum Column { idColumn, pointsColumn, flaggedColumn, createdColumn, nameColumn, columnCount_ };
  static constexpr int RunIdRole = Qt::UserRole + 1;

  // Follows the document's signals; renaming a run here renames it there.
  explicit RunsModel(SessionDocument& document, QObject* parent = nullptr);

  // The runs shown, in session order. By default the latest run alone: a run started while
  // only the latest was shown takes its place, one started while the user had picked runs
  // joins them. At least one run is shown while there are runs.
  std::vector<int> shownRuns() const;
  void setShownRuns(const std::set<int>& runIds);
  // The latest run alone is shown (or there is none): what the charts show by default.
  bool showsLatestOnly() const;
  // While the latest is shown, the run the charts actually draw: the latest run of the kernel
  // selected, which need not be the session's latest (-1: that one). The panel ticks it, so
  // that its ticks and the charts are one selection.
  void setFollowedRun(int runId);
  int runId(int row) const { return ids_[static_cast<std::size_t>(row)]; }
  int rowOf(int runId) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 signals:
  void shownRunsChanged();

 private:
  void reset();
  void runStarted(int runId);
  void runRemoved(int runId);
  void runChanged(int runId);
  const Run& run(int row) const;
  void setShown(std::set<int> shown);
  // The runs ticked: shown_, or the followed run while the latest is shown.
  bool ticked(int runId) const;

  SessionDocument& document_;
  std::vector<int> ids_;  // by row, in session order
  std::set<int> shown_;
  int followed_ = -1;
};

}  // namespace accellab::gui
