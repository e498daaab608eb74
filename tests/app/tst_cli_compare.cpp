// accellab-cli compare as a CI gate uses it: exit 0 when nothing got slower, 1 when a point
// did, 2 with one clear line for bad input; FILE#ID picks runs; the exports are the engine's
// comparison, written whole.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <sstream>

#include "accellab/compare_report.h"
#include "cli_process.h"
#include "sample_comparison.h"

using namespace accellab;
using test::CliResult;
using test::runCli;

namespace {

// The base run with its parallel point 20 % faster and nothing else changed.
Run fasterRun() {
  Run run = test::baseRun();
  run.points[2] = test::timed(run.points[2].point, test::samplesAround(0.4e-3));
  return run;
}

}  // namespace

class TestCliCompare : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void exitCodes_data();
  void exitCodes();
  void badInputIsRefused_data();
  void badInputIsRefused();
  void idsPickRunsOfOneFile();
  void latestRunIsTheDefault();
  void exportsAreTheEnginesComparison();
  void aGateThatComparedNothingFails();
  void help();

 private:
  QString path(const QString& name) const { return dir_.filePath(name); }

  QTemporaryDir dir_;
};

void TestCliCompare::initTestCase() {
  QVERIFY(dir_.isValid());
  const auto write = [&](const char* name, std::vector<Run> runs) {
    writeSessionFile({"2026-12-01T10:00:00Z", std::move(runs)}, path(name).toStdString());
  };
  write("base.json", {test::baseRun()});
  write("new.json", {test::newRun()});
  write("faster.json", {fasterRun()});
  write("both.json", {test::baseRun(), test::newRun()});  // runs 1 and 2
  write("empty.json", {});
  QFile truncated(path("truncated.json"));
  QVERIFY(truncated.open(QIODevice::WriteOnly));
  truncated.write(R"({"format": "accellab-session", "version": 2, "ru)");
}

void TestCliCompare::exitCodes_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<int>("exitCode");
  QTest::addColumn<QString>("summary");
  const QString base = path("base.json");
  QTest::newRow("a point slower") << QStringList{base, path("new.json")} << 1
                                  << "Summary: 1 faster, 1 slower, 3 no significant change, "
                                     "2 not comparable, 1 only in base, 1 only in new";
  QTest::newRow("against itself") << QStringList{base, base} << 0
                                  << "Summary: 6 no significant change, 2 not comparable";
  QTest::newRow("only faster") << QStringList{base, path("faster.json")} << 0
                               << "Summary: 1 faster, 5 no significant change, 2 not comparable";
  QTest::newRow("threshold 30 %") << QStringList{base, path("new.json"), "--threshold", "30%"} << 0
                                  << "Summary: 5 no significant change";
  const QString gbench = QStringLiteral(ACCELLAB_TEST_DATA_DIR "/gbench/tiny.json");
  QTest::newRow("Google Benchmark JSON")
      << QStringList{gbench, gbench} << 0 << "Summary: 3 no significant change, 1 not comparable";
  QTest::newRow("one of two slower")
      << QStringList{base, path("faster.json"), path("new.json")} << 1 << "1 slower";
}

void TestCliCompare::exitCodes() {
  QFETCH(QStringList, args);
  QFETCH(int, exitCode);
  QFETCH(QString, summary);
  const CliResult r = runCli(QStringList{"compare"} + args);
  QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
  QCOMPARE(r.exitCode, exitCode);
  QVERIFY2(r.out.contains(summary), qPrintable(r.out));
  // One table per NEW, each against BASE.
  QCOMPARE(r.out.count("Summary: "), args.filter(QRegularExpression("\\.json$")).size() - 1);
}

