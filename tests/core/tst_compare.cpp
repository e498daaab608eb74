// Comparing runs: matching, verdicts and their notes, and the printers' exact output.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <fstream>
#include <set>
#include <sstream>

#include "accellab/compare_report.h"
#include "sample_comparison.h"

using namespace accellab;
Q_DECLARE_METATYPE(ReportFormat)
Q_DECLARE_METATYPE(Verdict)
Q_DECLARE_METATYPE(Params)

namespace {

std::string readData(const std::string& name) {
  std::ifstream in(std::filesystem::path(ACCELLAB_TEST_DATA_DIR) / name, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const ComparisonRow* findRow(const Comparison& comparison, const std::string& kernel,
                             const std::string& variant, const Params& params) {
  for (const ComparisonRow& row : comparison.rows) {
    if (row.point.kernel == kernel && row.point.variant == variant && row.point.params == params)
      return &row;
  }
  return nullptr;
}

Comparison sampleComparison() {
  Comparison comparison = compareRuns(test::baseRun(), test::newRun());
  comparison.baseRun.source = "base.json";
  comparison.newRun.source = "new.json#2";
  return comparison;
}

std::string written(ReportFormat format, const std::vector<Comparison>& comparisons) {
  std::ostringstream out;
  writeComparisons(out, format, comparisons);
  return out.str();
}

// Two runs whose names, sources and machine hold terminal escapes, line breaks and pipes.
Comparison hostileComparison() {
  Run base = test::baseRun();
  Run next = test::newRun();
  base.points.resize(2);
  next.points.resize(2);
  for (Run* run : {&base, &next}) {
    run->points[0].point.kernel = run->points[1].point.kernel = "add\x1b";
    run->points[1].point.variant = "vec\x1b[2J|\r\n";
  }
  next.system.cpuModel = "Other\x1b[2J\nCPU";
  Comparison comparison = compareRuns(base, next);
  comparison.baseRun.source = "base\n.json";
  comparison.newRun.source = "new|.json";
  return comparison;
}

}  // namespace

class TestCompare : public QObject {
  Q_OBJECT

 private slots:
  void verdicts_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<Params>("params");
    QTest::addColumn<Verdict>("verdict");
    QTest::addColumn<QString>("note");
    const auto row = [](const char* name, const char* kernel, const char* variant,
                        const Params& params, Verdict verdict, const char* note) {
      QTest::newRow(name) << QString(kernel) << QString(variant) << params << verdict
                          << QString::fromUtf8(note);
    };
    using test::kAdd, test::kAddLarge, test::kPi;
    row("same", "add", "loop", kAdd, Verdict::unchanged, "new unstable");
    row("25 % slower", "add", "vectorized", kAdd, Verdict::slower, "");
    row("20 % faster", "add", "parallel", kAdd, Verdict::faster, "");
    row("skipped in base", "add", "gpu", kAdd, Verdict::notComparable,
        "base skipped (no CUDA device)");
    row("new variant", "add", "loop-strided", kAdd, Verdict::onlyInNew, "");
    row("size dropped", "add", "loop", kAddLarge, Verdict::onlyInBase, "");
    row("2 % is below the threshold", "pi", "loop", kPi, Verdict::unchanged, "");
    row("too few samples", "pi", "vectorized", kPi, Verdict::unchanged,
        "3 + 3 samples cannot reach p < 0.05");
    row("failed in base", "pi", "parallel", kPi, Verdict::notComparable,
        "base failed (fingerprint 785401 differs from loop's 785402)");
  }
  void verdicts() {
    QFETCH(QString, kernel);
    QFETCH(QString, variant);
    QFETCH(Params, params);
    QFETCH(Verdict, verdict);
    QFETCH(QString, note);
    const Comparison comparison = compareRuns(test::baseRun(), test::newRun());
    const ComparisonRow* row =
        findRow(comparison, kernel.toStdString(), variant.toStdString(), params);
    QVERIFY(row);
    QCOMPARE(toString(row->verdict), toString(verdict));
    QCOMPARE(QString::fromStdString(row->note), note);
    const bool comparable =
        verdict == Verdict::faster || verdict == Verdict::slower || verdict == Verdict::unchanged;
    QCOMPARE(row->ratio.has_value(), comparable);
    QCOMPARE(row->pValue.has_value(), comparable);
    QCOMPARE(row->baseSide.has_value(), verdict != Verdict::onlyInNew);
    QCOMPARE(row->newSide.has_value(), verdict != Verdict::onlyInBase);
  }

  void slowerRowCarriesItsNumbers() {
    const Comparison comparison = compareRuns(test::baseRun(), test::newRun());
    const ComparisonRow& row = *findRow(comparison, "add", "vectorized", test::kAdd);
    QCOMPARE(*row.ratio, 1.25);
    QCOMPARE(row.baseSide->medianS, test::baseRun().points[1].stats.medianS);
    QCOMPARE(row.newSide->samples, std::size_t{10});
    // Ten samples each, none overlapping: the smallest p of the asymptotic test.
    QVERIFY(*row.pValue < 0.001);
    QVERIFY(row.ratioCi95->low > 1.05 && row.ratioCi95->high < 1.5);
    QVERIFY(row.ratioCi95->low <= 1.25 && 1.25 <= row.ratioCi95->high);
  }

  // --time cpu compares the CPU time of the same samples: a library that started using a
  // second core is slower in CPU time where the wall time did not change; a point stored
  // without CPU time is not comparable, and says why.
  void cpuTimeComparesTheCoresUsed() {
    Run base = test::baseRun();
    Run next = test::baseRun();
    next.id = 2;
    base.points.resize(1);
    next.points.resize(1);
    const auto withCores = [](PointResult& p, double cores) {
      CpuUse cpu;
      for (const double s : p.samplesS) cpu.samplesS.push_back(s * cores);
      cpu.medianS = p.stats.medianS * cores;
      cpu.cores = cores;
      p.cpu = cpu;
    };
    withCores(base.points[0], 1.0);
    withCores(next.points[0], 1.9);
    const CompareOptions cpu{.time = CompareTime::cpu};
    QCOMPARE(toString(compareRuns(base, next).rows[0].verdict), toString(Verdict::unchanged));
    const ComparisonRow row = compareRuns(base, next, cpu).rows[0];
    QCOMPARE(toString(row.verdict), toString(Verdict::slower));
    QVERIFY(std::abs(*row.ratio - 1.9) < 1e-9);
    QCOMPARE(row.newSide->medianS, next.points[0].cpu->medianS);
    next.points[0].cpu.reset();
    const ComparisonRow unmeasured = compareRuns(base, next, cpu).rows[0];
    QCOMPARE(toString(unmeasured.verdict), toString(Verdict::notComparable));
    QCOMPARE(unmeasured.note, std::string("new CPU time not measured"));
    QCOMPARE(parseCompareTime("cpu"), std::optional(CompareTime::cpu));
    QVERIFY(!parseCompareTime("user"));
  }

  // The base's order, a point only in the new run after the rows of its group.
  void rowsKeepTheSweepOrder() {
    const Comparison comparison = compareRuns(test::baseRun(), test::newRun());
    std::vector<std::string> order;
    for (const ComparisonRow& row : comparison.rows)
      order.push_back(describe(row.point.params) + " " + row.point.variant);
    const std::vector<std::string> expected = {
        "64x64x64 f64 loop", "64x64x64 f64 vectorized",   "64x64x64 f64 parallel",
        "64x64x64 f64 gpu",  "64x64x64 f64 loop-strided", "128x128x128 f64 loop",
        "1e6 samples loop",  "1e6 samples vectorized",    "1e6 samples parallel"};
    QCOMPARE(order, expected);
    QCOMPARE(summaryText(comparison),
             std::string("1 faster, 1 slower, 3 no significant change, 2 not comparable, "
                         "1 only in base, 1 only in new"));
  }

  void runAgainstItselfShowsNoChange() {
    const Run run = test::newRun();
    const Comparison comparison = compareRuns(run, run);
    QCOMPARE(comparison.rows.size(), run.points.size());
    QVERIFY(comparison.warnings.empty());
    for (const ComparisonRow& row : comparison.rows) {
      QCOMPARE(toString(row.verdict), toString(Verdict::unchanged));
      QCOMPARE(*row.ratio, 1.0);
      QCOMPARE(*row.pValue, 1.0);
      QVERIFY(row.ratioCi95->low <= 1 && row.ratioCi95->high >= 1);
    }
    QCOMPARE(summaryText(comparison), std::string("8 no significant change"));
  }

  // Significance needs all three: p below alpha, a change beyond the threshold, and the
  // interval on the same side of 1.
  void optionsMoveTheVerdict_data() {
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("threshold");
    QTest::addColumn<Verdict>("vectorized");
    QTest::addColumn<Verdict>("piLoop");
    QTest::newRow("defaults") << 0.05 << 0.05 << Verdict::slower << Verdict::unchanged;
    QTest::newRow("threshold 1 %") << 0.05 << 0.01 << Verdict::slower << Verdict::slower;
    QTest::newRow("threshold 30 %") << 0.05 << 0.30 << Verdict::unchanged << Verdict::unchanged;
    QTest::newRow("alpha 1e-6") << 1e-6 << 0.01 << Verdict::unchanged << Verdict::unchanged;
  }
  void optionsMoveTheVerdict() {
    QFETCH(double, alpha);
    QFETCH(double, threshold);
    QFETCH(Verdict, vectorized);
    QFETCH(Verdict, piLoop);
    const Comparison comparison =
        compareRuns(test::baseRun(), test::newRun(), {.alpha = alpha, .threshold = threshold});
    QCOMPARE(toString(findRow(comparison, "add", "vectorized", test::kAdd)->verdict),
             toString(vectorized));
    QCOMPARE(toString(findRow(comparison, "pi", "loop", test::kPi)->verdict), toString(piLoop));
  }

  // Two clusters of samples, the new run's 10 % above the base's: the U test sees the shift
  // (p < 0.01), but the median sits on the edge between the clusters, so the bootstrap
  // interval of the ratio spans both and includes 1. Not a finding to gate on.
  void intervalMustAgreeWithTheDirection() {
    std::vector<double> base;
    for (int i = 0; i < 9; ++i) base.push_back(1.0 + i * 0.01);
    for (int i = 0; i < 10; ++i) base.push_back(2.0 + i * 0.01);
    std::vector<double> next;
    for (double s : base) next.push_back(s * 1.1);
    const Run a = test::comparedRun(1, "", {test::timed({"add", "loop", test::kAdd, 1}, base)});
    const Run b = test::comparedRun(2, "", {test::timed({"add", "loop", test::kAdd, 1}, next)});
    const ComparisonRow row = compareRuns(a, b).rows[0];
    QVERIFY(*row.pValue < 0.01);
    QVERIFY(std::abs(*row.ratio - 1.1) < 1e-12);
    QVERIFY(row.ratioCi95->low < 1);
    QCOMPARE(toString(row.verdict), toString(Verdict::unchanged));
    QCOMPARE(row.note, std::string("95 % interval not above 1"));
  }

  void seedsDoNotKeepPointsApart() {
    const Run base = test::baseRun();
    Run next = test::baseRun();
    next.id = 2;
    for (PointResult& result : next.points) result.point.params.seed = 7;
    const Comparison comparison = compareRuns(base, next);
    QCOMPARE(countOf(comparison, Verdict::onlyInBase), std::size_t{0});
    QCOMPARE(countOf(comparison, Verdict::onlyInNew), std::size_t{0});
    QVERIFY(comparison.rows[0].note.starts_with("seeds differ (20261130, 7)"));
  }

  // A CUDA source compiled from other code between the runs (CodeBuild::how names the file's
  // SHA-256 and the target) is said; the same code read back from the kernel cache is not.
  void otherCompiledCodeIsSaid() {
    const Run base = test::baseRun();
    Run next = test::baseRun();
    next.id = 2;
    const std::string compiled =
        "NVRTC 13.0, sm_90 cubin of my_add.cu (SHA-256 3f2a9c81d0e4\u2026)";
    const auto withBuild = [](Run run, const std::string& how) {
      for (PointResult& result : run.points) result.build = CodeBuild{how, 0.2, 0.001};
      return run;
    };
    const Comparison same = compareRuns(withBuild(base, compiled),
                                        withBuild(next, compiled + ", from the kernel cache"));
    QVERIFY(same.rows[0].note.find("built from other code") == std::string::npos);
    const std::string edited = "NVRTC 13.0, sm_90 cubin of my_add.cu (SHA-256 77b1e0c2aa90\u2026)";
    const Comparison other = compareRuns(withBuild(base, compiled), withBuild(next, edited));
    QVERIFY2(other.rows[0].note.find("built from other code: base " + compiled + ", new " +
                                     edited) != std::string::npos,
             other.rows[0].note.c_str());
  }

  void threadsAndParamsKeepPointsApart() {
    const Run base = test::comparedRun(
        1, "",
        {test::timed({"pi", "parallel", test::kPi, 1}, test::samplesAround(10e-3)),
         test::timed({"pi", "parallel", test::kPi, 2}, test::samplesAround(5e-3))});
    // The same thread count, not the same place in the sweep.
    Run swapped = base;
    std::swap(swapped.points[0], swapped.points[1]);
    for (const ComparisonRow& row : compareRuns(base, swapped).rows) {
      QCOMPARE(*row.ratio, 1.0);
      QCOMPARE(row.newSide->threads, row.point.threads);
    }
    Run otherType = base;
    otherType.points[1].point.params.dtype = DType::f32;
    const Comparison comparison = compareRuns(base, otherType);
    QCOMPARE(countOf(comparison, Verdict::onlyInBase), std::size_t{1});
    QCOMPARE(countOf(comparison, Verdict::onlyInNew), std::size_t{1});
  }

  // Ranks change the work (weak scaling) or its sharing (strong): points pair on the same
  // ranks only, and the tables name them.
  void ranksKeepPointsApart() {
    Run base = test::comparedRun(
        1, "",
        {test::timed({"pi", "mpi", test::kPi, 1, 2}, test::samplesAround(10e-3)),
         test::timed({"pi", "mpi", test::kPi, 1, 4}, test::samplesAround(11e-3))});
    Run swapped = base;
    std::swap(swapped.points[0], swapped.points[1]);
    const Comparison same = compareRuns(base, swapped);
    QCOMPARE(countOf(same, Verdict::unchanged), std::size_t{2});
    for (const ComparisonRow& row : same.rows) QCOMPARE(*row.ratio, 1.0);
    // One point on each side, of other ranks: not the same point, even as a last resort.
    Run two = base;
    two.points.resize(1);
    Run four = swapped;
    four.points.resize(1);
    const Comparison apart = compareRuns(two, four);
    QCOMPARE(countOf(apart, Verdict::onlyInBase), std::size_t{1});
    QCOMPARE(countOf(apart, Verdict::onlyInNew), std::size_t{1});
    const std::vector<Comparison> list{same};
    const std::string console = written(ReportFormat::console, list);
    QVERIFY2(console.find("threads  ranks") != std::string::npos, console.c_str());
    QVERIFY(written(ReportFormat::csv, list).find(",threads,new_threads,ranks,") !=
            std::string::npos);
    QVERIFY(written(ReportFormat::console, {sampleComparison()}).find("ranks") ==
            std::string::npos);
  }

  // A run at 1 thread against one at 2: did the threads help?
  void oneThreadCountEachPairsAcross() {
    const Run base = test::comparedRun(
        1, "", {test::timed({"pi", "parallel", test::kPi, 1}, test::samplesAround(10e-3))});
    const Run next = test::comparedRun(
        2, "", {test::timed({"pi", "parallel", test::kPi, 2}, test::samplesAround(5.1e-3))});
    const ComparisonRow row = compareRuns(base, next).rows.at(0);
    QCOMPARE(toString(row.verdict), toString(Verdict::faster));
    QCOMPARE(row.baseSide->threads, 1);
    QCOMPARE(row.newSide->threads, 2);
    const auto threads = comparisonColumnsIn(inConsole)[1];
    QCOMPARE(threads->id, std::string_view("threads"));
    QCOMPARE(threads->text(row), std::string("1\u21922"));
    // With two thread counts against a third nothing pairs: which one would it be?
    Run two = base;
    two.points.push_back(test::timed({"pi", "parallel", test::kPi, 2}, test::samplesAround(5e-3)));
    Run four = next;
    four.points[0].point.threads = 4;
    const Comparison ambiguous = compareRuns(two, four);
    QCOMPARE(countOf(ambiguous, Verdict::onlyInBase), std::size_t{2});
    QCOMPARE(countOf(ambiguous, Verdict::onlyInNew), std::size_t{1});
  }

  void repeatedPointsMatchInOrder() {
    Run base =
        test::comparedRun(1, "",
                          {test::timed({"add", "loop", test::kAdd, 1}, test::samplesAround(1e-3)),
                           test::timed({"add", "loop", test::kAdd, 1}, test::samplesAround(2e-3))});
    Run next = base;
    const Comparison comparison = compareRuns(base, next);
    QCOMPARE(comparison.rows.size(), std::size_t{2});
    QCOMPARE(*comparison.rows[0].ratio, 1.0);
    QCOMPARE(*comparison.rows[1].ratio, 1.0);
  }

  void pointsWithoutSamplesAreNotCompared() {
    Run base = test::comparedRun(1, "", {test::timed({"add", "loop", test::kAdd, 1}, {})});
    Run next = test::comparedRun(2, "", {test::timed({"add", "loop", test::kAdd, 1}, {1e-3})});
    const ComparisonRow row = compareRuns(base, next).rows[0];
    QCOMPARE(toString(row.verdict), toString(Verdict::notComparable));
    QCOMPARE(row.note, std::string("base no samples stored"));
  }

  void machinesAndConditionsAreWarnedAbout() {
    Run base = test::baseRun();
    Run next = test::newRun();
    next.system.cpuModel = "Other CPU";
    next.system.buildType = "Debug";
    next.conditions.push_back({"governor", "CPU frequency governor is 'powersave'"});
    const Comparison comparison = compareRuns(base, next);
    const std::vector<std::string> expected = {
        "CPU differs: 'Example CPU @ 3.00GHz' in base, 'Other CPU' in new",
        "build type differs: 'Release' in base, 'Debug' in new",
        "new run: CPU frequency governor is 'powersave'"};
    QCOMPARE(comparison.warnings, expected);
  }

  // Two builds of a plugin's kernel are different code: warned about. The same build from
  // another folder is not; a built-in kernel against a plugin's is.
  void pluginBuildsThatDifferAreWarnedAbout() {
    Run base = test::baseRun();
    Run next = test::newRun();
    base.plugin = PluginIdentity{"mine", "1.0", "/a/libmine.so", std::string(64, 'a')};
    next.plugin = base.plugin;
    next.plugin->file = "/b/libmine.so";
    QVERIFY(compareRuns(base, next).warnings.empty());
    next.plugin->sha256 = std::string(64, 'b');
    QCOMPARE(compareRuns(base, next).warnings,
             std::vector<std::string>{"the kernel's code differs: 'plugin mine 1.0, SHA-256 "
                                      "aaaaaaaaaaaaaaaa\u2026' in base, 'plugin mine 1.0, SHA-256 "
                                      "bbbbbbbbbbbbbbbb\u2026' in new"});
    // Without digests (built without OpenSSL), the versions decide.
    base.plugin->sha256.clear();
    next.plugin->sha256.clear();
    QVERIFY(compareRuns(base, next).warnings.empty());
    next.plugin->version = "1.1";
    QCOMPARE(compareRuns(base, next).warnings.size(), std::size_t{1});
    next.plugin.reset();
    QCOMPARE(compareRuns(base, next).warnings,
             std::vector<std::string>{
                 "the kernel's code differs: 'plugin mine 1.0' in base, 'built in' in new"});
  }

  // A variant that joined the kernel from a user's file (a Python function, a CUDA source) is
  // the file's code: another build of it is warned about by variant; a variant one run lacks is
  // not, having nothing to compare.
  void variantSourcesThatDifferAreWarnedAbout() {
    Run base = test::baseRun();
    Run next = test::newRun();
    const std::string variant = base.points.front().point.variant;
    const PluginIdentity mine{.name = "my_add",
                              .version = "Python 3.11.2",
                              .file = "/a/my_add.py",
                              .sha256 = std::string(64, 'a'),
                              .kind = "python"};
    base.variantSources.emplace(variant, mine);
    next.variantSources.emplace(variant, mine);
    next.variantSources[variant].file = "/b/my_add.py";
    QVERIFY(compareRuns(base, next).warnings.empty());
    next.variantSources[variant].sha256 = std::string(64, 'b');
    QCOMPARE(
        compareRuns(base, next).warnings,
        std::vector<std::string>{"variant " + variant +
                                 "'s code differs: 'python file my_add Python 3.11.2, "
                                 "SHA-256 aaaaaaaaaaaaaaaa\u2026' in base, 'python file "
                                 "my_add Python 3.11.2, SHA-256 bbbbbbbbbbbbbbbb\u2026' in new"});
    next.variantSources.clear();
    QCOMPARE(
        compareRuns(base, next).warnings,
        std::vector<std::string>{"variant " + variant +
                                 "'s code differs: 'python file my_add Python 3.11.2, "
                                 "SHA-256 aaaaaaaaaaaaaaaa\u2026' in base, 'built in' in new"});
    std::erase_if(next.points, [&](const PointResult& p) { return p.point.variant == variant; });
    base.variantSources.emplace("absent", mine);
    QVERIFY(compareRuns(base, next).warnings.empty());
  }

  void comparisonIsDeterministic() {
    QCOMPARE(compareRuns(test::baseRun(), test::newRun()),
             compareRuns(test::baseRun(), test::newRun()));
    const auto a = compareRuns(test::baseRun(), test::newRun(), {.seed = 1});
    const auto b = compareRuns(test::baseRun(), test::newRun(), {.seed = 2});
    QVERIFY(a.rows[1].ratioCi95 != b.rows[1].ratioCi95);
  }

  void columnsAreDescribedOnce() {
    std::set<std::string_view> ids;
    for (const ComparisonColumn& column : comparisonColumns()) {
      QVERIFY2(ids.insert(column.id).second, column.id.data());
      QVERIFY(column.text);
      QVERIFY(column.kind ? column.value != nullptr : true);
    }
    const Comparison comparison = sampleComparison();
    // Every cell without a value reads "-"; a value is formatted by its kind.
    for (const ComparisonColumn* column : comparisonColumnsIn(inFiles)) {
      for (const ComparisonRow& row : comparison.rows) {
        if (!column->kind) continue;
        const auto value = column->value(row);
        QCOMPARE(column->text(row), value ? formatValue(*value, *column->kind) : "-");
      }
    }
  }

  void writersGolden_data() {
    QTest::addColumn<ReportFormat>("format");
    QTest::addColumn<QString>("golden");
    QTest::newRow("console") << ReportFormat::console << "compare/comparison-console.txt";
    QTest::newRow("csv") << ReportFormat::csv << "compare/comparison.csv";
    QTest::newRow("markdown") << ReportFormat::markdown << "compare/comparison.md";
    QTest::newRow("json") << ReportFormat::json << "compare/comparison.json";
  }
  void writersGolden() {
    QFETCH(ReportFormat, format);
    QFETCH(QString, golden);
    const std::string expected = readData(golden.toStdString());
    QVERIFY(!expected.empty());
    QCOMPARE(written(format, {sampleComparison()}), expected);
  }

  // Text from the sessions is escaped in every printer (JSON by its writer): no control
  // character reaches the output and every row stays one line.
  void hostileTextIsEscaped_data() {
    QTest::addColumn<ReportFormat>("format");
    QTest::addColumn<QString>("expected");
    QTest::newRow("console")
        << ReportFormat::console
        << QString::fromUtf8(
               "Base:     base\\n.json, run 1 \"run 1\", created 2026-12-01T10:00:00Z\n"
               "New:      new|.json, run 2 \"run 2\", created 2026-12-01T11:00:00Z\n"
               "Verdict:  faster or slower when p < 0.05 (Mann-Whitney U), |new/base - 1| > 5.0 % "
               "and the 95 % interval excludes 1\n"
               "Times:    medians of the stored samples (gpu points: the kernel alone); interval "
               "from 2000 bootstrap resamples, seed 20261130\n"
               "Warning:  CPU differs: 'Example CPU @ 3.00GHz' in base, 'Other\\x1B[2J\\nCPU' in "
               "new\n"
               "\n"
               "add\\x1B 64x64x64 f64\n"
               "variant       threads       base        new  new/base      95 % CI         p  "
               "verdict                note\n"
               "loop                1    4.01 ms    4.01 ms     1.00x  0.98x–1.02x     0.734  no "
               "significant change  new unstable\n"
               "vec\\x1B[2J|\\r\\n        1    1.00 ms    1.25 ms     1.25x  1.23x–1.27x  0.000183 "
               " "
               "slower\n"
               "\n"
               "Summary: 1 slower, 1 no significant change\n");
    QTest::newRow("csv")
        << ReportFormat::csv
        << QString::fromUtf8(
               "base,new,kernel,problem,size,variant,threads,new_threads,base_median_s,new_median_"
               "s,"
               "ratio,ratio_ci95_low,ratio_ci95_high,p_value,base_samples,new_samples,base_status,"
               "new_status,verdict,note\n"
               "base\\n.json,new|.json,add\\x1B,64x64x64 f64,262144,loop,1,1,0.004006,0.004010006,"
               "1.001,0.9831685604669307,1.0205782347041121,0.7337299956962473,10,10,ok,ok,no "
               "significant change,new unstable\n"
               "base\\n.json,new|.json,add\\x1B,64x64x64 f64,262144,vec\\x1B[2J|\\r\\n,1,1,"
               "0.0010015,0.001251875,1.25,1.2277329676160473,1.2744483450351054,"
               "0.0001826717911095504,10,10,ok,ok,slower,\n");
    QTest::newRow("markdown")
        << ReportFormat::markdown
        << QString::fromUtf8(
               "# AccelLab comparison\n"
               "\n"
               "## new\\|.json against base\\\\n.json\n"
               "\n"
               "- **Base:** base\\\\n.json, run 1 \"run 1\", created 2026-12-01T10:00:00Z\n"
               "- **New:** new\\|.json, run 2 \"run 2\", created 2026-12-01T11:00:00Z\n"
               "- **Verdict:** faster or slower when p < 0.05 (Mann-Whitney U), \\|new/base - 1\\| "
               "> 5.0 % and the 95 % interval excludes 1\n"
               "- **Times:** medians of the stored samples (gpu points: the kernel alone); "
               "interval "
               "from 2000 bootstrap resamples, seed 20261130\n"
               "- **Warning:** CPU differs: 'Example CPU @ 3.00GHz' in base, "
               "'Other\\\\x1B[2J\\\\nCPU' in new\n"
               "\n"
               "### add\\\\x1B 64x64x64 f64\n"
               "\n"
               "| variant | threads | base | new | new/base | 95 % CI | p | verdict | note |\n"
               "| :-- | --: | --: | --: | --: | --: | --: | :-- | :-- |\n"
               "| loop | 1 | 4.01 ms | 4.01 ms | 1.00x | 0.98x–1.02x | 0.734 | no significant "
               "change "
               "| new unstable |\n"
               "| vec\\\\x1B[2J\\|\\\\r\\\\n | 1 | 1.00 ms | 1.25 ms | 1.25x | 1.23x–1.27x | "
               "0.000183 | slower |  |\n"
               "\n"
               "Summary: 1 slower, 1 no significant change\n");
  }
  void hostileTextIsEscaped() {
    QFETCH(ReportFormat, format);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(written(format, {hostileComparison()})), expected);
  }

