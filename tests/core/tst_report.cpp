// Report rows and the three reporters' exact output.
#include <QtTest>
#include <fstream>
#include <sstream>

#include "accellab/report.h"
#include "sample_session.h"

using namespace accellab;
Q_DECLARE_METATYPE(ReportFormat)

namespace {

std::string readData(const std::string& name) {
  std::ifstream in(std::filesystem::path(ACCELLAB_TEST_DATA_DIR) / name, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string report(ReportFormat format, const Session& session,
                   const std::string& baseline = "loop") {
  std::ostringstream out;
  const auto reporter = makeReporter(format, out, {.baseline = baseline});
  reporter->begin(session.system);
  for (const auto& point : session.points) reporter->point(point);
  reporter->end();
  return out.str();
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
  }
  void reporterGolden() {
    QFETCH(ReportFormat, format);
    QFETCH(QString, golden);
    const std::string expected = readData(golden.toStdString());
    QVERIFY(!expected.empty());
    QCOMPARE(report(format, test::sampleSession()), expected);
  }

  void consoleStreamsRowByRow() {
    std::ostringstream out;
    const auto reporter = makeReporter(ReportFormat::console, out);
    const Session session = test::sampleSession();
    reporter->begin(session.system);
    reporter->point(session.points[0]);
    QVERIFY(
        out.str().ends_with("loop                1    4.00 ms     100 µs     65.5 M/s     1.05 "
                            "GB/s      5.2 %     1.00x  yes       ok\n"));
    reporter->point(session.points[1]);
    QVERIFY(out.str().ends_with("4.00x  yes       ok         AVX3\n"));
  }

  void rows() {
    const Session session = test::sampleSession();
    const auto rows = buildReportRows(session.points, {20e9, 4e12});
    QCOMPARE(rows.size(), session.points.size());
    QCOMPARE(rows[0].group, std::string("add 64x64x64 f64"));
    QCOMPARE(rows[0].speedup, std::optional(1.0));
    QCOMPARE(*rows[1].speedup, 4.0);
    QCOMPARE(*rows[2].speedup, 8.0);
    QCOMPARE(rows[2].threads, 2);
    QCOMPARE(*rows[2].ceilingFraction, 8388608000 / 20e9);
    QCOMPARE(rows[2].spreadS, session.points[2].stats.madS);
    QCOMPARE(rows[3].note, std::string("kernel only; kernel 10.0 µs, h2d 100 µs, d2h 90.0 µs; "
                                       "pageable h2d 300 µs, d2h 250 µs"));
    // The gpu row is held against the GPU's own copy ceiling.
    QCOMPARE(*rows[3].ceilingFraction, session.points[3].bytesPerS / 4e12);
    QCOMPARE(rows[3].medianS, session.points[3].stats.medianS);
    QCOMPARE(rows[4].group, std::string("pi 1e6 samples"));
    QVERIFY(!rows[4].ceilingFraction);  // pi moves no bytes
    QVERIFY(!rows[5].speedup);          // cancelled
    QVERIFY(!rows[6].speedup);          // failed
    QCOMPARE(rows[6].note, session.points[6].reason);
    QCOMPARE(rows[7].medianS, 0.0);
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

  void formattedCells() {
    QCOMPARE(reportHeaders().size(), std::size_t{11});
    const auto rows = buildReportRows(test::samplePoints(), {20e9, 4e12});
    QCOMPARE(formatReportRow(rows[7]),
             (std::vector<std::string>{"gpu", "1", "-", "-", "-", "-", "-", "-", "-", "skipped",
                                       "no CUDA device"}));
    QCOMPARE(formatReportRow(rows[6])[8], std::string("no"));
  }

  void csvQuotesAndMarkdownEscapes() {
    Session session = test::sampleSession();
    session.points.resize(1);
    session.points[0].status = PointStatus::failed;
    session.points[0].reason = "bad \"value\", see | here";
    const std::string csv = report(ReportFormat::csv, session);
    QVERIFY2(csv.find(",failed,\"bad \"\"value\"\", see | here\",0.004,") != std::string::npos,
             csv.c_str());
    const std::string markdown = report(ReportFormat::markdown, session);
    QVERIFY2(markdown.find("| failed | bad \"value\", see \\| here |") != std::string::npos,
             markdown.c_str());
  }
};

QTEST_APPLESS_MAIN(TestReport)
#include "tst_report.moc"