void TestCliCompare::badInputIsRefused_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("message");
  const QString base = path("base.json");
  const QString both = path("both.json");
  QTest::newRow("nothing") << QStringList{} << "missing BASE";
  QTest::newRow("no NEW") << QStringList{base} << "missing NEW";
  QTest::newRow("missing file") << QStringList{base, path("absent.json")} << "absent.json";
  QTest::newRow("missing file with id")
      << QStringList{path("absent.json#2"), base} << "absent.json";
  QTest::newRow("not a session") << QStringList{base, path("truncated.json")} << "truncated.json";
  QTest::newRow("no id") << QStringList{base, both + "#"}
                         << "both.json#': no run id after '#' (e.g. " + both + "#2)";
  QTest::newRow("bad id") << QStringList{both + "#two", base} << "'two' is not a run id";
  QTest::newRow("id 0") << QStringList{base, both + "#0"} << "'0' is not a run id";
  QTest::newRow("negative id") << QStringList{base, both + "#-1"} << "'-1' is not a run id";
  QTest::newRow("huge id") << QStringList{base, both + "#99999999999"}
                           << "'99999999999' is not a run id";
  QTest::newRow("absent id") << QStringList{base, both + "#7"}
                             << "both.json has no run 7 (its runs: 1, 2)";
  QTest::newRow("no file") << QStringList{base, "#2"} << "'#2': no session file before '#'";
  QTest::newRow("no runs") << QStringList{base, path("empty.json")} << "empty.json holds no runs";
  QTest::newRow("latest against itself")
      << QStringList{both, both}
      << "BASE and NEW are both the latest run of " + both + " (" + both +
             "#2): name the runs to compare, e.g. " + both + "#1 " + both + "#2 (its runs: 1, 2)";
  QTest::newRow("alpha 1.5") << QStringList{base, base, "--alpha", "1.5"} << "--alpha";
  QTest::newRow("alpha 0") << QStringList{base, base, "--alpha", "0"} << "--alpha";
  QTest::newRow("threshold") << QStringList{base, base, "--threshold", "fast"} << "--threshold";
  QTest::newRow("seed") << QStringList{base, base, "--seed", "-1"} << "--seed";
  QTest::newRow("csv dir missing")
      << QStringList{base, base, "--csv", "/nonexistent-dir/c.csv"} << "cannot write";
  // Checked before the sessions are read: nothing is compared for an export that cannot be.
  QTest::newRow("csv a device") << QStringList{base, base, "--csv", "/dev/null"}
                                << "--csv: cannot write /dev/null: it is a device";
  QTest::newRow("markdown empty") << QStringList{base, base, "--markdown="}
                                  << "--markdown: cannot write a file with an empty name";
  QTest::newRow("json and csv one file")
      << QStringList{base, base, "--json", path("c.out"), "--csv", path("c.out")}
      << "--csv and --json both name";
}

void TestCliCompare::badInputIsRefused() {
  QFETCH(QStringList, args);
  QFETCH(QString, message);
  const CliResult r = runCli(QStringList{"compare"} + args);
  QCOMPARE(r.exitCode, 2);
  QVERIFY2(r.err.startsWith("accellab-cli: error: "), qPrintable(r.err));
  QVERIFY2(r.err.trimmed().count('\n') == 0, qPrintable(r.err));
  QVERIFY2(r.err.contains(message), qPrintable(r.err));
  QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
}

void TestCliCompare::idsPickRunsOfOneFile() {
  const QString both = path("both.json");
  const CliResult forward = runCli({"compare", both + "#1", both + "#2"});
  QCOMPARE(forward.exitCode, 1);
  QVERIFY2(forward.out.startsWith("Base:     " + both + "#1, run 1 \"run 1\""),
           qPrintable(forward.out));
  QVERIFY(forward.out.contains("New:      " + both + "#2, run 2 \"run 2\""));
  QVERIFY(!forward.out.contains("Note:"));
  // Backwards the faster parallel point is the slower one.
  const CliResult backward = runCli({"compare", both + "#2", both + "#1"});
  QCOMPARE(backward.exitCode, 1);
  QVERIFY(backward.out.contains("1 faster, 1 slower"));
}