  void hostileTextInJson() {
    const std::string text = written(ReportFormat::json, {hostileComparison()});
    QVERIFY(std::ranges::none_of(text, [](char c) { return c >= 0 && c < 0x20 && c != '\n'; }));
    const QJsonObject comparison = QJsonDocument::fromJson(QByteArray::fromStdString(text))
                                       .object()["comparisons"]
                                       .toArray()[0]
                                       .toObject();
    QCOMPARE(comparison["base"].toObject()["source"].toString(), QString("base\n.json"));
    QCOMPARE(comparison["rows"].toArray()[1].toObject()["variant"].toString(),
             QString("vec\x1b[2J|\r\n"));
  }

  void jsonHoldsTheRowsValues() {
    Comparison other = sampleComparison();
    other.newRun.source = "other.json";
    const std::string text = written(ReportFormat::json, {sampleComparison(), other});
    const QJsonObject document = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    QCOMPARE(document["format"].toString(), QString("accellab-comparison"));
    const QJsonArray comparisons = document["comparisons"].toArray();
    QCOMPARE(comparisons.size(), 2);
    QCOMPARE(comparisons[1].toObject()["new"].toObject()["source"].toString(),
             QString("other.json"));
    const QJsonObject summary = comparisons[0].toObject()["summary"].toObject();
    QCOMPARE(summary["slower"].toInt(), 1);
    QCOMPARE(summary["only in new"].toInt(), 1);
    const QJsonArray rows = comparisons[0].toObject()["rows"].toArray();
    const Comparison comparison = sampleComparison();
    QCOMPARE(rows.size(), static_cast<qsizetype>(comparison.rows.size()));
    const QJsonObject slower = rows[1].toObject();
    QCOMPARE(slower["verdict"].toString(), QString("slower"));
    QCOMPARE(slower["ratio"].toDouble(), *comparison.rows[1].ratio);
    QCOMPARE(slower["p_value"].toDouble(), *comparison.rows[1].pValue);
    QCOMPARE(slower["ratio_ci95_low"].toDouble(), comparison.rows[1].ratioCi95->low);
    QVERIFY(rows[3].toObject()["ratio"].isNull());  // not comparable
  }
};

QTEST_APPLESS_MAIN(TestCompare)
#include "tst_compare.moc"
