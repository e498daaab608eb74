// The Rank scaling chart against the engine's numbers, from the hand-written MPI session
// (tests/data/session-mpi.json): weak scaling as efficiency, strong as speedup, the ideal line,
// a gap where a rank count failed, the ranks' range, the tooltips and the empty state.
#include <QtTest>
#include <algorithm>

#include "accellab/session.h"
#include "charts/chartpanel.h"
#include "sample_session.h"

using namespace accellab;
using namespace accellab::gui;

namespace {

const SeriesSnapshot* seriesNamed(const std::vector<SeriesSnapshot>& all, const QString& name) {
  const auto found =
      std::ranges::find_if(all, [&](const SeriesSnapshot& s) { return s.name == name; });
  return found == all.end() ? nullptr : &*found;
}

std::vector<QPointF> pointsOf(const SeriesSnapshot* series) {
  return series ? series->points : std::vector<QPointF>{};
}

// Every point drawn at `x` by series without a name (the segments after a gap, the ranks'
// ranges), as (x, y) pairs.
std::vector<QPointF> unnamedPointsAt(const std::vector<SeriesSnapshot>& all, double x) {
  std::vector<QPointF> points;
  for (const SeriesSnapshot& series : all)
    if (series.name.isEmpty())
      for (const QPointF& p : series.points)
        if (p.x() == x) points.push_back(p);
  return points;
}

}  // namespace

class TestRankScalingChart : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    session_ = readSessionFile(std::filesystem::path(ACCELLAB_TEST_DATA_DIR) / "session-mpi.json");
    panel_ = std::make_unique<ChartPanel>();
    panel_->resize(1000, 620);
    panel_->setSession(&session_);
    for (int chart = 0; chart < panel_->chartCount(); ++chart)
      if (panel_->chartStem(chart) == QStringLiteral("rank-scaling")) chart_ = chart;
    QVERIFY(chart_ >= 0);
  }

  // pi, weak: 1e8 samples per rank; the efficiency t(1)/t(N) in %, ideal 100 %.
  void weakScalingDrawsEfficiency() {
    panel_->setKernel(QStringLiteral("pi"));
    const auto series = panel_->snapshot(chart_);
    QVERIFY(panel_->chartTitle(chart_).contains(QStringLiteral("weak")));
    const std::vector<QPointF> mpi = pointsOf(seriesNamed(series, QStringLiteral("mpi")));
    QCOMPARE(mpi.size(), std::size_t{3});
    QCOMPARE(mpi[0], QPointF(1, 100));
    QCOMPARE(mpi[1].x(), 2.0);
    QCOMPARE(mpi[1].y(), 100 * 0.1581 / 0.1611);
    QCOMPARE(mpi[2].x(), 4.0);
    QCOMPARE(mpi[2].y(), 100 * 0.1581 / 0.1691);
    const std::vector<QPointF> ideal =
        pointsOf(seriesNamed(series, QStringLiteral("ideal (100 %)")));
    QCOMPARE(ideal, (std::vector<QPointF>{{1, 100}, {4, 100}}));
    // The range of the 4 ranks' own medians: from the slowest's efficiency to the fastest's.
    const std::vector<QPointF> range = unnamedPointsAt(series, 4);
    QCOMPARE(range.size(), std::size_t{2});
    QCOMPARE(range[0].y(), 100 * 0.1581 / 0.169);
    QCOMPARE(range[1].y(), 100 * 0.1581 / 0.1603);
    // The loop variant never ran on more than one rank: no line of its own.
    QVERIFY(!seriesNamed(series, QStringLiteral("loop")));
    const QString toolTip = seriesNamed(series, QStringLiteral("mpi"))->toolTips[2];
    QVERIFY2(toolTip.contains(QStringLiteral("parallel efficiency 93.5 %")), qPrintable(toolTip));
    QVERIFY2(toolTip.contains(QStringLiteral("rank 3: 169 ms")), qPrintable(toolTip));
  }

  // add, strong: the speedup over 1 rank, ideal the rank count; 3 ranks failed, so the line
  // breaks there and the title says why, and nothing is drawn at 3.
  void strongScalingDrawsSpeedupWithAGap() {
    panel_->setKernel(QStringLiteral("add"));
    const auto series = panel_->snapshot(chart_);
    const QString title = panel_->chartTitle(chart_);
    QVERIFY2(title.contains(QStringLiteral("strong")), qPrintable(title));
    QVERIFY2(title.contains(QStringLiteral("mpi \u00d71 on 3 ranks (failed: rank 2 on lab-node-2")),
             qPrintable(title));
    const std::vector<QPointF> first = pointsOf(seriesNamed(series, QStringLiteral("mpi")));
    QCOMPARE(first.size(), std::size_t{2});
    QCOMPARE(first[0], QPointF(1, 1));
    QCOMPARE(first[1].y(), 0.0493 / 0.0462);
    const std::vector<QPointF> atFour = unnamedPointsAt(series, 4);
    QCOMPARE(atFour.size(), std::size_t{3});  // the segment after the gap, and the range
    QVERIFY(std::ranges::any_of(atFour, [](QPointF p) { return p.y() == 0.0493 / 0.0238; }));
    for (const SeriesSnapshot& s : series)
      for (const QPointF& p : s.points) QVERIFY(p.x() != 3 || s.name.startsWith(u"ideal"));
    QCOMPARE(pointsOf(seriesNamed(series, QStringLiteral("ideal (speedup = ranks)"))),
             (std::vector<QPointF>{{1, 1}, {4, 4}}));
  }

  // Only the runs of the latest run's scaling are drawn together; the other is named.
  void otherScalingIsNamedNotDrawn() {
    Session both = session_;
    both.runs[0].points = both.runs[1].points;  // add, but weak
    panel_->setSession(&both);
    panel_->setKernel(QStringLiteral("add"));
    panel_->setVisibleRuns({1, 2});
    const QString title = panel_->chartTitle(chart_);
    QVERIFY2(title.contains(QStringLiteral("strong")), qPrintable(title));
    QVERIFY2(title.contains(QStringLiteral("Not drawn: run 1, measured with the other scaling")),
             qPrintable(title));
    panel_->setSession(&session_);
  }

  // A session without distributed points: no series, and the hint on how to measure some.
  void emptyWithoutDistributedPoints() {
    Session plain = test::sampleSession();
    panel_->setSession(&plain);
    panel_->setKernel(QStringLiteral("add"));
    QVERIFY(panel_->snapshot(chart_).empty());
    QVERIFY2(panel_->chartTitle(chart_).contains(QStringLiteral("mpirun")),
             qPrintable(panel_->chartTitle(chart_)));
    panel_->setSession(&session_);
  }

 private:
  Session session_;
  std::unique_ptr<ChartPanel> panel_;
  int chart_ = -1;
};

QTEST_MAIN(TestRankScalingChart)
#include "tst_rankscalingchart.moc"
