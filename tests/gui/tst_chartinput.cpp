// What the charts are given for the runs shown: each point with the row of its own run, the
// points that were not measured as gaps with their reason, labels and colours that do not
// depend on the runs shown.
#include <QtTest>

#include "accellab/report.h"
#include "chart_sessions.h"
#include "charts/chartinput.h"

using namespace accellab;
using namespace accellab::gui;
using namespace accellab::testing;

namespace {

std::vector<int> idsOf(const ChartInput& input) {
  std::vector<int> ids;
  for (const ChartRun& run : input.runs) ids.push_back(run.id);
  return ids;
}

}  // namespace

class TestChartInput : public QObject {
  Q_OBJECT

 private slots:
  void runsShown_data() {
    QTest::addColumn<std::vector<int>>("asked");
    QTest::addColumn<std::vector<int>>("shown");
    QTest::addRow("none: the latest") << std::vector<int>{} << std::vector<int>{2};
    QTest::addRow("one") << std::vector<int>{1} << std::vector<int>{1};
    QTest::addRow("both, in session order") << std::vector<int>{2, 1} << std::vector<int>{1, 2};
    QTest::addRow("unknown ids are left out") << std::vector<int>{7, 1} << std::vector<int>{1};
  }
  void runsShown() {
    QFETCH(std::vector<int>, asked);
    QFETCH(std::vector<int>, shown);
    const Session session = cancelledThenSmaller();
    QCOMPARE(accellab::gui::runsShown(session, "add", asked), shown);
    QCOMPARE(idsOf(makeChartInput(session, "add", {}, asked)), shown);
  }

  void runWithoutTheKernelIsNotShown() {
    Session session = cancelledThenSmaller();
    for (PointResult& p : session.runs[1].points) p.point.kernel = "pi";
    QCOMPARE(accellab::gui::runsShown(session, "add", {}), std::vector<int>{1});
    QCOMPARE(accellab::gui::runsShown(session, "add", {2}), std::vector<int>{});
    QVERIFY(makeChartInput(session, "add", {}, {2}).empty());
  }

  // Every point carries the row of its own run: speedups never mix runs.
  void rowsComeFromThePointsOwnRun() {
    const Session session = sameProblemTwice();
    const ChartInput input = makeChartInput(session, "add", {.baseline = "loop"}, {1, 2});
    QCOMPARE(input.points.size(), std::size_t{8});
    for (std::size_t run = 0; run < 2; ++run) {
      const auto rows = buildRunRows(session.runs[run], {.baseline = "loop"});
      std::size_t i = 0;
      for (const ChartPoint& p : input.points) {
        if (p.run != run) continue;
        QCOMPARE(p.result, session.runs[run].points[i]);
        QCOMPARE(p.row.speedup, rows[i].speedup);
        QCOMPARE(p.row.runId, session.runs[run].id);
        ++i;
      }
      QCOMPARE(i, std::size_t{4});
    }
  }

  void cancelledPointIsAGapWithItsReason() {
    const ChartInput input = makeChartInput(cancelledThenSmaller(), "add", {}, {1, 2});
    // Only ok points are drawn: run 1's loop and run 2's six.
    QCOMPARE(input.points.size(), std::size_t{7});
    // Run 1 tried vectorized (cancelled); it never reached parallel, so nothing says it was
    // meant to run there.
    QCOMPARE(input.gaps.size(), std::size_t{1});
    const ChartGap& gap = input.gaps[0];
    QCOMPARE(gap.run, std::size_t{0});
    QCOMPARE(gap.group, std::string("add 1024x1024x512 f64"));
    QCOMPARE(gap.size, std::uint64_t{1024} * 1024 * 512);
    QCOMPARE(gap.label, QStringLiteral("vectorized"));
    QCOMPARE(gap.why, QStringLiteral("cancelled"));
    QCOMPARE(input.notesOf(input.gaps),
             QStringList{QStringLiteral("Not drawn, run 1 \u00b7 1024x1024x512 f64: vectorized "
                                        "(cancelled)")});
  }

  // A variant a run measured in one problem and not in another is a gap in the other.
  void variantMissingFromAProblemOfItsRunIsAGap() {
    Session session = cancelledThenSmaller();
    auto& points = session.runs[1].points;
    points[5] =
        notMeasured("parallel", points[5].point.params, PointStatus::skipped, "needs 2 cores", 2);
    points.erase(points.begin() + 4);  // vectorized 64x256x256: not in the run at all
    const ChartInput input = makeChartInput(session, "add", {}, {2});
    QCOMPARE(input.gaps.size(), std::size_t{2});
    QCOMPARE(input.gaps[0].label, QStringLiteral("vectorized"));
    QCOMPARE(input.gaps[0].why, QStringLiteral("not measured"));
    QCOMPARE(input.gaps[1].label, QStringLiteral("parallel \u00d72"));
    QCOMPARE(input.gaps[1].why, QStringLiteral("skipped: needs 2 cores"));
    QCOMPARE(input.notesOf(input.gaps),
             (QStringList{QStringLiteral("Not drawn, run 2 \u00b7 64x256x256 f64: vectorized (not "
                                         "measured)"),
                          QStringLiteral("Not drawn, run 2 \u00b7 64x256x256 f64: parallel \u00d72 "
                                         "(skipped: needs 2 cores)")}));
  }

  void notesAreCappedAtThreeLines() {
    ChartInput input = makeChartInput(cancelledThenSmaller(), "add", {}, {1, 2});
    for (std::uint64_t z = 1; z <= 4; ++z)
      input.gaps.push_back({1, "add " + std::to_string(z) + "x1x1 f64", z, QStringLiteral("gpu"),
                            QStringLiteral("skipped")});
    const QStringList notes = input.notesOf(input.gaps);
    QCOMPARE(notes.size(), 4);
    QCOMPARE(notes.back(), QStringLiteral("\u2026 and 2 more not drawn (see the table)"));
  }