// FILE alone is its latest run, and the output says so when the file holds others.
void TestCliCompare::latestRunIsTheDefault() {
  const QString both = path("both.json");
  const CliResult r = runCli({"compare", both + "#1", both});
  QCOMPARE(r.exitCode, 1);
  QVERIFY2(r.out.startsWith("Note: " + both + " holds 2 runs; comparing its latest, " + both +
                            "#2 (name another as FILE#ID)\n"),
           qPrintable(r.out));
  // A file of one run needs no note.
  QVERIFY(!runCli({"compare", path("base.json"), path("new.json")}).out.contains("Note:"));
}

void TestCliCompare::exportsAreTheEnginesComparison() {
  const QString base = path("base.json");
  const QString next = path("new.json");
  const CliResult r = runCli({"compare", base, next, "--seed", "7", "--csv", path("c.csv"),
                              "--markdown", path("c.md"), "--json", path("c.json")});
  QCOMPARE(r.exitCode, 1);

  Comparison comparison = compareRuns(test::baseRun(), test::newRun(), {.seed = 7});
  comparison.baseRun.source = (base + "#1").toStdString();
  comparison.newRun.source = (next + "#2").toStdString();
  const auto written = [&](ReportFormat format) {
    std::ostringstream out;
    writeComparisons(out, format, std::vector{comparison});
    return QString::fromStdString(out.str());
  };
  QCOMPARE(test::readText(path("c.csv")), written(ReportFormat::csv));
  QCOMPARE(test::readText(path("c.md")), written(ReportFormat::markdown));
  QCOMPARE(test::readText(path("c.json")), written(ReportFormat::json));
  QCOMPARE(r.out, written(ReportFormat::console));

  // Read back as a consumer would: the CSV's columns and the JSON's values.
  const QStringList lines = test::readText(path("c.csv")).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), 1 + static_cast<qsizetype>(comparison.rows.size()));
  const QStringList header = lines[0].split(',');
  const QStringList slower = lines[2].split(',');
  QCOMPARE(slower[header.indexOf("verdict")], QString("slower"));
  QCOMPARE(slower[header.indexOf("ratio")].toDouble(), 1.25);
  QCOMPARE(slower[header.indexOf("new")], next + "#2");
  const QJsonObject json =
      QJsonDocument::fromJson(test::readText(path("c.json")).toUtf8()).object();
  const QJsonObject first = json["comparisons"].toArray()[0].toObject();
  QCOMPARE(first["options"].toObject()["seed"].toInt(), 7);
  QCOMPARE(first["summary"].toObject()["slower"].toInt(), 1);
  QCOMPARE(first["rows"].toArray()[1].toObject()["p_value"].toDouble(), *comparison.rows[1].pValue);
}

// Two runs without a point in common: the table says so, and the gate does not pass.
void TestCliCompare::aGateThatComparedNothingFails() {
  const QString gbench = QStringLiteral(ACCELLAB_TEST_DATA_DIR "/gbench/tiny.json");
  const CliResult r = runCli({"compare", path("base.json"), gbench});
  QCOMPARE(r.exitCode, 2);
  QVERIFY2(r.err.contains("error: nothing was compared: no point of "), qPrintable(r.err));
  QVERIFY2(r.out.contains("only in base") && r.out.contains("only in new"), qPrintable(r.out));
  // One NEW that compared something does not hide another that compared nothing.
  const CliResult mixed = runCli({"compare", path("base.json"), path("new.json"), gbench});
  QCOMPARE(mixed.exitCode, 2);
}

void TestCliCompare::help() {
  const CliResult r = runCli({"compare", "--help"});
  QCOMPARE(r.exitCode, 0);
  QVERIFY(r.out.startsWith("usage: accellab-cli compare BASE NEW [NEW...]"));
  QVERIFY(r.out.contains("--threshold PERCENT"));
  QVERIFY(runCli({"--help"}).out.contains("compare"));
}

QTEST_GUILESS_MAIN(TestCliCompare)
#include "tst_cli_compare.moc"
