// The status bar's view of a run: a progress bar and a label naming the point worked on, its
// phase and the time left, which counts down every second between the engine's reports; and
// after the run, how it ended ("Finished: 4 points", "Cancelled after 1 of 4 points").
#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <optional>

#include "accellab/runner.h"

class QProgressBar;
class QStatusBar;
class QTimer;

namespace accellab::gui {

class ElidedLabel;

// Milliseconds of a monotonic clock; a fake in tests.
using MillisecondClock = std::function<qint64()>;

class RunStatus : public QObject {
  Q_OBJECT

 public:
  // Adds the label and the bar to `statusBar` as permanent widgets, so that no passing
  // message hides them.
  explicit RunStatus(QStatusBar* statusBar, MillisecondClock clock = {});

  // A run or re-run begins: the bar at 0, `text` until the first report.
  void begin(const QString& text);
  void update(const Progress& progress);
  // Cancel was asked for; the run ends at the next check of the stop flag.
  void cancelling();
  // No run goes (it ended, or it waits for the machine probe): the bar hides and `text`
  // stays until the next run.
  void end(const QString& text);

  // Points the last report before a cancel (or the end) counted as done.
  std::size_t pointsDone() const { return pointsDone_; }
  // Cancel was asked for since the run began.
  bool cancelRequested() const { return cancelling_; }
  // The label's whole text (it shows it cut in the middle when narrow).
  QString text() const;
  // The last report, counted down to now: what the label's time left says.
  std::optional<double> secondsLeft() const;
  // Recomputes the label from the last report and the time since (the 1 s timer calls it).
  void tick();

  ElidedLabel* label() const { return label_; }
  QProgressBar* bar() const { return bar_; }

 protected:
  // Keeps the label within its share of the status bar as the bar resizes.
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void show(const QString& text);
  // The fraction `sinceS` seconds after the last report, as the runner would report it if the
  // current point keeps to its estimate; never past the point's end.
  double extrapolatedFraction(double sinceS) const;

  MillisecondClock clock_;
  ElidedLabel* label_;
  QProgressBar* bar_;
  QTimer* ticker_;
  std::optional<Progress> last_;
  qint64 lastAtMs_ = 0;
  bool cancelling_ = false;
  std::size_t pointsDone_ = 0;
};

}  // namespace accellab::gui
