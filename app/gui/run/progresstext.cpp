#include "run/progresstext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <algorithm>
#include <cmath>

#include "accellab/format.h"

namespace accellab::gui {

namespace {

// The translation context of these words (lupdate reads ProgressText::tr calls).
struct ProgressText {
  Q_DECLARE_TR_FUNCTIONS(ProgressText)
};

QString qs(const std::string& text) { return QString::fromStdString(text); }

QString problemText(const Params& params) {
  if (params.samples && !params.shape)
    return ProgressText::tr("%1 samples").arg(qs(formatCount(*params.samples)));
  if (!params.shape) return {};
  const Shape3& s = *params.shape;
  return ProgressText::tr("%1\u00d7%2\u00d7%3 %4")
      .arg(s.z)
      .arg(s.y)
      .arg(s.x)
      .arg(qs(std::string(toString(params.dtype))));
}

// Whole seconds, minutes and hours, as a person reads a time left ("3 min 20 s").
QString durationText(double seconds) {
  const auto total = static_cast<long long>(std::ceil(seconds));
  if (total < 60) return ProgressText::tr("%1 s").arg(total);
  if (total < 3600) return ProgressText::tr("%1 min %2 s").arg(total / 60).arg(total % 60);
  return ProgressText::tr("%1 h %2 min").arg(total / 3600).arg(total / 60 % 60);
}

}  // namespace

QString pointText(const Progress& progress) {
  if (!progress.point) return {};
  const Point& point = *progress.point;
  QString variant = qs(point.variant);
  if (progress.usesThreads || point.threads != 1)
    variant = point.threads == 1
                  ? ProgressText::tr(
                        "%1 \u00d7"
                        "1 thread")
                        .arg(variant)
                  : ProgressText::tr("%1 \u00d7%2 threads").arg(variant).arg(point.threads);
  return ProgressText::tr("%1 \u00b7 %2 \u00b7 %3")
      .arg(qs(point.kernel), variant, problemText(point.params));
}

QString phaseText(const Progress& progress) {
  QString text;
  switch (progress.phase) {
    case RunPhase::preparing:
      text = ProgressText::tr("preparing");
      break;
    case RunPhase::warmingUp:
      text = ProgressText::tr("warming up");
      break;
    case RunPhase::measuring:
      if (progress.repetitionsDone == 0) {
        text = ProgressText::tr("measuring");
      } else if (progress.repetitionsExpected) {
        text = ProgressText::tr("measuring %1 of %2")
                   .arg(progress.repetitionsDone)
                   .arg(*progress.repetitionsExpected);
      } else {
        text = ProgressText::tr("measuring %1").arg(progress.repetitionsDone);
      }
      break;
    case RunPhase::verifying:
      text = ProgressText::tr("verifying");
      break;
  }
  if (progress.attempt > 0)
    text = ProgressText::tr("%1, re-run %2 of %3")
               .arg(text)
               .arg(progress.attempt)
               .arg(progress.attempts);
  return text;
}

QString timeLeftText(double leftS, double overdueS, bool floor) {
  if (overdueS >= 1) return ProgressText::tr("longer than estimated");
  // Variants not measured yet are predicted at the memory ceiling's pace: a floor, said so.
  if (floor)
    return ProgressText::tr("at least %1 left: variants not measured yet may take longer")
        .arg(durationText(std::max(leftS, 1.0)));
  if (leftS < 1) return ProgressText::tr("almost done");
  return ProgressText::tr("about %1 left").arg(durationText(leftS));
}

QString progressText(const Progress& progress, std::optional<double> leftS, double overdueS) {
  QString text = progress.point ? ProgressText::tr("Point %1 of %2: %3 \u2014 %4")
                                      .arg(progress.pointIndex + 1)
                                      .arg(progress.pointsTotal)
                                      .arg(pointText(progress), phaseText(progress))
                                : ProgressText::tr("%1 of %2 points done")
                                      .arg(progress.pointsDone)
                                      .arg(progress.pointsTotal);
  if (leftS)
    text += ProgressText::tr(" \u2014 %1").arg(timeLeftText(*leftS, overdueS, progress.etaIsFloor));
  return text;
}

QString finishedText(std::size_t points, std::size_t failed) {
  const QString text = points == 1 ? ProgressText::tr("Finished: 1 point")
                                   : ProgressText::tr("Finished: %1 points").arg(points);
  return failed == 0 ? text : ProgressText::tr("%1, %2 failed").arg(text).arg(failed);
}

QString stoppedText(std::size_t done, std::size_t total, const QString& why) {
  return ProgressText::tr("Stopped after %1 of %2 points: %3").arg(done).arg(total).arg(why);
}

QString cancelledText(std::size_t done, std::size_t total) {
  return total == 1 ? ProgressText::tr("Cancelled after %1 of 1 point").arg(done)
                    : ProgressText::tr("Cancelled after %1 of %2 points").arg(done).arg(total);
}

QString failedText(const QString& message) { return ProgressText::tr("Failed: %1").arg(message); }

QString probedText(const SystemInfo& system, const QString& warning) {
  const QString cpu = QString::fromStdString(system.cpuModel);
  QString text = ProgressText::tr("Machine probed: %1").arg(cpu);
  if (!system.bandwidthMeasured.empty()) {
    const QString bandwidth =
        QString::fromStdString(formatValue(system.bandwidthCeilingBytesPerS, ValueKind::byteRate));
    const QString when = QLocale().toString(
        QDateTime::fromString(QString::fromStdString(system.bandwidthMeasured), Qt::ISODate)
            .toLocalTime(),
        QLocale::ShortFormat);
    text = system.bandwidthCached
               ? ProgressText::tr("Machine probed: %1; bandwidth %2, measured %3 (cached)")
                     .arg(cpu, bandwidth, when)
               : ProgressText::tr("Machine probed: %1; bandwidth %2, measured %3")
                     .arg(cpu, bandwidth, when);
  }
  if (!warning.isEmpty())
    text = ProgressText::tr("%1 (not kept for the next start: %2)").arg(text, warning);
  return text;
}

}  // namespace accellab::gui
