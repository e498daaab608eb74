// RunWorker: results come back by queued signals in sweep order, a new run drops what the
// previous one still delivers, cancel is quick, and unstable points are measured again.
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include "accellab/kernels/builtin.h"
#include "accellab/quality.h"
#include "accellab/sweep.h"
#include "misbehaving_kernel.h"
#include "run/runworker.h"
#include "scripted_engine.h"

using namespace accellab;
using namespace accellab::gui;

class TestRunWorker : public QObject {
  Q_OBJECT

 private slots:

  void deliversPointsOnTheGuiThreadInOrder() {
    RunWorker worker;
    const auto points = sweep({1000, 2000, 3000});
    QThread* guiThread = QThread::currentThread();
    bool allOnGuiThread = true;
    connect(&worker, &RunWorker::pointFinished, this,
            [&] { allOnGuiThread &= QThread::currentThread() == guiThread; });
    QSignalSpy finished(&worker, &RunWorker::pointFinished);
    QSignalSpy done(&worker, &RunWorker::finished);
    QSignalSpy progress(&worker, &RunWorker::progress);
    worker.start(engine_, points, quick());
    QVERIFY(worker.isRunning());
    QVERIFY(done.wait(20000));
    QVERIFY(!worker.isRunning());
    QVERIFY(allOnGuiThread);
    QCOMPARE(finished.count(), 3);
    for (int i = 0; i < 3; ++i) {
      const auto result = finished.at(i).at(0).value<PointResult>();
      QVERIFY(result.point == points[static_cast<std::size_t>(i)]);
      QVERIFY(result.status == PointStatus::ok);
    }
    QVERIFY(progress.count() >= 3);
    const auto last = progress.last().at(0).value<Progress>();
    QCOMPARE(last.pointsTotal, std::size_t{3});
  }

  // The conditions check runs first, on the worker thread, and its findings come back before
  // the first point.
  void checksTheConditionsFirst() {
    RunWorker worker;
    const std::vector<SystemCondition> found{{"turbo", "turbo boost is on"}};
    QThread* checkThread = nullptr;
    std::vector<QString> order;
    connect(&worker, &RunWorker::conditionsChecked, this,
            [&](const std::vector<SystemCondition>& conditions) {
              QCOMPARE(conditions, found);
              order.push_back(QStringLiteral("conditions"));
            });
    connect(&worker, &RunWorker::pointFinished, this,
            [&] { order.push_back(QStringLiteral("point")); });
    QSignalSpy done(&worker, &RunWorker::finished);
    worker.start(engine_, sweep({1000}), quick(), [&] {
      checkThread = QThread::currentThread();
      return found;
    });
    QVERIFY(done.wait(20000));
    QVERIFY(checkThread && checkThread != QThread::currentThread());
    QCOMPARE(order, (std::vector<QString>{QStringLiteral("conditions"), QStringLiteral("point")}));
  }

  // Every change of point or phase reaches the GUI, however close together: a phase that
  // follows at once may last long (preparing 8 GiB) without another report.
  void forwardsEveryPhaseOfEveryPoint() {
    const EngineFactory scripted = test::scriptedEngine({});
    const Engine engine = scripted({});
    RunWorker worker;
    std::vector<std::pair<std::size_t, RunPhase>> stages;
    connect(&worker, &RunWorker::progress, this, [&](const Progress& p) {
      if (!p.point) return;
      const std::pair stage{p.pointIndex, p.phase};
      if (stages.empty() || stages.back() != stage) stages.push_back(stage);
    });
    QSignalSpy done(&worker, &RunWorker::finished);
    Params params;
    params.shape = Shape3{16, 64, 64};
    const std::vector<Point> points{{"add", "loop", params, 1}, {"add", "parallel", params, 2}};
    MeasureConfig config;
    config.minReps = 3;
    config.minTimeS = 0;
    worker.start(engine, points, config);
    QVERIFY(done.wait(20000));
    std::vector<std::pair<std::size_t, RunPhase>> expected;
    for (std::size_t i = 0; i < points.size(); ++i)
      for (RunPhase phase :
           {RunPhase::preparing, RunPhase::warmingUp, RunPhase::measuring, RunPhase::verifying})
        expected.emplace_back(i, phase);
    QVERIFY(stages == expected);
  }

