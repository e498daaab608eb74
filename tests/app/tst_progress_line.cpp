// The CLI's progress line: the point worked on in full, its phase and the time left, cut in
// the middle of the point's name when the terminal is narrow.
#include <QtTest>

#include "progress_line.h"

using namespace accellab;
using namespace accellab::cli;

namespace {

Progress measuringParallel() {
  Params params;
  params.shape = Shape3{1024, 1024, 512};
  Progress progress;
  progress.pointsDone = 1;
  progress.pointsTotal = 4;
  progress.pointIndex = 1;
  progress.point = Point{"add", "parallel", params, 2};
  progress.usesThreads = true;
  progress.phase = RunPhase::measuring;
  progress.repetitionsDone = 3;
  progress.repetitionsExpected = 10;
  progress.fraction = 0.375;
  progress.etaS = 12.2;
  return progress;
}

}  // namespace

class TestProgressLine : public QObject {
  Q_OBJECT

 private slots:
  void text_data() {
    QTest::addColumn<int>("columns");
    QTest::addColumn<QString>("expected");
    QTest::newRow("wide") << 120
                          << QStringLiteral(
                                 "[2/4]  38% add \u00b7 parallel \u00d72 threads \u00b7 "
                                 "1024x1024x512 f64 \u2014 measuring 3 of 10  ETA 0:13");
    // The point's name loses its middle; counter, phase and time left stay whole.
    QTest::newRow("narrow") << 60
                            << QStringLiteral(
                                   "[2/4]  38% add \u00b7 par\u2026x512 f64 \u2014 "
                                   "measuring 3 of 10  ETA 0:13");
  }
  void text() {
    QFETCH(int, columns);
    QFETCH(QString, expected);
    const std::string line = progressLineText(measuringParallel(), std::size_t(columns));
    QCOMPARE(QString::fromStdString(line), expected);
    QVERIFY(QString::fromStdString(line).size() < columns);
  }

  void phases_data() {
    QTest::addColumn<int>("phase");
    QTest::addColumn<QString>("shown");
    QTest::newRow("preparing") << int(RunPhase::preparing) << QStringLiteral("preparing");
    QTest::newRow("warming up") << int(RunPhase::warmingUp) << QStringLiteral("warming up");
    QTest::newRow("verifying") << int(RunPhase::verifying) << QStringLiteral("verifying");
  }
  void phases() {
    QFETCH(int, phase);
    QFETCH(QString, shown);
    Progress progress = measuringParallel();
    progress.phase = static_cast<RunPhase>(phase);
    progress.repetitionsDone = 0;
    const QString line = QString::fromStdString(progressLineText(progress, 200));
    QVERIFY2(line.endsWith(QStringLiteral("\u2014 %1  ETA 0:13").arg(shown)), qPrintable(line));
  }

  void runDone() {
    Progress progress;
    progress.pointsDone = progress.pointsTotal = 4;
    progress.fraction = 1;
    progress.etaS = 0.0;
    QCOMPARE(QString::fromStdString(progressLineText(progress, 80)),
             QStringLiteral("[4/4] 100%   ETA 0:00"));
  }
};

QTEST_APPLESS_MAIN(TestProgressLine)
#include "tst_progress_line.moc"
