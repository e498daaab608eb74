// The runner in an MPI launch, seen from rank 0 through a fake Collective: every repetition
// after a barrier, the slowest rank's time, each rank's median, the point's group joined and
// left, and what a rank outside a point's group does.
#include <QtTest>

#include "accellab/runner.h"
#include "fake_collective.h"

using namespace accellab;

namespace {

constexpr quint64 GiB = 1ull << 30;

Point distributedPoint(int ranks, const std::string& variant = "mpi") {
  Params params;
  params.shape = Shape3{2, 3, 4};
  return {"fake", variant, params, 1, ranks};
}

MeasureConfig reps(std::size_t count) {
  MeasureConfig c;
  c.minReps = count;
  c.minTimeS = 0;
  c.minSampleS = 0;
  return c;
}

}  // namespace

class TestRunnerCollective : public QObject {
  Q_OBJECT

  test::FakeClock clock_;
  test::FakeScript script_;
  Registry registry_;
  std::shared_ptr<test::FakeCollective> launch_;
  std::unique_ptr<Runner> runner_;

 private slots:
  void initTestCase() { registry_.add(std::make_unique<test::DistributedFakeKernel>(script_)); }

  void init() {
    script_ = test::FakeScript{};
    script_.clock = &clock_;
    script_.runS = 0.25;
    launch_ = std::make_shared<test::FakeCollective>();
    runner_ = std::make_unique<Runner>(
        registry_,
        [] {
          return MemoryAvailable{16 * GiB, std::nullopt};
        },
        clock_.clock(), launch_);
  }

  void slowestRankTimesEachRepetition() {
    launch_->othersS = 1.0;
    const PointResult result = runner_->runPoint(distributedPoint(2), reps(3));
    QCOMPARE(toString(result.status), toString(PointStatus::ok));
    QCOMPARE(result.samplesS, (std::vector<double>{1.0, 1.0, 1.0}));
    // Rank 0's own median first, then the other rank's.
    QCOMPARE(result.rankMediansS, (std::vector<double>{0.25, 1.0}));
    QCOMPARE(result.firstCallS, 1.0);
  }

  void fasterOwnRunStillWaitsForTheSlowest() {
    launch_->othersS = 0.1;
    const PointResult result = runner_->runPoint(distributedPoint(2), reps(2));
    QCOMPARE(result.samplesS, (std::vector<double>{0.25, 0.25}));
    QCOMPARE(result.rankMediansS, (std::vector<double>{0.25, 0.1}));
  }

  void barrierBeforeEveryRepetition() {
    runner_->runPoint(distributedPoint(2), reps(4));
    // The warm-up and each of the 4 samples.
    QCOMPARE(launch_->count("barrier"), std::size_t{5});
    QCOMPARE(launch_->calls.front(), std::string("join 2"));
    QCOMPARE(launch_->calls.back(), std::string("leave"));
  }

  void pointOutsideTheGroupIsNotMeasured() {
    launch_->member = false;
    const PointResult result = runner_->runPoint(distributedPoint(2), reps(2));
    QCOMPARE(toString(result.status), toString(PointStatus::skipped));
    QCOMPARE(script_.prepares, std::size_t{0});
    QCOMPARE(launch_->calls, (std::vector<std::string>{"join 2", "leave"}));
  }

  void singleProcessPointsRunOnRankZeroAlone() {
    const PointResult result = runner_->runPoint(distributedPoint(1, "loop"), reps(2));
    QCOMPARE(toString(result.status), toString(PointStatus::ok));
    QCOMPARE(launch_->calls.front(), std::string("join 1"));
    QVERIFY(result.rankMediansS.empty());
    QCOMPARE(result.samplesS, (std::vector<double>{0.25, 0.25}));
  }

  void ranksBeyondTheLaunchAreRefused() {
    launch_->world = 2;
    const PointResult result = runner_->runPoint(distributedPoint(3), reps(2));
    QCOMPARE(toString(result.status), toString(PointStatus::failed));
    QVERIFY(result.reason.find("the launch has 2") != std::string::npos);
    QCOMPARE(script_.prepares, std::size_t{0});
  }

  void singleProcessVariantOnSeveralRanksIsRefused() {
    const PointResult result = runner_->runPoint(distributedPoint(2, "loop"), reps(2));
    QCOMPARE(toString(result.status), toString(PointStatus::failed));
    QVERIFY(result.reason.find("runs in one process") != std::string::npos);
  }

  void aRanksOwnFailureIsReportedToTheLaunch() {
    script_.throwOnPrepare = true;
    const PointResult result = runner_->runPoint(distributedPoint(2), reps(2));
    QCOMPARE(toString(result.status), toString(PointStatus::failed));
    QCOMPARE(launch_->count("fail " + result.reason), std::size_t{1});
  }

  void soloRunnerMeasuresDistributedPointsAsOneRank() {
    Runner solo(
        registry_,
        [] {
          return MemoryAvailable{16 * GiB, std::nullopt};
        },
        clock_.clock());
    const PointResult result = solo.runPoint(distributedPoint(1), reps(2));
    QCOMPARE(toString(result.status), toString(PointStatus::ok));
    QCOMPARE(result.rankMediansS, (std::vector<double>{0.25}));
    const PointResult two = solo.runPoint(distributedPoint(2), reps(2));
    QCOMPARE(toString(two.status), toString(PointStatus::failed));
  }
};

QTEST_APPLESS_MAIN(TestRunnerCollective)
#include "tst_runner_collective.moc"