  void aNewRunDropsTheOldOnesResults() {
    RunWorker worker;
    QSignalSpy finished(&worker, &RunWorker::pointFinished);
    QSignalSpy done(&worker, &RunWorker::finished);
    worker.start(engine_, sweep({10000000000ULL, 20000000000ULL}),
                 quick());  // long, then cancelled
    QTest::qWait(100);
    const auto second = sweep({5000});
    worker.start(engine_, second, quick());
    QVERIFY(done.wait(20000));
    QCOMPARE(done.count(), 1);  // only the current job's end is reported
    QCOMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(0).value<PointResult>().point == second[0]);
  }

  void cancelStopsWithinHalfASecond() {
    RunWorker worker;
    QSignalSpy done(&worker, &RunWorker::finished);
    QSignalSpy finished(&worker, &RunWorker::pointFinished);
    worker.start(engine_, sweep({10000000000ULL}), quick());
    QTest::qWait(300);
    cancelWithinHalfASecond(worker, done);
    QCOMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(0).value<PointResult>().status == PointStatus::cancelled);
  }

  // Measured in a worker process, a crash costs its point alone: the run goes on, the failed
  // point comes back with its reason, the window's process is untouched.
  void isolatedRunSurvivesACrash() {
    RunWorker worker;
    QSignalSpy done(&worker, &RunWorker::finished);
    QSignalSpy finished(&worker, &RunWorker::pointFinished);
    const auto points = misbehaving({1, 2, 7});
    worker.start(misbehaving_, points, quick(), {}, 0, isolated());
    QVERIFY(done.wait(60000));
    QCOMPARE(finished.count(), 3);
    const auto result = [&](int i) { return finished.at(i).at(0).value<PointResult>(); };
    QVERIFY(result(0).status == PointStatus::ok && result(0).verified);
    QVERIFY(result(1).status == PointStatus::failed);
    QVERIFY2(result(1).reason.starts_with("killed by SIGSEGV (Segmentation fault) in misbehave"),
             result(1).reason.c_str());
    QVERIFY(result(1).samplesS.empty());
    QVERIFY(result(2).status == PointStatus::ok && result(2).verified);
  }

  // A cancel during a kernel that never polls its stop token ends its worker: as quick as a
  // cancel in process.
  void cancelEndsAHungWorkerWithinHalfASecond() {
    RunWorker worker;
    QSignalSpy done(&worker, &RunWorker::finished);
    QSignalSpy finished(&worker, &RunWorker::pointFinished);
    worker.start(misbehaving_, misbehaving({1, 5}), quick(), {}, 0, isolated());
    QVERIFY(finished.wait(30000));  // the first point; the second hangs
    QTest::qWait(300);
    cancelWithinHalfASecond(worker, done);
    QCOMPARE(finished.count(), 2);
    QVERIFY(finished.at(1).at(0).value<PointResult>().status == PointStatus::cancelled);
  }

  void destroyingDuringARunJoinsQuickly() {
    auto worker = std::make_unique<RunWorker>();
    worker->start(engine_, sweep({10000000000ULL}), quick());
    QTest::qWait(300);
    QElapsedTimer timer;
    timer.start();
    worker.reset();
    QVERIFY2(timer.elapsed() < 500, qPrintable(QString::number(timer.elapsed())));
  }

  // A point whose first measurement was noisy is measured again and comes back steady, at
  // its position among the points given.
  void rerunMeasuresUnstablePointsAgain() {
    test::ScriptedTimes times;
    times.noisyMeasurements = {{"vectorized", 1}};
    const Engine engine = test::scriptedEngine(times)({});
    RunWorker worker;
    QSignalSpy finished(&worker, &RunWorker::pointFinished);
    QSignalSpy done(&worker, &RunWorker::finished);
    worker.start(engine, scriptedSweep(engine, {"loop", "vectorized"}), scripted());
    QVERIFY(done.wait(20000));
    Run run;
    for (const auto& arguments : finished) run.points.push_back(arguments[0].value<PointResult>());
    QCOMPARE(run.points.size(), std::size_t{2});
    QVERIFY(!run.points[0].flags.unstable);
    QVERIFY(run.points[1].flags.unstable);
    QCOMPARE(relativeSpread(run.points[1]), 1.0 / 3);
    QCOMPARE(unstablePoints(run), std::vector<std::size_t>{1});

    QSignalSpy remeasured(&worker, &RunWorker::pointRemeasured);
    QSignalSpy progress(&worker, &RunWorker::progress);
    worker.startRerun(engine, {run.points[1]}, scripted(), 3);
    QVERIFY(worker.isRunning());
    QVERIFY(done.wait(20000));
    QCOMPARE(remeasured.count(), 1);
    QCOMPARE(remeasured[0][0].toInt(), 0);
    const auto steady = remeasured[0][1].value<PointResult>();
    QVERIFY(steady.point == run.points[1].point);
    QVERIFY(steady.status == PointStatus::ok);
    QVERIFY(!steady.flags.unstable);
    QCOMPARE(steady.attempts, 2u);
    QCOMPARE(steady.stats.medianS, run.points[1].stats.medianS);
    QCOMPARE(steady.stats.madS, 0.0);
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last()[0].value<Progress>().pointsTotal, std::size_t{1});
  }

  // Cancelling a re-run is as quick as cancelling a run; the point comes back as it was.
  void cancelStopsARerun() {
    test::ScriptedTimes times;
    times.noisyMeasurements = {{"loop", 1}};
    times.blockAtMeasurement = 1;  // the re-measurement waits for the cancel
    const Engine engine = test::scriptedEngine(times)({});
    RunWorker worker;
    QSignalSpy finished(&worker, &RunWorker::pointFinished);
    QSignalSpy done(&worker, &RunWorker::finished);
    worker.start(engine, scriptedSweep(engine, {"loop"}), scripted());
    QVERIFY(done.wait(20000));
    const auto noisy = finished[0][0].value<PointResult>();
    QVERIFY(noisy.flags.unstable);

    QSignalSpy remeasured(&worker, &RunWorker::pointRemeasured);
    worker.startRerun(engine, {noisy}, scripted(), 3);
    QTest::qWait(200);
    QVERIFY(worker.isRunning());
    QElapsedTimer timer;
    timer.start();
    worker.cancel();
    QVERIFY(done.wait(5000));
    QVERIFY2(timer.elapsed() < 500, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(remeasured.count(), 1);
    QVERIFY(remeasured[0][1].value<PointResult>() == noisy);
  }

 private:
  static std::vector<Point> scriptedSweep(const Engine& engine, std::vector<std::string> variants) {
    SweepSpec spec;
    spec.kernel = "add";
    spec.shapes = {{16, 256, 256}};
    spec.variants = std::move(variants);
    return expandSweep(spec, engine.registry());
  }
  static MeasureConfig scripted() {
    MeasureConfig config;
    config.minTimeS = 0;
    return config;
  }

  std::vector<Point> sweep(std::vector<std::uint64_t> samples) const {
    SweepSpec spec;
    spec.kernel = "pi";
    spec.samples = std::move(samples);
    spec.variants = {"loop"};
    return expandSweep(spec, engine_.registry());
  }
  static MeasureConfig quick() {
    MeasureConfig config;
    config.minReps = 2;
    config.minTimeS = 0;
    return config;
  }

  // Cancels the run going and checks that it ended (`done`) within half a second.
  static void cancelWithinHalfASecond(RunWorker& worker, QSignalSpy& done) {
    QElapsedTimer timer;
    timer.start();
    worker.cancel();
    QVERIFY(done.wait(5000));
    QVERIFY2(timer.elapsed() < 500, qPrintable(QString::number(timer.elapsed())));
  }

  std::vector<Point> misbehaving(std::vector<std::uint64_t> hows) const {
    SweepSpec spec;
    spec.kernel = "misbehave";
    spec.parameters["how"] = std::move(hows);
    return expandSweep(spec, misbehaving_.registry());
  }
  static WorkerOptions isolated() {
    WorkerOptions options;
    options.command = {ACCELLAB_MISBEHAVING_CLI, "worker", "--replies-fd", "3"};
    return options;
  }

  const Engine engine_ = kernels::makeBuiltinEngine();
  // The kernel that crashes on request (its worker is accellab-cli-misbehaving).
  const Engine misbehaving_ = test::misbehavingEngine();
};

QTEST_MAIN(TestRunWorker)
#include "tst_runworker.moc"
