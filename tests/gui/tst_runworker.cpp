// RunWorker: results come back by queued signals in sweep order, a new run drops what the
// previous one still delivers, and cancel is quick.
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include "accellab/kernels/builtin.h"
#include "accellab/sweep.h"
#include "worker/runworker.h"

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
    QElapsedTimer timer;
    timer.start();
    worker.cancel();
    QVERIFY(done.wait(5000));
    QVERIFY2(timer.elapsed() < 500, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(0).value<PointResult>().status == PointStatus::cancelled);
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

 private:
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

  const Engine engine_ = kernels::makeBuiltinEngine();
};

QTEST_MAIN(TestRunWorker)
#include "tst_runworker.moc"
