// The status bar during and after a run: the label names the point worked on, its phase and
// the time left, counts down between reports, elides in the middle, and says how the run
// ended.
#include <QMainWindow>
#include <QProgressBar>
#include <QStatusBar>
#include <QtTest>

#include "run/metatypes.h"
#include "run/progresstext.h"
#include "run/runstatus.h"
#include "widgets/elidedlabel.h"

using namespace accellab;
using namespace accellab::gui;

namespace {

Progress report(RunPhase phase, std::size_t done = 0, std::optional<std::size_t> expected = {}) {
  Params params;
  params.shape = Shape3{1024, 1024, 512};
  Progress progress;
  progress.pointsDone = 1;
  progress.pointsTotal = 4;
  progress.pointIndex = 1;
  progress.point = Point{"add", "parallel", params, 2};
  progress.usesThreads = true;
  progress.phase = phase;
  progress.repetitionsDone = done;
  progress.repetitionsExpected = expected;
  progress.fraction = 0.3;
  progress.etaS = 12.0;
  return progress;
}

const QString kPoint = QStringLiteral(
    "Point 2 of 4: add \u00b7 parallel \u00d72 threads \u00b7 "
    "1024\u00d71024\u00d7512 f64 \u2014 ");

}  // namespace

class TestRunStatus : public QObject {
  Q_OBJECT

  qint64 nowMs_ = 0;

 private slots:
  void init() { nowMs_ = 5000; }

  void labelNamesThePointAndItsPhase_data() {
    QTest::addColumn<Progress>("progress");
    QTest::addColumn<QString>("text");
    QTest::newRow("preparing") << report(RunPhase::preparing)
                               << kPoint + QStringLiteral("preparing \u2014 about 12 s left");
    QTest::newRow("warming up") << report(RunPhase::warmingUp)
                                << kPoint + QStringLiteral("warming up \u2014 about 12 s left");
    QTest::newRow("measuring, count unknown")
        << report(RunPhase::measuring)
        << kPoint + QStringLiteral("measuring \u2014 about 12 s left");
    QTest::newRow("measuring 3 of 10")
        << report(RunPhase::measuring, 3, 10)
        << kPoint + QStringLiteral("measuring 3 of 10 \u2014 about 12 s left");
    QTest::newRow("verifying") << report(RunPhase::verifying)
                               << kPoint + QStringLiteral("verifying \u2014 about 12 s left");
    Progress rerun = report(RunPhase::measuring, 2, 5);
    rerun.attempt = 1;
    rerun.attempts = 3;
    QTest::newRow("re-run") << rerun
                            << kPoint + QStringLiteral(
                                            "measuring 2 of 5, re-run 1 of 3 \u2014 "
                                            "about 12 s left");
    Progress one = report(RunPhase::preparing);
    one.point->threads = 1;
    one.etaS = 200;
    QTest::newRow("one thread, minutes left")
        << one
        << QStringLiteral(
               "Point 2 of 4: add \u00b7 parallel \u00d71 thread \u00b7 "
               "1024\u00d71024\u00d7512 f64 \u2014 preparing \u2014 about 3 min 20 s "
               "left");
    Progress floor = report(RunPhase::measuring, 3, 10);
    floor.etaIsFloor = true;
    QTest::newRow("variants not measured yet")
        << floor
        << kPoint + QStringLiteral(
                        "measuring 3 of 10 \u2014 at least 12 s left: variants not "
                        "measured yet may take longer");
    Progress pi = report(RunPhase::measuring, 1, 5);
    pi.point =
        Point{"pi", "loop", Params{.shape = {}, .samples = 1000000000, .kernelParams = {}}, 1};
    pi.usesThreads = false;
    pi.etaS.reset();
    QTest::newRow("sampling kernel, no estimate")
        << pi
        << QStringLiteral(
               "Point 2 of 4: pi \u00b7 loop \u00b7 1e9 samples \u2014 measuring 1 of 5");
  }
  void labelNamesThePointAndItsPhase() {
    QFETCH(Progress, progress);
    QFETCH(QString, text);
    QMainWindow window;
    RunStatus status(window.statusBar(), [this] { return nowMs_; });
    status.begin(QStringLiteral("Starting 4 points\u2026"));
    QCOMPARE(status.text(), QStringLiteral("Starting 4 points\u2026"));
    QVERIFY(!status.bar()->isHidden());
    status.update(progress);
    QCOMPARE(status.text(), text);
    QCOMPARE(status.label()->toolTip(), text);
    QCOMPARE(status.bar()->value(), 300);
  }

  // Between reports the time left counts down with the clock, never frozen; once the
  // estimate has run out it says so instead of claiming a time.
  void timeLeftCountsDownBetweenReports() {
    QMainWindow window;
    RunStatus status(window.statusBar(), [this] { return nowMs_; });
    status.begin(QStringLiteral("Starting"));
    status.update(report(RunPhase::preparing));
    QCOMPARE(status.secondsLeft(), std::optional<double>(12.0));
    nowMs_ += 4000;
    status.tick();
    QCOMPARE(status.secondsLeft(), std::optional<double>(8.0));
    QCOMPARE(status.text(), kPoint + QStringLiteral("preparing \u2014 about 8 s left"));
    nowMs_ += 7500;
    status.tick();
    QCOMPARE(status.text(), kPoint + QStringLiteral("preparing \u2014 almost done"));
    nowMs_ += 2000;
    status.tick();
    QCOMPARE(status.text(), kPoint + QStringLiteral("preparing \u2014 longer than estimated"));
  }

