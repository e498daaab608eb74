#include "run/runstatus.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QProgressBar>
#include <QStatusBar>
#include <QTimer>
#include <algorithm>
#include <memory>

#include "run/progresstext.h"
#include "widgets/elidedlabel.h"

namespace accellab::gui {

namespace {

constexpr int kBarSteps = 1000;
constexpr int kTickMs = 1000;
// A point whose estimate ran out is not done: the bar stops short of its end.
constexpr double kMaxPointShare = 0.99;
// The percentage of the status bar the progress line may take: the rest is the window's
// messages' ("2 system warnings: see System"), which a full-width line hid.
constexpr int kLabelShare = 45;

MillisecondClock steadyMilliseconds() {
  auto timer = std::make_shared<QElapsedTimer>();
  timer->start();
  return [timer] { return timer->elapsed(); };
}

}  // namespace

RunStatus::RunStatus(QStatusBar* statusBar, MillisecondClock clock)
    : QObject(statusBar),
      clock_(clock ? std::move(clock) : steadyMilliseconds()),
      label_(new ElidedLabel(statusBar)),
      bar_(new QProgressBar(statusBar)),
      ticker_(new QTimer(this)) {
  label_->setObjectName(QStringLiteral("runStatus"));
  bar_->setObjectName(QStringLiteral("runProgress"));
  bar_->setRange(0, kBarSteps);
  bar_->setMaximumWidth(220);
  bar_->setVisible(false);
  statusBar->addPermanentWidget(label_);
  statusBar->addPermanentWidget(bar_);
  statusBar->installEventFilter(this);
  label_->setMaximumWidth(statusBar->width() * kLabelShare / 100);
  ticker_->setInterval(kTickMs);
  connect(ticker_, &QTimer::timeout, this, &RunStatus::tick);
}

void RunStatus::begin(const QString& text) {
  cancelling_ = false;
  pointsDone_ = 0;
  last_.reset();
  bar_->setValue(0);
  bar_->setVisible(true);
  show(text);
  ticker_->start();
}

void RunStatus::update(const Progress& progress) {
  if (cancelling_) return;  // the reports still queued say nothing new
  last_ = progress;
  pointsDone_ = progress.pointsDone;
  lastAtMs_ = clock_();
  // Never back: the bar may have moved on between reports (tick); a new run starts at 0.
  bar_->setValue(std::max(
      bar_->value(), std::clamp(static_cast<int>(progress.fraction * kBarSteps), 0, kBarSteps)));
  tick();
}

void RunStatus::cancelling() {
  cancelling_ = true;
  last_.reset();
  show(tr("Cancelling\u2026"));
}

void RunStatus::end(const QString& text) {
  ticker_->stop();
  last_.reset();
  bar_->setVisible(false);
  show(text);
}

QString RunStatus::text() const { return label_->fullText(); }

std::optional<double> RunStatus::secondsLeft() const {
  if (!last_ || !last_->etaS) return std::nullopt;
  const double sinceS = static_cast<double>(clock_() - lastAtMs_) / 1000;
  return std::max(0.0, *last_->etaS - sinceS);
}

void RunStatus::tick() {
  if (!last_) return;
  const auto left = secondsLeft();
  const double sinceS = static_cast<double>(clock_() - lastAtMs_) / 1000;
  bar_->setValue(
      std::max(bar_->value(), static_cast<int>(extrapolatedFraction(sinceS) * kBarSteps)));
  const double overdueS = last_->etaS ? sinceS - *last_->etaS : 0;
  // The time left stays whole in a narrow window: the point's description is cut instead.
  const QString text = progressText(*last_, left, overdueS);
  const QString timeLeft = left ? timeLeftText(*left, overdueS, last_->etaIsFloor) : QString();
  label_->setFullText(
      text, !timeLeft.isEmpty() && text.endsWith(timeLeft) ? text.size() - timeLeft.size() : -1);
}

double RunStatus::extrapolatedFraction(double sinceS) const {
  const Progress& p = *last_;
  const auto total = static_cast<double>(p.pointsTotal);
  const double done = static_cast<double>(p.pointsDone);
  if (!p.pointEtaS || *p.pointEtaS <= 0 || total <= 0) return p.fraction;
  // The runner's share of the point is elapsed / (elapsed + left); elapsed follows from the
  // share reported and the seconds left then, and grows by the time since.
  const double share = std::clamp(p.fraction * total - done, 0.0, kMaxPointShare);
  const double leftS = *p.pointEtaS;
  const double elapsedS = share * leftS / (1 - share);
  const double now = std::min(kMaxPointShare, (elapsedS + sinceS) / (elapsedS + leftS));
  return (done + now) / total;
}

void RunStatus::show(const QString& text) { label_->setFullText(text); }

bool RunStatus::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Resize)
    label_->setMaximumWidth(static_cast<QWidget*>(watched)->width() * kLabelShare / 100);
  return QObject::eventFilter(watched, event);
}

}  // namespace accellab::gui
