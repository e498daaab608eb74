// Report rows, the column description and the four reporters' exact output.
#include <QtTest>
#include <chrono>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "accellab/report.h"
#include "golden_file.h"
#include "large_run.h"
#include "sample_session.h"
#include "this_vm.h"

using namespace accellab;
Q_DECLARE_METATYPE(ReportFormat)

namespace {

std::string report(ReportFormat format, const Session& session,
                   const std::string& baseline = "loop") {
  std::ostringstream out;
  const ReportOptions options{.baseline = baseline};
  const auto reporter = makeReporter(format, out, options);
  for (const Run& run : session.runs) reportRun(*reporter, run, options);
  reporter->finish();
  return out.str();
}

// Names, a reason and a CPU as a hostile session could hold them: terminal escapes (clear the
// screen, set the window title, colour), carriage returns and line feeds that would forge
// table lines, pipes, quotes and commas, DEL, a C1 control (CSI) and a byte that is not UTF-8.
Session hostileSession() {
  Run run = test::sampleRun();
  run.name = "evil\x1b[2J\rrun\nfake";
  run.system.cpuModel = "CPU\x1b]0;owned\x07 | x";
  run.points.resize(2);
  run.points[0].point.kernel = run.points[1].point.kernel = "add\x1b[31m";
  run.points[1].point.variant = "v\r\n|\"x\",y";
  run.points[1].status = PointStatus::failed;
  run.points[1].reason = "line one\nline two | \"quoted\", \x7f\xc2\x9b\xff";
  run.points[1].flags = {};
  return {"", {run}};
}

Session mpiSession() {
  return readSessionFile(std::filesystem::path(ACCELLAB_TEST_DATA_DIR) / "session-mpi.json");
}

}  // namespace

class TestReport : public QObject {
  Q_OBJECT

 private slots:
  void reporterGolden_data() {
    QTest::addColumn<ReportFormat>("format");
    QTest::addColumn<QString>("golden");
    QTest::newRow("console") << ReportFormat::console << "report-console.txt";
    QTest::newRow("csv") << ReportFormat::csv << "report.csv";
    QTest::newRow("markdown") << ReportFormat::markdown << "report.md";
    QTest::newRow("json") << ReportFormat::json << "report.json";
  }
  void reporterGolden() {
    QFETCH(ReportFormat, format);
    QFETCH(QString, golden);
    QVERIFY(test::matchesGolden(golden.toStdString(), report(format, test::sampleSession())));
  }

  // A run launched under MPI (tests/data/session-mpi.json): every printer shows the ranks
  // and the imbalance between them, with the same words; runs without MPI never do (the
  // golden files above).
  void mpiReportGolden_data() {
    QTest::addColumn<ReportFormat>("format");
    QTest::addColumn<QString>("golden");
    QTest::newRow("console") << ReportFormat::console << "report-mpi-console.txt";
    QTest::newRow("csv") << ReportFormat::csv << "report-mpi.csv";
    QTest::newRow("markdown") << ReportFormat::markdown << "report-mpi.md";
    QTest::newRow("json") << ReportFormat::json << "report-mpi.json";
  }
  void mpiReportGolden() {
    QFETCH(ReportFormat, format);
    QFETCH(QString, golden);
    QVERIFY(test::matchesGolden(golden.toStdString(), report(format, mpiSession())));
  }

  // Without its 1-rank point a line has nothing to scale against: it says so, and each rank
  // count is a gap. A run of one process prints no rank scaling at all.
  void consoleRankScalingWithoutOneRank() {
    Session session = mpiSession();
    Run& weak = session.runs[0];
    std::erase_if(weak.points, [](const PointResult& p) {
      return p.point.variant == "mpi" && p.point.ranks == 1;
    });
    const std::string text = report(ReportFormat::console, Session{{}, {weak}});
    QVERIFY2(text.find("pi 1e8 samples per rank, mpi, 1 thread per rank: no 1-rank time to "
                       "compare with; 2 ranks -, 4 ranks -\n") != std::string::npos,
             text.c_str());
    std::erase_if(weak.points, [](const PointResult& p) { return p.point.ranks != 1; });
    QVERIFY(report(ReportFormat::console, Session{{}, {weak}}).find("Rank scaling") ==
            std::string::npos);
  }

  void ranksAndImbalance() {
    const Session session = mpiSession();
    const std::vector<ReportRow> weak = buildRunRows(session.runs[0]);
    QCOMPARE(weak[3].ranks, 4);
    QCOMPARE(*weak[3].imbalance, 0.169 / 0.1603);
    QVERIFY(!weak[1].imbalance);  // one rank: nothing to balance
    QVERIFY(!weak[0].imbalance);  // not distributed
    const std::vector<ReportRow> strong = buildRunRows(session.runs[1]);
    QVERIFY(!strong[4].imbalance);  // failed
    QCOMPARE(*strong[5].imbalance, 0.0236 / 0.0229);
    // Rank 0's machine bounds a point of one rank; of several ranks over two nodes (which?)
    // no one machine does.
    QVERIFY(strong[2].ceilingFraction);
    QCOMPARE(*strong[2].ceilingFraction, strong[2].bytesPerS / 24.1e9);
    QVERIFY(!strong[3].ceilingFraction);
    QVERIFY(!strong[5].ceilingFraction);
    Run oneNode = session.runs[1];
    oneNode.mpi->nodes.resize(1);
    QVERIFY(buildRunRows(oneNode)[5].ceilingFraction);
    const auto columns = columnsIn(inConsole, true);
    const auto ranks = std::find_if(columns.begin(), columns.end(),
                                    [](const ReportColumn* c) { return c->id == "ranks"; });
    QVERIFY(ranks != columns.end());
    QCOMPARE((*ranks)->text(weak[3]), std::string("4"));
    QVERIFY(isDistributed(session.runs[0]));
    QVERIFY(!isDistributed(test::sampleRun()));
    QCOMPARE(columnsIn(inFiles, true).size(), columnsIn(inFiles).size() + 2);
    // A point of 2 ranks in a run without "mpi" (built in memory) is distributed too.
    Run bare = test::sampleRun();
    bare.points[2].point.ranks = 2;
    QVERIFY(isDistributed(bare));
  }

