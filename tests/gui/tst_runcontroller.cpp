// The Run menu's logic without a window: a run goes into the session document with the
// machine it ran on, a run asked for during the machine probe waits for it (or is cancelled
// before it starts), a sweep that cannot expand is refused, a cancel says how far the run
// came, and a re-run puts the steady measurement of an unstable point in its place.
#include <QSignalSpy>
#include <QtTest>

#include "engines/engineset.h"
#include "run/runcontroller.h"
#include "scripted_engine.h"
#include "session/sessiondocument.h"

using namespace accellab;
using namespace accellab::gui;

namespace {

SweepSpec sweepOfAdd(std::vector<std::string> variants) {
  SweepSpec sweep;
  sweep.kernel = "add";
  sweep.shapes = {Shape3{1, 16, 64}};
  sweep.variants = std::move(variants);
  sweep.baseline = "loop";
  return sweep;
}

MeasureConfig quick() {
  MeasureConfig measure;
  measure.minReps = 5;
  measure.minTimeS = 0;
  return measure;
}

// One controller of its own session on the scripted engine, no worker process.
struct Bench {
  explicit Bench(const test::ScriptedTimes& times = {})
      : engines(test::scriptedEngine(times)),
        controller(
            engines, document,
            {.measureBandwidth = false,
             .machineCache = MachineCache({}),
             .checkConditions = [](const SystemInfo&) { return std::vector<SystemCondition>{}; },
             .workerCommand = {}}),
        ended(&controller, &RunController::ended) {}

  // The run's outcome, once it ended.
  QString waitForEnd() {
    if (ended.isEmpty() && !ended.wait(20000)) return QStringLiteral("(did not end)");
    return ended.takeFirst().at(0).toString();
  }

  SessionDocument document;
  EngineSet engines;
  RunController controller;
  QSignalSpy ended;
};

}  // namespace

class TestRunController : public QObject {
  Q_OBJECT

 private slots:
  void aRunGoesIntoTheDocument() {
    Bench bench;
    bench.controller.probe();
    QTRY_VERIFY_WITH_TIMEOUT(bench.controller.isReady(), 20000);
    bench.controller.start(sweepOfAdd({"loop", "vectorized"}), quick(), {});
    QVERIFY(bench.controller.isRunning());
    QCOMPARE(bench.waitForEnd(), QStringLiteral("Finished: 2 points"));
    QVERIFY(!bench.controller.isBusy());
    const auto& runs = bench.document.session().runs;
    QCOMPARE(runs.size(), std::size_t{1});
    QCOMPARE(runs[0].points.size(), std::size_t{2});
    QCOMPARE(runs[0].points[1].point.variant, std::string("vectorized"));
    QCOMPARE(runs[0].system.cpuModel, std::string("Scripted CPU"));
    QCOMPARE(runs[0].settings.baseline, std::string("loop"));
    QCOMPARE(runs[0].settings.origin, std::string("desktop app"));
  }

  // More repetitions asked for than the default maximum: the window's run gets them, as the
  // same run from the command line does (planMeasure), and says so in its settings.
  void repetitionsBeyondTheMaximumAreMeasured() {
    Bench bench;
    bench.controller.probe();
    QTRY_VERIFY_WITH_TIMEOUT(bench.controller.isReady(), 20000);
    MeasureConfig many = quick();
    many.minReps = 150;
    many.maxReps = 100;
    bench.controller.start(sweepOfAdd({"loop"}), many, {});
    QCOMPARE(bench.waitForEnd(), QStringLiteral("Finished: 1 point"));
    const Run& run = bench.document.session().runs.front();
    QCOMPARE(run.settings.measure.maxReps, std::size_t{150});
    QCOMPARE(run.points.front().samplesS.size(), std::size_t{150});
  }

