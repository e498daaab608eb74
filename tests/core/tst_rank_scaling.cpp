// Rank scaling from a run's points: speedup and efficiency over the 1-rank point, strong and
// weak, gaps where a rank count has no time, and the range of the ranks' own medians.
#include <QtTest>

#include "accellab/rank_scaling.h"
#include "sample_session.h"

using namespace accellab;

namespace {

Session mpiSession() {
  return readSessionFile(std::filesystem::path(ACCELLAB_TEST_DATA_DIR) / "session-mpi.json");
}

std::vector<int> ranksOf(const RankScalingLine& line) {
  std::vector<int> ranks;
  for (const RankScalingPoint& point : line.points) ranks.push_back(point.ranks);
  return ranks;
}

}  // namespace

class TestRankScaling : public QObject {
  Q_OBJECT

 private slots:
  // pi, weak: every rank gets 1e8 samples, so the ideal time stays that of one rank. The
  // points store their totals (2e8 on 2 ranks): the line follows the problem of each rank.
  void weakScalingIsEfficiency() {
    const Run run = mpiSession().runs[0];
    QVERIFY(scalingOf(run) == Scaling::weak);
    const std::vector<RankScalingLine> lines = rankScaling(run);
    QCOMPARE(lines.size(), std::size_t{1});  // loop never ran on more than one rank
    const RankScalingLine& line = lines[0];
    QCOMPARE(line.variant, std::string("mpi"));
    QCOMPARE(line.kernel, std::string("pi"));
    QCOMPARE(ranksOf(line), (std::vector<int>{1, 2, 4}));
    QCOMPARE(line.group, std::string("pi 1e8 samples"));
    QCOMPARE(line.points[2].group, std::string("pi 4e8 samples"));
    QCOMPARE(*line.oneRankS, 0.1581);
    QCOMPARE(*line.points[0].efficiency, 1.0);
    QCOMPARE(*line.points[1].efficiency, 0.1581 / 0.1611);
    QCOMPARE(*line.points[2].efficiency, 0.1581 / 0.1691);
    QCOMPARE(*line.points[2].speedup, 4 * 0.1581 / 0.1691);
    QCOMPARE(*line.points[2].efficiencyFastestRank, 0.1581 / 0.1603);
    QCOMPARE(*line.points[2].efficiencySlowestRank, 0.1581 / 0.169);
    QVERIFY(!line.points[0].efficiencyFastestRank);  // one rank: no range
  }

  // add, strong: the total is split, so the ideal speedup is the rank count; rank count 3
  // failed and is a gap, not a zero.
  void strongScalingIsSpeedupWithGaps() {
    const Run run = mpiSession().runs[1];
    QVERIFY(scalingOf(run) == Scaling::strong);
    const std::vector<RankScalingLine> lines = rankScaling(run);
    QCOMPARE(lines.size(), std::size_t{1});
    const RankScalingLine& line = lines[0];
    QCOMPARE(line.threads, 1);
    QCOMPARE(ranksOf(line), (std::vector<int>{1, 2, 3, 4}));
    QCOMPARE(*line.points[1].speedup, 0.0493 / 0.0462);
    QCOMPARE(*line.points[1].efficiency, 0.0493 / 0.0462 / 2);
    QVERIFY(!line.points[2].speedup && !line.points[2].efficiency);
    QCOMPARE(line.points[2].index, std::size_t{4});
    QCOMPARE(*line.points[3].speedup, 0.0493 / 0.0238);
    QCOMPARE(*line.points[3].efficiencySlowestRank, 0.0493 / 0.0236 / 4);
  }

  // Without a 1-rank time there is nothing to hold the others against: every value is none.
  void noOneRankPointNoValues() {
    Run run = mpiSession().runs[1];
    run.points[2].status = PointStatus::failed;
    const RankScalingLine line = rankScaling(run).at(0);
    QVERIFY(!line.oneRankS);
    for (const RankScalingPoint& point : line.points) QVERIFY(!point.speedup && !point.efficiency);
  }

  // A run of no distributed points has no lines, and strong scaling.
  void noDistributedPointsNoLines() {
    const Run run = test::sampleRun();
    QVERIFY(rankScaling(run).empty());
    QVERIFY(scalingOf(run) == Scaling::strong);
  }

  // Thread counts and problems are lines of their own, in order of their first point.
  void linesByProblemAndThreads() {
    Run run = mpiSession().runs[1];
    for (int ranks : {1, 2}) {
      PointResult point = run.points[2 + static_cast<std::size_t>(ranks) - 1];
      point.point.threads = 2;
      run.points.push_back(point);
    }
    const std::vector<RankScalingLine> lines = rankScaling(run);
    QCOMPARE(lines.size(), std::size_t{2});
    QCOMPARE(lines[0].threads, 1);
    QCOMPARE(lines[1].threads, 2);
    QCOMPARE(ranksOf(lines[1]), (std::vector<int>{1, 2}));
    QCOMPARE(lines[1].points[1].index, std::size_t{7});
  }
};

QTEST_APPLESS_MAIN(TestRankScaling)
#include "tst_rank_scaling.moc"