  // The baseline of a group is its 1-rank point, never one of more ranks.
  // add, strong: every rank count shares one problem, and the 1-rank point of the baseline
  // variant is the baseline of them all; without it, no speedup.
  void baselineIsOneRank() {
    Run run = mpiSession().runs[1];
    const std::vector<ReportRow> rows = buildRunRows(run, {.baseline = "mpi"});
    QCOMPARE(*rows[5].speedup, 0.0493 / 0.0238);
    QVERIFY(!rows[4].speedup);                 // 3 ranks failed
    run.points.erase(run.points.begin() + 2);  // mpi at 1 rank
    for (const ReportRow& row : buildRunRows(run, {.baseline = "mpi"})) QVERIFY(!row.speedup);
  }

  void consoleStreamsRowByRow() {
    std::ostringstream out;
    const auto reporter = makeReporter(ReportFormat::console, out);
    const Run run = test::sampleRun();
    reporter->begin(run);
    reporter->point(run.points[0]);
    QVERIFY2(out.str().ends_with(
                 "loop                1    4.00 ms     100 µs     8.00 ms     65.5 M/s"
                 "     1.05 GB/s      5.2 %  65.5 MFLOP/s  0.0625 FLOP/B   0.99     1.00x"
                 "  yes"
                 "       ok\n"),
             out.str().c_str());
    reporter->point(run.points[1]);
    QVERIFY2(out.str().ends_with("4.00x  yes       ok         cold       AVX-512\n"),
             out.str().c_str());
  }

  // A host point faster than the memory copy ceiling says which cache held what it moved (the
  // smallest data cache large enough); where none is large enough, never that caches served
  // it; a point below the ceiling says nothing of it.
  void aPointAboveTheCeilingSaysWhichCacheHeldIt() {
    const Run run = test::sampleRun();
    const PointResult& point = run.points[0];
    QVERIFY(point.bytes > (1u << 20) && point.bytes < (32u << 20) && point.bytesPerS > 0);
    const auto noteWith = [&](double ceiling, std::vector<CacheInfo> caches) {
      return buildReportRows({point}, {.hostBytesPerS = ceiling, .caches = std::move(caches)}, {},
                             1)
          .front()
          .note;
    };
    const std::vector<CacheInfo> caches{{1, "Instruction", 32u << 20, "sysfs"},
                                        {1, "Data", 48u << 10, "sysfs"},
                                        {3, "Unified", 32u << 20, "sysfs"},
                                        {2, "Unified", 1u << 20, "sysfs"}};
    const std::string moved = formatValue(static_cast<double>(point.bytes), ValueKind::bytes);
    QCOMPARE(noteWith(point.bytesPerS / 2, caches),
             "above the memory ceiling: the " + moved +
                 " a call moves fit in L3 (32.0 MiB), so it ran from the cache, not memory");
    // What fits no cache streamed from memory: a few percent above is the ceiling's noise,
    // more says the ceiling is low; caches not known say only that.
    QCOMPARE(noteWith(point.bytesPerS / 1.05, {caches[1]}),
             "at the memory ceiling, within its own noise: the " + moved +
                 " a call moves fit no cache (the largest is L1 (48.0 KiB))");
    QCOMPARE(noteWith(point.bytesPerS / 2, {caches[1]}),
             "above the memory ceiling although the " + moved +
                 " a call moves fit no cache (the largest is L1 (48.0 KiB)): the ceiling is "
                 "below what this machine copies; measure it again when the machine is quiet "
                 "(accellab-cli sysinfo --remeasure)");
    QCOMPARE(noteWith(point.bytesPerS / 2, {}),
             "above the memory ceiling; the caches are not known here, so whether part of the " +
                 moved + " a call moves came from them cannot be told");
    QCOMPARE(noteWith(point.bytesPerS * 2, caches), std::string());
  }

  void rows() {
    const Run run = test::sampleRun();
    const auto rows = buildReportRows(run.points, {20e9, 4e12}, {}, 1);
    QCOMPARE(rows.size(), run.points.size());
    QCOMPARE(rows[0].runId, 1);
    QCOMPARE(rows[0].problem, std::string("64x64x64 f64"));
    QCOMPARE(rows[0].size, std::uint64_t{262144});
    QCOMPARE(rows[1].firstCallS, 0.5);
    QVERIFY(rows[1].flags.cold);
    QCOMPARE(rows[2].attempts, std::uint32_t{3});
    QCOMPARE(rows[0].group, std::string("add 64x64x64 f64"));
    QCOMPARE(rows[0].speedup, std::optional(1.0));
    QCOMPARE(*rows[1].speedup, 4.0);
    QCOMPARE(*rows[2].speedup, 8.0);
    QCOMPARE(rows[2].threads, 2);
    QCOMPARE(*rows[2].ceilingFraction, 8388608000 / 20e9);
    QCOMPARE(rows[2].spreadS, run.points[2].stats.madS);
    QCOMPARE(rows[3].note, std::string("kernel only; kernel 10.0 µs, h2d 100 µs, d2h 90.0 µs; "
                                       "pageable h2d 300 µs, d2h 250 µs"));
    // The gpu row is held against the GPU's own copy ceiling.
    QCOMPARE(*rows[3].ceilingFraction, run.points[3].bytesPerS / 4e12);
    QCOMPARE(rows[3].medianS, run.points[3].stats.medianS);
    QCOMPARE(rows[4].group, std::string("pi 1e6 samples"));
    QVERIFY(!rows[4].ceilingFraction);  // pi moves no bytes
    QVERIFY(!rows[5].speedup);          // cancelled
    QVERIFY(!rows[6].speedup);          // failed
    QCOMPARE(rows[6].note, run.points[6].reason);
    QCOMPARE(rows[7].medianS, 0.0);
  }

  // A point's note names its SIMD target and, where the loop chose, its stores.
  void noteNamesTheStores() {
    Run run = test::sampleRun();
    run.points[2].stores = "streaming";
    const auto rows = buildReportRows(run.points, {20e9, 4e12}, {}, 1);
    QCOMPARE(rows[2].note, std::string("AVX-512; streaming stores"));
    QCOMPARE(rows[1].note, std::string("AVX-512"));
  }

  // End to end, a gpu row is the median of whole runs with their copies: its own spread,
  // speedups over it, and no ceiling (the time is mostly the bus).
  void gpuRowsEndToEnd() {
    const auto points = test::samplePoints();
    const auto rows = buildReportRows(points, {20e9, 4e12}, {.gpuTime = GpuTime::endToEnd});
    QCOMPARE(rows[3].medianS, points[3].gpu->endToEndS);
    QCOMPARE(rows[3].spreadS, points[3].gpuMad->endToEndS);
    QCOMPARE(*rows[3].speedup, points[0].stats.medianS / points[3].gpu->endToEndS);
    QCOMPARE(rows[3].bytesPerS, static_cast<double>(points[3].bytes) / points[3].gpu->endToEndS);
    QVERIFY(!rows[3].ceilingFraction);
    QVERIFY(rows[3].note.starts_with("end to end; "));
    // CPU rows are the same either way.
    const auto kernelRows = buildReportRows(points, {20e9, 4e12});
    QCOMPARE(rows[1].medianS, kernelRows[1].medianS);
    QCOMPARE(rows[1].speedup, kernelRows[1].speedup);
  }