  // Run pressed while the machine is probed: the run waits, then starts on the probe's
  // machine; cancelled while it waits, nothing is measured and no run is said to have ended.
  void aRunAskedForDuringTheProbeWaitsForIt() {
    Bench bench;
    QSignalSpy waiting(&bench.controller, &RunController::waiting);
    bench.controller.probe();
    QVERIFY(bench.controller.isProbing());
    bench.controller.start(sweepOfAdd({"loop"}), quick(), {});
    QVERIFY(bench.controller.waitsForProbe());
    QCOMPARE(waiting.size(), 1);
    QCOMPARE(bench.waitForEnd(), QStringLiteral("Finished: 1 point"));
    QCOMPARE(bench.document.session().runs.size(), std::size_t{1});
    QCOMPARE(bench.document.session().runs[0].system.cpuModel, std::string("Scripted CPU"));

    Bench cancelled;
    QSignalSpy startCancelled(&cancelled.controller, &RunController::startCancelled);
    cancelled.controller.probe();
    cancelled.controller.start(sweepOfAdd({"loop"}), quick(), {});
    cancelled.controller.cancel();
    QCOMPARE(startCancelled.size(), 1);
    QVERIFY(!cancelled.controller.isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(cancelled.controller.isReady(), 20000);
    QVERIFY(cancelled.document.session().runs.empty());
    // Nothing ran, so no run ended.
    QVERIFY(cancelled.ended.isEmpty());
    QVERIFY(!cancelled.controller.isRunning());
  }

  void aSweepThatCannotExpandIsRefused() {
    Bench bench;
    bench.controller.probe();
    QTRY_VERIFY_WITH_TIMEOUT(bench.controller.isReady(), 20000);
    QSignalSpy refused(&bench.controller, &RunController::refused);
    SweepSpec sweep = sweepOfAdd({"loop"});
    sweep.kernel = "no-such-kernel";
    bench.controller.start(sweep, quick(), {});
    QCOMPARE(refused.size(), 1);
    QVERIFY(refused.at(0).at(0).toString().contains(QStringLiteral("no-such-kernel")));
    QVERIFY(!bench.controller.isBusy());
    QVERIFY(bench.document.session().runs.empty());
  }

  // startEach: a run per sweep, one after the other, each begun once the last has ended; one
  // that cannot expand ends those after it, and what ran before stays.
  void sweepsRunOneAfterTheOther() {
    Bench bench;
    QSignalSpy began(&bench.controller, &RunController::began);
    QSignalSpy refused(&bench.controller, &RunController::refused);
    bench.controller.probe();  // the first waits for it
    SweepSpec vectorized = sweepOfAdd({"vectorized"});
    vectorized.baseline.clear();
    bench.controller.startEach({sweepOfAdd({"loop"}), vectorized}, quick(), {});
    QVERIFY(bench.controller.isBusy());
    QCOMPARE(bench.waitForEnd(), QStringLiteral("Finished: 1 point"));
    QVERIFY(bench.controller.isBusy());  // the second has not begun, but will
    QCOMPARE(bench.waitForEnd(), QStringLiteral("Finished: 1 point"));
    QTRY_VERIFY(!bench.controller.isBusy());
    const auto& runs = bench.document.session().runs;
    QCOMPARE(runs.size(), std::size_t{2});
    QCOMPARE(runs[0].points.at(0).point.variant, std::string("loop"));
    QCOMPARE(runs[1].points.at(0).point.variant, std::string("vectorized"));
    QVERIFY2(began.at(1).at(0).toString().startsWith(QStringLiteral("add: run 2 of 2, Starting")),
             qPrintable(began.at(1).at(0).toString()));

    SweepSpec unknown = sweepOfAdd({"loop"});
    unknown.kernel = "no-such-kernel";
    bench.controller.startEach({sweepOfAdd({"loop"}), unknown, sweepOfAdd({"loop"})}, quick(), {});
    QCOMPARE(bench.waitForEnd(), QStringLiteral("Finished: 1 point"));
    QTRY_COMPARE(refused.size(), 1);
    QTRY_VERIFY(!bench.controller.isBusy());
    QTest::qWait(100);
    QCOMPARE(runs.size(), std::size_t{3});
  }

  void aCancelEndsTheSweepsNotBegun() {
    test::ScriptedTimes times;
    times.blockAtMeasurement = 1;  // the second point waits for the cancel
    Bench bench(times);
    bench.controller.probe();
    QTRY_VERIFY_WITH_TIMEOUT(bench.controller.isReady(), 20000);
    bench.controller.startEach({sweepOfAdd({"loop", "vectorized"}), sweepOfAdd({"loop"})}, quick(),
                               {});
    QTRY_COMPARE_WITH_TIMEOUT(bench.document.session().runs.back().points.size(), std::size_t{1},
                              20000);
    bench.controller.cancel();
    QCOMPARE(bench.waitForEnd(), QStringLiteral("Cancelled after 1 of 2 points"));
    QVERIFY(!bench.controller.isBusy());
    QTest::qWait(100);
    QCOMPARE(bench.document.session().runs.size(), std::size_t{1});
  }

  void aCancelSaysHowFarTheRunCame() {
    test::ScriptedTimes times;
    times.blockAtMeasurement = 1;  // the second point waits for the cancel
    Bench bench(times);
    bench.controller.probe();
    QTRY_VERIFY_WITH_TIMEOUT(bench.controller.isReady(), 20000);
    bench.controller.start(sweepOfAdd({"loop", "vectorized", "parallel"}), quick(), {});
    QTRY_COMPARE_WITH_TIMEOUT(bench.document.session().runs.back().points.size(), std::size_t{1},
                              20000);
    bench.controller.cancel();
    QCOMPARE(bench.waitForEnd(), QStringLiteral("Cancelled after 1 of 3 points"));
    QCOMPARE(bench.document.session().runs.back().points.size(), std::size_t{1});
  }

  void aRerunPutsTheSteadyMeasurementInPlace() {
    test::ScriptedTimes times;
    times.noisyMeasurements = {{"vectorized", 1}};
    Bench bench(times);
    bench.controller.probe();
    QTRY_VERIFY_WITH_TIMEOUT(bench.controller.isReady(), 20000);
    bench.controller.start(sweepOfAdd({"loop", "vectorized"}), quick(), {});
    QCOMPARE(bench.waitForEnd(), QStringLiteral("Finished: 2 points"));
    const Run& run = bench.document.session().runs.back();
    QVERIFY(run.points[1].flags.unstable);
    bench.controller.rerunUnstable(run, 3, {});
    QVERIFY(bench.controller.isRunning());
    QCOMPARE(bench.waitForEnd(),
             QStringLiteral("Finished: 1 point (re-run of run %1; still unstable: 0)").arg(run.id));
    const PointResult& steady = bench.document.session().runs.back().points[1];
    QVERIFY(!steady.flags.unstable);
    QCOMPARE(steady.attempts, 2u);
  }
};

QTEST_MAIN(TestRunController)
#include "tst_runcontroller.moc"