  // A crash's reason keeps the user's file and line in the title's note, whatever comes
  // before them; the stderr tail and the outer frames stay in the table (issue: the reason was
  // cut in its middle, the file and line with it).
  void aCrashsNoteKeepsTheFileAndLine() {
    ChartInput input = makeChartInput(cancelledThenSmaller(), "add", {}, {1, 2});
    const QString where = QStringLiteral(
        "File \"/home/someone/projects/accelerating-python/benchmarks/suite/bench_crash.py\", "
        "line 42 in time_crash");
    input.gaps = {{1, "add 1x1x1 f64", 1, QStringLiteral("time_crash"),
                   QStringLiteral("failed: the Python child was killed by SIGSEGV (a segmentation "
                                  "fault, an invalid memory access) in ") +
                       where +
                       QStringLiteral(" | File \"/usr/lib/python3/dist-packages/numpy/core/"
                                      "fromnumeric.py\", line 86 in _wrapreduction; last lines "
                                      "on stderr: Fatal Python error: Segmentation fault")}};
    const QStringList notes = input.notesOf(input.gaps);
    QCOMPARE(notes.size(), 1);
    QVERIFY2(notes[0].contains(where.section(QStringLiteral(" in "), 0, 0)), qPrintable(notes[0]));
    QVERIFY2(!notes[0].contains(QStringLiteral("fromnumeric")) &&
                 !notes[0].contains(QStringLiteral("last lines")),
             qPrintable(notes[0]));
    // A long reason without a location is cut at its end, not in its middle.
    input.gaps[0].why =
        QStringLiteral("failed: ") + QString(300, QLatin1Char('x')) + QStringLiteral(" the end");
    const QString cut = input.notesOf(input.gaps)[0];
    QVERIFY2(cut.endsWith(QStringLiteral("\u2026)")) && !cut.contains(QStringLiteral("the end")),
             qPrintable(cut));
  }

  void problemsGoSmallestFirst() {
    const ChartInput input = makeChartInput(cancelledThenSmaller(), "add", {}, {1, 2});
    QCOMPARE(input.groups, (std::vector<std::string>{"add 16x256x256 f64", "add 64x256x256 f64",
                                                     "add 1024x1024x512 f64"}));
  }

  // Labels (and the colours that follow them) come from the whole session.
  void labelsDoNotDependOnTheRunsShown() {
    const Session session = sameProblemTwice();
    const std::vector<QString> labels{QStringLiteral("loop"), QStringLiteral("vectorized"),
                                      QStringLiteral("parallel \u00d71"),
                                      QStringLiteral("parallel \u00d72")};
    QCOMPARE(makeChartInput(session, "add", {}, {}).labels, labels);
    QCOMPARE(makeChartInput(session, "add", {}, {1}).labels, labels);
    // parallel ran at 2 threads only: still named with its thread count.
    QCOMPARE(makeChartInput(cancelledThenSmaller(), "add", {}, {1}).labels,
             (std::vector<QString>{QStringLiteral("loop"), QStringLiteral("vectorized"),
                                   QStringLiteral("parallel \u00d72")}));
  }

  // Points of several ranks are told apart by their rank count; the run's rank scaling and
  // its kind come with the run.
  void ranksNameTheirPoints() {
    const Session session =
        readSessionFile(std::filesystem::path(ACCELLAB_TEST_DATA_DIR) / "session-mpi.json");
    const ChartInput input = makeChartInput(session, "add", {}, {2});
    QCOMPARE(input.labels,
             (std::vector<QString>{QStringLiteral("loop"), QStringLiteral("parallel \u00d72"),
                                   QStringLiteral("mpi"), QStringLiteral("mpi \u00d71 on 2 ranks"),
                                   QStringLiteral("mpi \u00d71 on 3 ranks"),
                                   QStringLiteral("mpi \u00d71 on 4 ranks")}));
    QCOMPARE(input.runs.size(), std::size_t{1});
    QVERIFY(input.runs[0].scaling == Scaling::strong);
    QCOMPARE(input.runs[0].rankScaling, rankScaling(session.runs[1]));
    // The failed rank count is a gap with the run's reason.
    const auto gap =
        std::ranges::find(input.gaps, QStringLiteral("mpi \u00d71 on 3 ranks"), &ChartGap::label);
    QVERIFY(gap != input.gaps.end());
    QVERIFY2(gap->why.contains(QStringLiteral("rank 2 on lab-node-2")), qPrintable(gap->why));
    QVERIFY(makeChartInput(session, "pi", {}, {2}).runs.empty());  // run 2 has no pi
  }

  void namesSayTheRunWhenSeveralAreShown() {
    const ChartInput one = makeChartInput(sameProblemTwice(), "add", {}, {2});
    const ChartInput both = makeChartInput(sameProblemTwice(), "add", {}, {1, 2});
    QCOMPARE(one.seriesName(QStringLiteral("loop"), 0), QStringLiteral("loop"));
    QCOMPARE(both.seriesName(QStringLiteral("loop"), 0), QStringLiteral("loop \u00b7 run 1"));
    QCOMPARE(one.runsName(), QStringLiteral("run 2"));
    QCOMPARE(both.runsName(), QStringLiteral("runs 1, 2"));
    QCOMPARE(both.elementName(both.points.back()),
             QStringLiteral("parallel \u00d72 \u00b7 run 2 \u00b7 64x256x256 f64"));
  }
};

QTEST_GUILESS_MAIN(TestChartInput)
#include "tst_chartinput.moc"