  void gpuTimeNames_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::newRow("kernel") << "kernel" << true;
    QTest::newRow("end-to-end") << "end-to-end" << true;
    QTest::newRow("end to end") << "end to end" << false;
    QTest::newRow("empty") << "" << false;
  }

  void gpuTimeNames() {
    QFETCH(QString, text);
    QFETCH(bool, valid);
    const auto parsed = parseGpuTime(text.toStdString());
    QCOMPARE(parsed.has_value(), valid);
    if (parsed) QCOMPARE(QString::fromUtf8(toString(*parsed).data()), text);
  }

  void ceilingsOfTheSystem() {
    SystemInfo system = test::sampleSystem();
    QCOMPARE(ceilingsOf(system).hostBytesPerS, 20e9);
    QCOMPARE(ceilingsOf(system).deviceBytesPerS, 4.3e12);
    system.gpuDevice = 1;  // its ceiling was not measured
    QCOMPARE(ceilingsOf(system).deviceBytesPerS, 0.0);
    system.gpuDevice = 7;  // no such device
    QCOMPARE(ceilingsOf(system).deviceBytesPerS, 0.0);
  }

  // The cache-aware roofline: the smallest level that holds what a call moves (a private level
  // on each of the point's threads' cores), its roof measured on one thread or on every thread,
  // scaled to the point's threads on a private level; nothing holds it: memory's ceiling.
  void aProblemInACacheIsJudgedByItsRoof() {
    const std::vector<CacheRoof> roofs = {{1, 32 << 10, 1, 200e9}, {2, 1 << 20, 1, 100e9},
                                          {3, 32 << 20, 1, 60e9},  {1, 32 << 10, 4, 800e9},
                                          {2, 1 << 20, 4, 400e9},  {3, 32 << 20, 4, 150e9}};
    QCOMPARE(cacheRoofFor(16 << 10, 1, roofs)->level, 1);
    QCOMPARE(cacheRoofFor(32 << 10, 1, roofs)->bytesPerS, 200e9);
    QCOMPARE(cacheRoofFor((32 << 10) + 1, 1, roofs)->level, 2);
    QCOMPARE(cacheRoofFor(16 << 20, 1, roofs)->level, 3);
    QVERIFY(!cacheRoofFor((32 << 20) + 1, 1, roofs));
    // Two threads: each core's L1 holds half, at half the four-thread roof.
    const auto two = cacheRoofFor(64 << 10, 2, roofs);
    QCOMPARE(two->level, 1);
    QCOMPARE(two->threads, 2);
    QCOMPARE(two->bytesPerS, 400e9);
    // L3 is shared: its every-thread roof, as measured.
    QCOMPARE(cacheRoofFor(16 << 20, 2, roofs)->bytesPerS, 150e9);
    QVERIFY(!cacheRoofFor(1024, 1, {}));

    // A row of 16 KiB a call at 100 GB/s: half the L1 roof, and the note says which roof.
    Ceilings ceilings{.hostBytesPerS = 20e9, .cacheRoofs = roofs};
    PointResult small = test::measuredPoint({"add", "loop", test::arrayParams({1, 1, 1024}), 1},
                                            {163.84e-9}, {1024, 16 << 10, 1024});
    PointResult large = test::measuredPoint({"add", "loop", test::arrayParams({1, 1, 1 << 24}), 1},
                                            {0.0268435456}, {1 << 24, 256 << 20, 1 << 24});
    const auto rows = buildReportRows({small, large}, ceilings);
    QVERIFY(std::abs(*rows[0].ceilingFraction - 0.5) < 1e-9);
    QCOMPARE(rows[0].ceilingLevel, 1);
    QVERIFY2(rows[0].note.find("ceiling: the L1 roof (32.0 KiB holds the 16.0 KiB a call "
                               "moves; 200 GB/s on 1 thread)") != std::string::npos,
             rows[0].note.c_str());
    QVERIFY(std::abs(*rows[1].ceilingFraction - 0.5) < 1e-9);  // 10 GB/s of memory's 20
    QCOMPARE(rows[1].ceilingLevel, 0);
    QVERIFY(rows[1].note.find("roof") == std::string::npos);
  }

  // On this VM the "L3" of 480 MiB is the host's: its roofs are copies in memory, below
  // memory's ceiling. A point it would hold is judged against memory's ceiling, not 106 % of
  // a false roof, and no note says it ran from a cache.
  void aLevelThatIsNotOneHereJudgesNothing() {
    const SystemInfo vm = test::thisVm();
    PointResult prange =
        test::measuredPoint({"user.dot", "numba-prange", test::arrayParams({1, 1, 1 << 22}), 2},
                            {64.0 / 30 * 1e-3}, {1 << 22, 64 << 20, 1 << 23});
    PointResult oneThread =
        test::measuredPoint({"user.dot", "loop", test::arrayParams({1, 1, 1 << 22}), 1},
                            {64.0 / 14 * 1e-3}, {1 << 22, 64 << 20, 1 << 23});
    const auto rows = buildReportRows({prange, oneThread}, ceilingsOf(vm));
    for (const ReportRow& row : rows) {
      QCOMPARE(row.ceilingLevel, 0);
      QVERIFY2(row.note.find("L3") == std::string::npos, row.note.c_str());
    }
    QVERIFY(std::abs(*rows[0].ceilingFraction - (64 << 20) / (64.0 / 30 * 1e-3) / 35.2e9) < 1e-9);
    QVERIFY(*rows[0].ceilingFraction < 1);
    // L2 is one: 1 MiB a call on one thread is judged against its roof.
    PointResult inL2 =
        test::measuredPoint({"user.dot", "loop", test::arrayParams({1, 1, 1 << 16}), 1}, {1e-5},
                            {1 << 16, 1 << 20, 1 << 17});
    QCOMPARE(buildReportRows({inL2}, ceilingsOf(vm)).front().ceilingLevel, 2);
  }

  // What a point's code printed (under the worker) is said in its note, by its last line; a
  // crash's reason already quotes it.
  void whatAPointPrintedIsNoted() {
    PointResult point = test::sampleRun().points[0];
    point.output = "step 1\nabserr 1e-3\n";
    QVERIFY2(buildReportRows({point}, {})
                 .front()
                 .note.ends_with("printed 2 lines (kept in the session), the last: abserr 1e-3"),
             buildReportRows({point}, {}).front().note.c_str());
    point.status = PointStatus::failed;
    point.reason = "verification failed: off by 1e-3";
    QCOMPARE(buildReportRows({point}, {}).front().note,
             std::string("verification failed: off by 1e-3; printed 2 lines (kept in the "
                         "session), the last: abserr 1e-3"));
    point.reason = "killed by SIGSEGV; last lines on stderr: abserr 1e-3";
    QCOMPARE(buildReportRows({point}, {}).front().note, point.reason);
  }

  // A point whose samples spread says what the scheduler did to it, where that was counted:
  // the numbers, no cause; a steady point, or one not counted, says nothing of it.
  void aSpreadPointSaysItsContextSwitches() {
    PointResult point = test::sampleRun().points[0];
    point.counts = EventCounts{{{"context-switches", 2.5}, {"cpu-migrations", 0.25}}, {}};
    QVERIFY(buildReportRows({point}, {}).front().note.find("context switches") ==
            std::string::npos);
    point.flags.unstable = true;
    const std::string note = buildReportRows({point}, {}).front().note;
    QVERIFY2(note.find("spread with 2.50 context switches and 0.25 CPU migrations per call") !=
                 std::string::npos,
             note.c_str());
    point.counts.reset();
    QVERIFY(buildReportRows({point}, {}).front().note.find("context switches") ==
            std::string::npos);
  }

  void noCeilingNoFraction() {
    const auto rows = buildReportRows(test::samplePoints(), {});
    for (const auto& row : rows) QVERIFY(!row.ceilingFraction);
  }

  void baselineRules() {
    auto points = test::samplePoints();
    // Another baseline variant.
    auto rows = buildReportRows(points, {}, {.baseline = "vectorized"});
    QCOMPARE(*rows[0].speedup, 0.25);
    QVERIFY(!rows[4].speedup);  // pi's vectorized point was cancelled: no baseline there
    // A baseline that is not ok, or not on one thread, is no baseline.
    points[0].status = PointStatus::failed;
    rows = buildReportRows(points, {});
    QVERIFY(!rows[1].speedup);
    points[0].status = PointStatus::ok;
    points[0].point.threads = 2;
    rows = buildReportRows(points, {});
    QVERIFY(!rows[1].speedup);
  }

  // One default for every printer and front end (report.h): loop where the points have it,
  // else their first variant (a Google Benchmark import has no loop, and `report` once showed
  // it no speedup while the window showed one); a run's own baseline where it has points of it.
  void defaultBaselineIsOnePolicy() {
    auto points = test::samplePoints();
    QCOMPARE(defaultBaseline(points), std::string("loop"));
    QCOMPARE(*buildReportRows(points, {})[1].speedup,
             *buildReportRows(points, {}, {.baseline = "loop"})[1].speedup);
    std::erase_if(points, [](const PointResult& r) { return r.point.variant == "loop"; });
    const std::string first = points.front().point.variant;
    QCOMPARE(defaultBaseline(points), first);
    const auto rows = buildReportRows(points, {});
    QVERIFY(rows[0].speedup);
    QCOMPARE(*rows[0].speedup, 1.0);
    QCOMPARE(defaultBaseline(std::vector<std::string>{}), std::string("loop"));
    QCOMPARE(defaultBaseline(std::vector<std::string>{"BM_a", "BM_b"}), std::string("BM_a"));
    Run run = test::sampleRun();
    run.settings.baseline = "vectorized";
    QCOMPARE(defaultBaseline(run), std::string("vectorized"));
    QCOMPARE(resolvedFor({}, run).baseline, std::string("vectorized"));
    QCOMPARE(resolvedFor({.baseline = "loop"}, run).baseline, std::string("loop"));
    run.settings.baseline = "not among its points";
    QCOMPARE(defaultBaseline(run), std::string("loop"));
  }

  // Unrelated benchmarks (an asv file's, grouped by their axes alone) have no speedup over one
  // another, whatever baseline is asked (time_c_join was "2.27x" of time_a_sum); the file says
  // so and reads back.
  void unrelatedVariantsHaveNoSpeedup() {
    Run run = test::sampleRun();
    run.unrelatedVariants = true;
    for (const ReportOptions& options : {ReportOptions{}, ReportOptions{.baseline = "loop"}})
      for (const ReportRow& row : buildRunRows(run, options))
        QVERIFY2(!row.speedup, row.variant.c_str());
    std::ostringstream out;
    reportRun(*makeReporter(ReportFormat::console, out), run, {.baseline = "loop"});
    QVERIFY2(out.str().find("1.00x") == std::string::npos, out.str().c_str());
    Session session;
    session.runs.push_back(run);
    const std::string json = sessionToJson(session);
    QVERIFY(json.find("\"unrelated_variants\": true") != std::string::npos);
    QVERIFY(sessionFromJson(json) == session);
    run.unrelatedVariants = false;
    QVERIFY(buildRunRows(run, {}).front().speedup.has_value());
  }

  void formattedCells() {
    const auto rows = buildReportRows(test::samplePoints(), {20e9, 4e12});
    const auto cells = [](ColumnPlace place, const ReportRow& row) {
      std::vector<std::string> text;
      for (const ReportColumn* column : columnsIn(place)) text.push_back(column->text(row));
      return text;
    };
    // A skipped point has no number anywhere: a gap, never a zero.
    QCOMPARE(cells(inConsole, rows[7]),
             (std::vector<std::string>{"gpu", "1", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-",
                                       "-", "skipped", "", "no CUDA device"}));
    for (const ReportColumn* column : columnsIn(inFiles))
      if (column->kind && column->id != "run" && column->id != "threads" && column->id != "size" &&
          column->id != "runs_per_sample" && column->id != "attempts")
        QVERIFY2(!column->value(rows[7]) || *column->value(rows[7]) == 0,
                 std::string(column->id).c_str());
    QVERIFY(!columnsIn(inFiles)[6]->value(rows[7]));  // median_s
    QCOMPARE(cells(inConsole, rows[6])[12], std::string("no"));
  }

  // The FLOP rate and the intensity are numbers only where the kernel counts FLOPs (and, for
  // the intensity, bytes): a gap otherwise, never 0. The console shows them for such
  // problems only; files always have them.
  void flopColumnsAreGapsWhereNotCounted() {
    Run run = test::sampleRun();
    PointResult computeOnly = run.points[4];  // pi loop: counts no bytes
    computeOnly.flops = 4 * computeOnly.elements;
    computeOnly.flopsPerS = 4 * computeOnly.elementsPerS;
    run.points.push_back(computeOnly);
    const auto rows = buildRunRows(run);
    const auto column = [](std::string_view id) {
      for (const ReportColumn& c : reportColumns())
        if (c.id == id) return &c;
      throw std::logic_error("no column " + std::string(id));
    };
    const ReportColumn& rate = *column("flops_per_s");
    const ReportColumn& intensity = *column("intensity");
    QCOMPARE(rate.text(rows[0]), std::string("65.5 MFLOP/s"));
    QCOMPARE(*rate.value(rows[0]), 65536000.0);
    QCOMPARE(*intensity.value(rows[0]), 0.0625);  // 1 FLOP per 16 bytes
    QCOMPARE(intensity.text(rows[0]), std::string("0.0625 FLOP/B"));
    QVERIFY(!rate.value(rows[4]) && !intensity.value(rows[4]));  // pi counts none
    QCOMPARE(rate.text(rows[4]), std::string("-"));
    QCOMPARE(rate.text(rows[8]), std::string("381 MFLOP/s"));
    QVERIFY(!intensity.value(rows[8]));  // FLOPs but no bytes
    QCOMPARE(intensity.text(rows[8]), std::string("-"));
    QVERIFY(!rate.value(rows[6]) && !intensity.value(rows[6]));  // failed: no numbers

    const auto ids = [](const std::vector<const ReportColumn*>& columns) {
      std::vector<std::string_view> names;
      for (const ReportColumn* c : columns) names.push_back(c->id);
      return names;
    };
    const auto has = [](const std::vector<std::string_view>& names, std::string_view id) {
      return std::find(names.begin(), names.end(), id) != names.end();
    };
    QVERIFY(has(ids(consoleColumnsFor(rows[0])), "flops_per_s"));
    QVERIFY(has(ids(consoleColumnsFor(rows[0])), "intensity"));
    QVERIFY(!has(ids(consoleColumnsFor(rows[4])), "flops_per_s"));
    QVERIFY(!has(ids(consoleColumnsFor(rows[4])), "intensity"));
    QVERIFY(has(ids(columnsIn(inFiles)), "flops_per_s"));
    QVERIFY(has(ids(columnsIn(inFiles)), "flops"));
    QVERIFY(has(ids(columnsIn(inTable)), "intensity"));
  }

  // An end-to-end gpu row's FLOP rate is over its end-to-end time, as its bandwidth is.
  void endToEndFlopRate() {
    Run run = test::sampleRun();
    run.points[3].gpu->endToEndS = 0.0008;  // the kernel's median is 0.0002
    const auto rows = buildRunRows(run, {.baseline = "loop", .gpuTime = GpuTime::endToEnd});
    QCOMPARE(rows[3].flopsPerS, 262144 / 0.0008);
    QCOMPARE(rows[3].bytesPerS, 262144 * 16 / 0.0008);
  }

  void columnsAreDescribedOnce() {
    std::set<std::string_view> ids;
    for (const ReportColumn& column : reportColumns()) {
      QVERIFY2(ids.insert(column.id).second, std::string(column.id).c_str());
      QVERIFY(column.places != 0);
      QVERIFY(column.text != nullptr);
      QVERIFY2(!column.kind || column.value,
               std::string(column.id).c_str());  // numbers have values
      if (column.unit == "s") QCOMPARE(*column.kind, ValueKind::duration);
    }
    // The desktop table sorts "problem" by element count, not by its text.
    const ReportColumn& problem = *columnsIn(inTable)[1];
    QCOMPARE(problem.id, std::string_view("problem"));
    ReportRow small, large;
    small.size = 16 * 256 * 256;
    large.size = 1024ull * 1024 * 512;
    QVERIFY(*problem.value(small) < *problem.value(large));
  }

  // What a kernel reports is a column of its own in every printer, in the order the names first
  // appear over every run of the file: "name (unit)" where shown, name and unit as the other ids
  // in the files, "value_" before an id a column has already. A point without the value has an
  // empty cell, never 0; a failed one keeps what it reported (a plugin's abserr is what
  // explains a failed verification: it was dropped).
  void reportedValuesAreColumns() {
    Session session = test::sampleSession();
    std::vector<PointResult>& points = session.runs[0].points;
    points[0].values = {{"occupancy", "%", 84.5}, {"iterations", "", 12}};
    points[1].values = {{"iterations", "", 7}, {"flops", "", 0.0625}};
    points[6].values = {{"iterations", "", 3}};  // failed
    session.runs[1].points[0].values = {{"drift", "B/elem", -0.125}};
    const auto written = [&](ReportFormat format) {
      std::ostringstream out;
      writeReport(format, out, session.runs, {.baseline = "loop"});
      return out.str();
    };

    const std::string csv = written(ReportFormat::csv);
    std::istringstream lines(csv);
    std::vector<std::string> csvLines;
    for (std::string line; std::getline(lines, line);) csvLines.push_back(line);
    QVERIFY2(csvLines[0].ends_with(",benchmark,occupancy_pct,iterations,value_flops,"
                                   "drift_B_per_elem"),
             csv.c_str());
    QVERIFY2(csvLines[1].ends_with(",84.5,12,,"), csv.c_str());
    QVERIFY2(csvLines[2].ends_with(",,7,0.0625,"), csv.c_str());
    QVERIFY2(csvLines[3].ends_with(",,,,"), csv.c_str());
    QVERIFY2(csvLines[7].starts_with("1,pi,") && csvLines[7].ends_with(",,3,,"),  // failed
             csv.c_str());
    QVERIFY2(csvLines[9].starts_with("3,add,") && csvLines[9].ends_with(",,,,-0.125"), csv.c_str());

    const std::string console = written(ReportFormat::console);
    QVERIFY2(console.find("flags      occupancy (%)  iterations     flops  drift (B/elem)  note\n"
                          "loop  ") != std::string::npos,
             console.c_str());
    // Empty where a row has no value, before the note; the failed one's 3 iterations kept.
    QVERIFY2(console.find("ok                             84.5          12\n") != std::string::npos,
             console.c_str());
    QVERIFY2(console.find("ok         cold                               7    0.0625               "
                          "   AVX-512\n") != std::string::npos,
             console.c_str());
    const std::size_t fingerprint = console.find("fingerprint");
    const std::size_t lineStart = console.rfind('\n', fingerprint) + 1;
    const std::string failedLine = console.substr(lineStart, fingerprint - lineStart);
    QVERIFY2(failedLine.find(" failed ") != std::string::npos &&
                 failedLine.find(" 3 ") != std::string::npos,
             failedLine.c_str());

    const std::string markdown = written(ReportFormat::markdown);
    QVERIFY2(markdown.find("| flags | occupancy (%) | iterations | flops | drift (B/elem) | note "
                           "|\n") != std::string::npos,
             markdown.c_str());
    QVERIFY2(markdown.find("| ok |  | 84.5 | 12 |  |  |  |\n") != std::string::npos,
             markdown.c_str());

    const auto json = nlohmann::json::parse(written(ReportFormat::json));
    const auto& rows = json["runs"][0]["rows"];
    QCOMPARE(rows[0]["occupancy_pct"].get<double>(), 84.5);
    QCOMPARE(rows[0]["iterations"].get<double>(), 12.0);
    QVERIFY(rows[0]["value_flops"].is_null());
    QCOMPARE(rows[1]["value_flops"].get<double>(), 0.0625);
    QCOMPARE(rows[6]["iterations"].get<double>(), 3.0);
    QCOMPARE(json["runs"][1]["rows"][0]["drift_B_per_elem"].get<double>(), -0.125);
    QCOMPARE(rows[0]["flops"].get<std::uint64_t>(), std::uint64_t{262144});  // its own column

    // A value named as a column is shown is not that column: its header says so.
    session.runs[1].points[0].values = {{"speedup", "", 2}};
    QVERIFY2(written(ReportFormat::console).find("  value speedup  note\n") != std::string::npos,
             written(ReportFormat::console).c_str());
    QVERIFY2(written(ReportFormat::csv).find(",value_speedup\n") != std::string::npos,
             written(ReportFormat::csv).c_str());

    // Values that failed to come: empty cells, and the note says why.
    points[2].valuesMissing = "its report_values failed: cannot count";
    QVERIFY2(written(ReportFormat::console)
                     .find("no values: its report_values failed: cannot "
                           "count") != std::string::npos,
             written(ReportFormat::console).c_str());
  }

  // A run in progress: the kernel's declared values have their columns from the first row; a
  // name no one declared joins at the next table's header.
  void declaredValuesHaveColumnsFromTheFirstRow() {
    std::ostringstream out;
    const auto reporter =
        makeReporter(ReportFormat::console, out, {.values = {{"occupancy", "%", "of the SMs"}}});
    Run run = test::sampleRun();
    run.points[1].values = {{"iterations", "", 7}};
    run.points[4].values = {{"iterations", "", 9}};
    Run begun = run;
    begun.points.clear();
    reporter->begin(begun);
    for (const PointResult& point : run.points) reporter->point(point);
    const std::string text = out.str();
    const auto pi = text.find("pi 1e6 samples");
    QVERIFY2(pi != std::string::npos, text.c_str());
    QVERIFY2(text.find("flags      occupancy (%)  note\nloop") < pi, text.c_str());
    for (const char* later : {"flags      occupancy (%)  iterations  note\nloop",
                              "cut-short                          9\n"}) {
      const auto at = text.find(later);
      QVERIFY2(at != std::string::npos && at > pi, text.c_str());
    }
  }

  // Reported values' ids: the unit spelled as the other columns spell theirs.
  void valueIds_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("id");
    QTest::newRow("no unit") << "iterations"
                             << ""
                             << "iterations";
    QTest::newRow("percent") << "occupancy"
                             << "%"
                             << "occupancy_pct";
    QTest::newRow("per") << "rate"
                         << "GB/s"
                         << "rate_GB_per_s";
    QTest::newRow("per only") << "rate"
                              << "/s"
                              << "rate_per_s";
    QTest::newRow("micro") << "t"
                           << "\u00b5s"
                           << "t_s";
    QTest::newRow("symbols only") << "x"
                                  << "\u00b2"
                                  << "x";
    QTest::newRow("a built-in id") << "median"
                                   << "s"
                                   << "value_median_s";
  }
  void valueIds() {
    QFETCH(QString, name);
    QFETCH(QString, unit);
    QFETCH(QString, id);
    ValueColumns values;
    QVERIFY(values.add(std::vector<ReportedValue>{{name.toStdString(), unit.toStdString(), 1}}));
    QVERIFY(!values.add(std::vector<ReportedValue>{{name.toStdString(), "other", 2}}));
    const auto columns = values.placedIn({});
    QCOMPARE(columns.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(columns[0]->id), id);
    QCOMPARE(QString::fromStdString(columns[0]->header),
             unit.isEmpty() ? name : name + " (" + unit + ")");
  }

  // The scenario of issue 7: the same problem measured in two runs. Each run's speedups
  // come from its own baseline, never from the other run's.
  void runsNeverMix() {
    const Session session = test::sampleSession();
    const auto first = buildRunRows(session.runs[0]);
    const auto second = buildRunRows(session.runs[1]);
    QCOMPARE(second.size(), std::size_t{1});
    QCOMPARE(second[0].runId, 3);
    QCOMPARE(second[0].speedup, std::optional(1.0));  // its own loop, not run 1's
    QCOMPARE(first[0].speedup, std::optional(1.0));
    QCOMPARE(*first[1].speedup, 4.0);
  }

  // A baseline later in the sweep still gives every row its speedup in every printer.
  void baselineLaterInTheSweep() {
    const Run run = test::sampleRun();
    const std::string csv = report(ReportFormat::csv, {"", {run}}, "parallel");
    std::istringstream lines(csv);
    std::string line;
    std::getline(lines, line);  // header
    std::vector<std::string> addRows;
    while (std::getline(lines, line))
      if (line.starts_with("1,add,")) addRows.push_back(line);
    // The baseline runs on 2 threads here, so it is no baseline (speedups are over one thread):
    // every add row says so with an empty cell, none borrows a number.
    QCOMPARE(addRows.size(), std::size_t{4});
    for (const std::string& row : addRows)
      QVERIFY2(row.find(",,yes,ok,") != std::string::npos, row.c_str());
    const auto ordered = baselineFirst(run.points, "vectorized");
    QCOMPARE(ordered[0].point.variant, std::string("vectorized"));
    QCOMPARE(ordered[1].point.variant, std::string("loop"));
    QCOMPARE(ordered[4].point.kernel, std::string("pi"));
    const auto rows = buildReportRows(ordered, {}, {.baseline = "vectorized"});
    QCOMPARE(*rows[1].speedup, 0.25);  // loop, printed after its baseline
    const std::string console = report(ReportFormat::console, {"", {run}}, "vectorized");
    QVERIFY2(console.find("0.25x") != std::string::npos, console.c_str());
  }

  void jsonHasNullsForGaps() {
    const auto document = nlohmann::json::parse(report(ReportFormat::json, test::sampleSession()));
    QCOMPARE(document["format"].get<std::string>(), std::string("accellab-report"));
    QCOMPARE(document["runs"].size(), std::size_t{2});
    const auto& skipped = document["runs"][0]["rows"][7];
    QCOMPARE(skipped["status"].get<std::string>(), std::string("skipped"));
    QVERIFY(skipped["median_s"].is_null());
    QVERIFY(skipped["speedup"].is_null());
    QCOMPARE(document["runs"][0]["rows"][2]["flags"].get<std::string>(), std::string("unstable"));
    QCOMPARE(document["runs"][1]["rows"][0]["run"].get<int>(), 3);
  }

  void csvQuotesAndMarkdownEscapes() {
    Session session = test::sampleSession();
    session.runs.resize(1);
    session.runs[0].points.resize(1);
    session.runs[0].points[0].status = PointStatus::failed;
    session.runs[0].points[0].reason = "bad \"value\", see | here";
    const std::string csv = report(ReportFormat::csv, session);
    QVERIFY2(csv.find(",\"bad \"\"value\"\", see | here\",") != std::string::npos, csv.c_str());
    const std::string markdown = report(ReportFormat::markdown, session);
    QVERIFY2(markdown.find("| failed |  | bad \"value\", see \\| here |") != std::string::npos,
             markdown.c_str());
  }

  // OWASP's CSV injection: a text cell that a spreadsheet would run as a formula gets a
  // leading apostrophe; numbers stay numbers, a lone "-" stays, an infinity is an empty cell.
  void csvTextCannotBeAFormula() {
    Session session = test::sampleSession();
    session.runs.resize(1);
    session.runs[0].points.resize(2);
    session.runs[0].points[0].point.variant = "@SUM(A1)";
    session.runs[0].points[1].point.variant = "-2+3";
    session.runs[0].points[1].status = PointStatus::failed;
    session.runs[0].points[1].reason = "=HYPERLINK(\"http://x\")";
    session.runs[0].system.bandwidthCeilingBytesPerS = 1e-320;  // a % ceiling of inf
    const std::string csv = report(ReportFormat::csv, session, "@SUM(A1)");
    QVERIFY2(csv.find(",'@SUM(A1),") != std::string::npos, csv.c_str());
    QVERIFY2(csv.find(",'-2+3,") != std::string::npos, csv.c_str());
    QVERIFY2(csv.find(",\"'=HYPERLINK(\"\"http://x\"\")\",") != std::string::npos, csv.c_str());
    QVERIFY2(csv.find("inf") == std::string::npos, csv.c_str());
    QVERIFY2(csv.find(",'-,") == std::string::npos, csv.c_str());  // a placeholder stays one
  }

  // An imported benchmark's own name in the files: the plain name AccelLab maps it to may
  // carry a hash, the benchmark column says which benchmark it was.
  void filesNameTheImportedBenchmark() {
    Session session = test::sampleSession();
    session.runs.resize(1);
    session.runs[0].points.resize(1);
    session.runs[0].points[0].point.originalName = "BM a/1";
    const std::string csv = report(ReportFormat::csv, session);
    QVERIFY2(csv.find(",BM a/1\n") != std::string::npos, csv.c_str());
    const std::string json = report(ReportFormat::json, session);
    QVERIFY2(json.find("\"benchmark\": \"BM a/1\"") != std::string::npos, json.c_str());
  }

  // A Chinese name takes two terminal columns a character: the rows stay aligned.
  void wideNamesKeepTheColumnsAligned() {
    Session session = test::sampleSession();
    session.runs.resize(1);
    session.runs[0].points.resize(2);
    session.runs[0].points[1] = session.runs[0].points[0];
    session.runs[0].points[1].point.variant = "\u5411\u91cf";  // "vector", 2 wide characters
    const std::string console = report(ReportFormat::console, session);
    // The column where each row's median ends, in terminal columns.
    const auto widthTo = [](const std::string& line, std::size_t bytes) {
      std::size_t width = 0;
      for (std::size_t i = 0; i < bytes; ++i) {
        const auto c = static_cast<unsigned char>(line[i]);
        if ((c & 0xC0) != 0x80) width += c >= 0xE3 && c <= 0xE9 ? 2 : 1;
      }
      return width;
    };
    std::vector<std::size_t> ends;
    std::istringstream lines(console);
    for (std::string line; std::getline(lines, line);) {
      const auto ms = line.find(" ms ");
      if (ms != std::string::npos) ends.push_back(widthTo(line, ms));
    }
    QCOMPARE(ends.size(), std::size_t{2});
    QCOMPARE(ends[0], ends[1]);
  }

  // Text from a session is escaped in every printer: no control character reaches the output,
  // every row stays one line, and the console's columns count what is printed.
  void hostileTextIsEscaped_data() {
    QTest::addColumn<ReportFormat>("format");
    QTest::addColumn<QString>("expected");
    QTest::newRow("console")
        << ReportFormat::console
        << QString::fromUtf8(
               "\n"
               "Run 1: evil\\x1B[2J\\rrun\\nfake\n"
               "\n"
               "add\\x1B[31m 64x64x64 f64\n"
               "variant       threads     median      ± MAD  first call   throughput     bandwid"
               "th  % ceiling     FLOP rate      intensity  cores   speedup  verified  status   "
               "  flags      note\n"
               "loop                1    4.00 ms     100 µs     8.00 ms     65.5 M/s     1.05 GB"
               "/s      5.2 %  65.5 MFLOP/s  0.0625 FLOP/B   0.99     1.00x  yes       ok\n"
               "v\\r\\n|\"x\",y         1          -          -           -            -        "
               "     -          -             -              -      -         -  yes       faile"
               "d                line one\\nline two | \"quoted\", \\x7F\\u009B\\xFF\n");
    QTest::newRow("csv")
        << ReportFormat::csv
        << QString::fromUtf8(
               "run,kernel,problem,size,variant,threads,median_s,mad_s,first_call_s,elements_per"
               "_s,bytes_per_s,ceiling_fraction,flops_per_s,intensity,cores_used,speedup,verifie"
               "d,status,flags,cpu_s,page_faults_per_call,first_call_page_faults,context_switches"
               "_per_call,cpu_migrations_per_call,cycles_per_call,instructions_per_call,cache_mis"
               "ses_per_call,l1d_load_misses_per_call,branch_misses_per_call,min_s,mean_s,stddev_"
               "s,ci95_low_s,ci95_high_s,outliers,samples,runs_per_sample,attempts,elements,bytes"
               ",flops,reason,isa,gpu_kernel_s,gpu_h2d_s,gpu_d2h_s,gpu_end_to_end_s,benchmark\n"
               "1,add\\x1B[31m,64x64x64 f64,262144,loop,1,0.004,0.00010000000000000026,0.008,655"
               "36000,1048576000,0.0524288,65536000,0.0625,0.99,1,yes,ok,,0.00396,,,,,,,,,,0.0039,"
               "0.00403"
               "3333333333333,0.0001527525231651946,0.0039,0.0042,0,3,1,1,262144,4194304,262144,"
               ",,,,,,\n"
               "1,add\\x1B[31m,64x64x64 f64,262144,\"v\\r\\n|\"\"x\"\",y\",1,,,,,,,,,,,yes,faile"
               "d,,,,,,,,,,,,,,,,,0,3,1,1,262144,4194304,262144,\"line one\\nline two | "
               "\"\"quoted\"\", "
               "\\x7F\\u009B\\xFF\",AVX3,,,,,\n");
    QTest::newRow("markdown")
        << ReportFormat::markdown
        << QString::fromUtf8(
               "# AccelLab results\n"
               "\n"
               "## Run 1: evil\\\\x1B[2J\\\\rrun\\\\nfake\n"
               "\n"
               "CPU\\\\x1B]0;owned\\\\x07 \\| x, 2 logical cores, bandwidth ceiling 20.0 GB/s\n"
               "\n"
               "### add\\\\x1B[31m 64x64x64 f64\n"
               "\n"
               "| variant | threads | median | ± MAD | first call | throughput | bandwidth | % c"
               "eiling | FLOP rate | intensity | cores | speedup | verified | status | flags | n"
               "ote |\n"
               "| :-- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | :-- | "
               ":-- | :-- | :-- |\n"
               "| loop | 1 | 4.00 ms | 100 µs | 8.00 ms | 65.5 M/s | 1.05 GB/s | 5.2 % | 65.5 MF"
               "LOP/s | 0.0625 FLOP/B | 0.99 | 1.00x | yes | ok |  |  |\n"
               "| v\\\\r\\\\n\\|\"x\",y | 1 | - | - | - | - | - | - | - | - | - | - | yes | fail"
               "ed |  | line one\\\\nline two \\| \"quoted\", \\\\x7F\\\\u009B\\\\xFF |\n");
  }
  void hostileTextIsEscaped() {
    QFETCH(ReportFormat, format);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(report(format, hostileSession())), expected);
  }

  // JSON keeps the text as it is, escaped by the JSON writer; a byte that is not UTF-8 reads
  // back as U+FFFD instead of failing the whole file.
  void hostileTextInJson() {
    const std::string json = report(ReportFormat::json, hostileSession());
    QVERIFY(std::ranges::none_of(json, [](char c) { return c >= 0 && c < 0x20 && c != '\n'; }));
    const auto document = nlohmann::json::parse(json);
    const Run run = hostileSession().runs[0];
    QCOMPARE(document["runs"][0]["name"].get<std::string>(), run.name);
    const auto& row = document["runs"][0]["rows"][1];
    QCOMPARE(row["kernel"].get<std::string>(), run.points[1].point.kernel);
    QCOMPARE(row["variant"].get<std::string>(), run.points[1].point.variant);
    QCOMPARE(row["reason"].get<std::string>(),
             std::string("line one\nline two | \"quoted\", \x7f\xc2\x9b\xef\xbf\xbd"));
  }

  // Rows stream as they arrive and the JSON is written row by row: it must still be exactly
  // the document nlohmann's dump(2) writes, for no run, a run without points and many runs.
  void jsonIsItsOwnPrettyPrint_data() {
    QTest::addColumn<int>("runs");
    QTest::addColumn<int>("points");
    QTest::newRow("no run") << 0 << 0;
    QTest::newRow("a run without points") << 1 << 0;
    QTest::newRow("two runs") << 2 << 8;
  }
  void jsonIsItsOwnPrettyPrint() {
    QFETCH(int, runs);
    QFETCH(int, points);
    Session session = test::sampleSession();
    session.runs.resize(static_cast<std::size_t>(runs));
    for (Run& run : session.runs) run.points.resize(static_cast<std::size_t>(points));
    const std::string json = report(ReportFormat::json, session);
    const auto document = nlohmann::ordered_json::parse(json);
    QCOMPARE(json, document.dump(2) + "\n");
    QCOMPARE(document["runs"].size(), session.runs.size());
  }

  // The size of one problem group once made every row cost the whole group so far: 1000
  // points took 0.5 s, 10 000 more than 300 s. 20 000 points now take well under a second;
  // the bound is generous, to catch a return to quadratic time, not to time the machine.
  void oneLargeGroupIsLinear() {
    const Run run = test::largeGroupRun(20000);
    std::string json;
    const auto start = std::chrono::steady_clock::now();
    for (ReportFormat format :
         {ReportFormat::console, ReportFormat::csv, ReportFormat::markdown, ReportFormat::json}) {
      json = report(format, {"", {run}});
      QVERIFY(json.size() > 20000 * 50);
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    QVERIFY2(elapsed.count() < 10, std::to_string(elapsed.count()).c_str());
    // The rows printed as they streamed are the rows of the whole run.
    const auto printed = nlohmann::json::parse(json)["runs"][0]["rows"];
    const auto rows =
        buildReportRows(baselineFirst(run.points, "loop"), ceilingsOf(run.system), {}, run.id);
    QCOMPARE(printed.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      QCOMPARE(printed[i]["variant"].get<std::string>(), rows[i].variant);
      QCOMPARE(printed[i]["speedup"].get<double>(), rows[i].speedup.value());
    }
  }
};

QTEST_APPLESS_MAIN(TestReport)
#include "tst_report.moc"