  // Between reports the bar moves on as the point's estimate says (a long preparation sends
  // none), never past the point's end and never back.
  void barMovesOnBetweenReports() {
    QMainWindow window;
    RunStatus status(window.statusBar(), [this] { return nowMs_; });
    status.begin(QStringLiteral("Starting"));
    Progress preparing = report(RunPhase::preparing);
    preparing.fraction = 0.25;  // one of four points done, the second just begun
    preparing.pointEtaS = 10;
    status.update(preparing);
    QCOMPARE(status.bar()->value(), 250);
    nowMs_ += 5000;
    status.tick();
    QCOMPARE(status.bar()->value(), 375);  // half of the second point's 10 s
    nowMs_ += 60000;
    status.tick();
    QCOMPARE(status.bar()->value(), 497);  // stops short of the point's end
    Progress behind = preparing;
    behind.fraction = 0.3;
    status.update(behind);
    QCOMPARE(status.bar()->value(), 497);
  }

  void endStates_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("finished") << finishedText(4) << QStringLiteral("Finished: 4 points");
    QTest::newRow("finished one") << finishedText(1) << QStringLiteral("Finished: 1 point");
    QTest::newRow("finished, failed")
        << finishedText(4, 1) << QStringLiteral("Finished: 4 points, 1 failed");
    QTest::newRow("stopped") << stoppedText(3, 5, QStringLiteral("3 points in a row crashed"))
                             << QStringLiteral(
                                    "Stopped after 3 of 5 points: 3 points in a row crashed");
    QTest::newRow("cancelled") << cancelledText(1, 4)
                               << QStringLiteral("Cancelled after 1 of 4 points");
    QTest::newRow("failed") << failedText(QStringLiteral("a sweep of 250000 points is too many"))
                            << QStringLiteral("Failed: a sweep of 250000 points is too many");
  }
  void endStates() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QMainWindow window;
    RunStatus status(window.statusBar(), [this] { return nowMs_; });
    status.begin(QStringLiteral("Starting"));
    status.update(report(RunPhase::measuring, 3, 10));
    status.cancelling();
    QCOMPARE(status.text(), QStringLiteral("Cancelling\u2026"));
    status.update(report(RunPhase::measuring, 4, 10));  // still queued: says nothing new
    QCOMPARE(status.text(), QStringLiteral("Cancelling\u2026"));
    status.end(text);
    QCOMPARE(status.text(), expected);
    QVERIFY(status.bar()->isHidden());
    nowMs_ += 5000;
    status.tick();
    QCOMPARE(status.text(), expected);
  }

  // A message of the window's during a run ("2 system warnings: see System") has its room
  // beside a long progress line, which keeps its time left (issue: the line was drawn over
  // the message).
  void aMessageKeepsItsRoomDuringARun() {
    QMainWindow window;
    window.resize(1024, 300);
    RunStatus status(window.statusBar(), [this] { return nowMs_; });
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    status.begin(QStringLiteral("Starting"));
    Progress longer = report(RunPhase::measuring, 3, 10);
    longer.point->variant = "loop-strided-and-then-some-more-words-here";
    longer.etaIsFloor = true;
    status.update(longer);
    const QString message = QStringLiteral("2 system warnings: see System");
    window.statusBar()->showMessage(message);
    // Laid out: as wide as its share, no wider.
    QTRY_COMPARE(status.label()->width(), window.statusBar()->width() * 45 / 100);
    QVERIFY2(status.label()->x() > window.statusBar()->fontMetrics().horizontalAdvance(message) + 6,
             qPrintable(QString::number(status.label()->x())));
    QVERIFY2(status.label()->text().endsWith(timeLeftText(*longer.etaS, 0, true)),
             qPrintable(status.label()->text()));
  }

  // Too narrow for its text, the label keeps the start and the end and loses the middle.
  void labelElidesInTheMiddle() {
    QMainWindow window;
    window.resize(2000, 300);  // its 45 % holds the line whole
    RunStatus status(window.statusBar(), [this] { return nowMs_; });
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    status.begin(QStringLiteral("Starting"));
    status.update(report(RunPhase::measuring, 3, 10));
    ElidedLabel& label = *status.label();
    QTRY_COMPARE(label.text(), status.text());  // wide enough: all of it
    // A longer text later gets the room it needs, as long as the bar has it.
    Progress longer = report(RunPhase::measuring, 3, 10);
    longer.point->variant = "loop-strided-and-then-some";
    status.update(longer);
    QTRY_COMPARE(label.text(), status.text());
    window.resize(420, 300);
    QTRY_VERIFY(label.text() != status.text());
    QVERIFY2(label.text().startsWith(QStringLiteral("Point 2")), qPrintable(label.text()));
    QVERIFY2(label.text().endsWith(QStringLiteral("left")), qPrintable(label.text()));
    QVERIFY(label.text().contains(QChar(0x2026)));
    QCOMPARE(label.toolTip(), status.text());
    // The time left stays whole, however long (a floor's), the point's words cut instead
    // (issue: "at least 12 s left" was the part cut first).
    longer.etaIsFloor = true;
    status.update(longer);
    window.resize(1400, 300);
    const QString timeLeft = timeLeftText(*longer.etaS, 0, true);
    QTRY_VERIFY2(label.text() != status.text() &&
                     label.text().endsWith(QStringLiteral(" \u2014 ") + timeLeft),
                 qPrintable(label.text()));
    QVERIFY2(label.text().startsWith(QStringLiteral("Point 2")), qPrintable(label.text()));
    QVERIFY(label.text().contains(QChar(0x2026)));
  }
};

QTEST_MAIN(TestRunStatus)
#include "tst_runstatus.moc"
