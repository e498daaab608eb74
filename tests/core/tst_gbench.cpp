// Google Benchmark JSON: names to axes, recorded and live output of tests/data/gbench's tiny
// benchmark, hostile input, and the export that tools/compare.py reads.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>
#include <fstream>
#include <sstream>

#include "accellab/compare.h"
#include "accellab/gbench.h"
#include "accellab/output_file.h"
#include "accellab/report.h"
#include "accellab/results_file.h"
#include "sample_session.h"

using namespace accellab;

namespace {

const std::filesystem::path kDataDir = ACCELLAB_TEST_DATA_DIR;

QByteArray readBytes(const std::filesystem::path& path) {
  QFile file(QString::fromStdString(path.string()));
  if (!file.open(QIODevice::ReadOnly)) throw std::runtime_error("cannot read " + path.string());
  return file.readAll();
}

QJsonArray benchmarksOf(const QByteArray& json) {
  return QJsonDocument::fromJson(json).object()[QStringLiteral("benchmarks")].toArray();
}

// The entries of `json` named `name` with run_type `runType` (and aggregate_name `aggregate`).
std::vector<QJsonObject> entries(const QJsonArray& benchmarks, const QString& runName,
                                 const QString& runType, const QString& aggregate = {}) {
  std::vector<QJsonObject> found;
  for (const QJsonValue& value : benchmarks) {
    const QJsonObject entry = value.toObject();
    if (entry[QStringLiteral("run_name")].toString() == runName &&
        entry[QStringLiteral("run_type")].toString() == runType &&
        entry[QStringLiteral("aggregate_name")].toString() == aggregate)
      found.push_back(entry);
  }
  return found;
}

double realSeconds(const QJsonObject& entry) {
  const QString unit = entry[QStringLiteral("time_unit")].toString();
  const double scale = unit == QLatin1String("ns")   ? 1e-9
                       : unit == QLatin1String("us") ? 1e-6
                       : unit == QLatin1String("ms") ? 1e-3
                                                     : 1.0;
  return entry[QStringLiteral("real_time")].toDouble() * scale;
}

const PointResult* findPoint(const Run& run, const std::string& variant, std::uint64_t samples,
                             int threads = 1) {
  for (const PointResult& result : run.points)
    if (result.point.variant == variant && result.point.params.samples == samples &&
        result.point.threads == threads)
      return &result;
  return nullptr;
}

// Every ok point of `run` against the file's own entries: one sample per iteration entry, in
// repetition order, each the entry's real_time in seconds; Google Benchmark's median agrees.
void checkAgainstFile(const Run& run, const QByteArray& json, int repetitions) {
  const QJsonArray benchmarks = benchmarksOf(json);
  for (const PointResult& result : run.points) {
    if (result.status != PointStatus::ok) continue;
    QString runName = QString::fromStdString(result.point.kernel) + QLatin1Char('/') +
                      QString::number(*result.point.params.samples);
    if (result.point.threads > 1)
      runName += QStringLiteral("/threads:%1").arg(result.point.threads);
    const auto rows = entries(benchmarks, runName, QStringLiteral("iteration"));
    QCOMPARE(rows.size(), std::size_t(repetitions));
    QCOMPARE(result.samplesS.size(), std::size_t(repetitions));
    for (const QJsonObject& row : rows) {
      const auto index = static_cast<std::size_t>(row[QStringLiteral("repetition_index")].toInt());
      QCOMPARE(result.samplesS[index], realSeconds(row));
      QCOMPARE(result.runsPerSample,
               static_cast<std::uint64_t>(row[QStringLiteral("iterations")].toInteger()));
    }
    const auto median =
        entries(benchmarks, runName, QStringLiteral("aggregate"), QStringLiteral("median"));
    QCOMPARE(median.size(), std::size_t{1});
    // Google Benchmark computes its median in its own unit: equal to the last few bits.
    QVERIFY(qAbs(result.stats.medianS - realSeconds(median.front())) <=
            1e-12 * result.stats.medianS);
    QVERIFY(result.stats == summarize(result.samplesS));
  }
}

QString gbenchError(const std::string& json) {
  try {
    gbenchFromJson(json);
  } catch (const SessionError& error) {
    return QString::fromStdString(error.what());
  }
  return {};
}

// One benchmark entry with `extra` fields spliced in before the rest.
std::string entry(const std::string& extra = {}) {
  return "{" + extra + (extra.empty() ? "" : ", ") +
         "\"name\": \"BM_A/8\", \"run_type\": \"iteration\", \"iterations\": 10, "
         "\"real_time\": 2, \"cpu_time\": 2, \"time_unit\": \"us\"}";
}

std::string fileWith(const std::string& benchmarkEntries, const std::string& context = "{}") {
  return "{\"context\": " + context + ", \"benchmarks\": [" + benchmarkEntries + "]}";
}

Run exampleRun() {
  Run run;
  run.id = 3;
  run.name = "add 1 size × 2 variants";
  run.created = "2026-11-30T04:33:24Z";
  run.settings.origin = "accellab-cli run add";
  run.system = test::sampleSystem();
  run.system.hostName = "lab-1";
  const Params shape = test::arrayParams({64, 64, 64});
  run.points = {
      test::measuredPoint({"add", "loop", shape, 1}, {4e-4, 5e-4, 4.5e-4}, {262144, 6291456}),
      test::measuredPoint({"add", "parallel", shape, 2}, {2.5e-4, 2e-4}, {262144, 6291456}),
      test::measuredPoint({"pi", "loop", test::sampleParams(1000000), 1}, {0.01}, {1000000, 0}),
      test::refusedPoint({"add", "gpu", shape, 1}, PointStatus::skipped, "no CUDA device")};
  return run;
}

}  // namespace

class TestGbench : public QObject {
  Q_OBJECT

 private slots:
  void namesBecomeAxes_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("threads");
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<qulonglong>("samples");  // 0: none, the size is unknown
    QTest::addColumn<QString>("variant");
    QTest::newRow("argument") << "BM_Sum/1024" << 1 << "BM_Sum" << 1024ull << "BM_Sum";
    QTest::newRow("threads") << "BM_Sum/256/threads:2" << 2 << "BM_Sum" << 256ull << "BM_Sum";
    QTest::newRow("option") << "BM_Copy/4096/real_time" << 1 << "BM_Copy" << 4096ull
                            << "BM_Copy.real_time";
    QTest::newRow("two arguments")
        << "BM_Matrix/64/128" << 1 << "BM_Matrix" << 64ull << "BM_Matrix.128";
    QTest::newRow("named arguments")
        << "BM_Named/size:1024/stride:2" << 1 << "BM_Named" << 1024ull << "BM_Named.stride_2";
    QTest::newRow("no argument") << "BM_Plain" << 1 << "BM_Plain" << 0ull << "BM_Plain";
    QTest::newRow("zero is no size") << "BM_Zero/0" << 1 << "BM_Zero" << 0ull << "BM_Zero.0";
    QTest::newRow("negative is no size") << "BM_Neg/-4" << 1 << "BM_Neg" << 0ull << "BM_Neg.-4";
    QTest::newRow("2^63 is a size")
        << "BM_Big/9223372036854775808" << 1 << "BM_Big" << 9223372036854775808ull << "BM_Big";
    QTest::newRow("above 2^63 is no size")
        << "BM_Big/9223372036854775809" << 1 << "BM_Big" << 0ull << "BM_Big.9223372036854775809";
    QTest::newRow("options only") << "BM_Opt/min_time:0.010/repeats:3" << 1 << "BM_Opt" << 0ull
                                  << "BM_Opt.min_time_0.010.repeats_3";
    QTest::newRow("repeats is not a size")
        << "BM_Rep/repeats:3/threads:4" << 4 << "BM_Rep" << 0ull << "BM_Rep.repeats_3";
    QTest::newRow("template") << "BM_Vec<float, 8>/16" << 1 << "BM_Vec_float_8_" << 16ull
                              << "BM_Vec_float_8_";
    // Hostile names: no path, no way up, no escape reaches a kernel or variant name.
    QTest::newRow("parent folder") << "../../x/1" << 1 << "_." << 0ull << "_._._.x.1";
    QTest::newRow("absolute") << "/etc/passwd" << 1 << "_" << 0ull << "_etc.passwd";
    QTest::newRow("dots") << "..//../8" << 1 << "_." << 0ull << "_._._._8";
    QTest::newRow("hidden") << ".x/.y" << 1 << "_x" << 0ull << "_x._y";
    QTest::newRow("escape") << "BM_\x1b[31mred\r\nfake" << 1 << "BM__31mred_fake" << 0ull
                            << "BM__31mred_fake";
    QTest::newRow("utf-8") << "BM_\u00b5s/Gr\u00f6\u00dfe" << 1 << "BM__s" << 0ull << "BM__s.Gr_e";
    QTest::newRow("empty family") << "/4" << 1 << "_" << 4ull << "_";
  }
  void namesBecomeAxes() {
    QFETCH(QString, name);
    QFETCH(int, threads);
    QFETCH(QString, kernel);
    QFETCH(qulonglong, samples);
    QFETCH(QString, variant);
    const Point point = gbenchPoint(name.toStdString(), threads);
    QCOMPARE(QString::fromStdString(point.kernel), kernel);
    QCOMPARE(QString::fromStdString(point.variant), variant);
    QCOMPARE(point.params.samples, samples ? std::optional<std::uint64_t>(samples) : std::nullopt);
    QVERIFY(!point.params.shape);
    QCOMPARE(point.threads, threads);
    QCOMPARE(QString::fromStdString(point.originalName), name);
  }

  void longNamesStayApart() {
    // Cut to 64 characters, a hash of the whole keeps two long names two.
    const std::string family(100, 'a');
    const Point one = gbenchPoint(family + "/x", 1);
    const Point two = gbenchPoint(family + "/y", 1);
    QCOMPARE(one.kernel, two.kernel);
    QCOMPARE(one.kernel.size(), kMaxNameLength);
    QVERIFY(one.variant != two.variant);
    QVERIFY(one.kernel.starts_with(std::string(47, 'a') + "-"));
    for (const Point& point : {one, two})
      QVERIFY(isPlainName(point.kernel) && isPlainName(point.variant));
  }

  void hostileNamesImportAsPlainNames() {
    // Any bytes at all as a name: what is imported is a session the reader accepts.
    std::string json = "{\"benchmarks\": [";
    // As JSON writes them: escapes stay escapes until the parser reads them.
    const std::vector<std::string> names = {"../../../tmp/x",
                                            "/abs/x",
                                            "a\\u001b[2J\\u0007b",
                                            std::string(3000, '/'),
                                            "\\u0000",
                                            ".",
                                            "..",
                                            "a b\\tc",
                                            "\u00e9/\u00e8/" + std::string(200, 'z')};
    for (std::size_t i = 0; i < names.size(); ++i)
      json += std::string(i ? "," : "") + "{\"name\": \"" + names[i] +
              "\", \"iterations\": 1, \"real_time\": 1, \"cpu_time\": 1, "
              "\"time_unit\": \"ns\"}";
    json += "]}";
    Session session;
    try {
      session = gbenchFromJson(json);
    } catch (const SessionError& error) {
      QFAIL(error.what());
    }
    QCOMPARE(session.runs.front().points.size(), names.size());
    for (const PointResult& point : session.runs.front().points) {
      QVERIFY2(isPlainName(point.point.kernel), point.point.kernel.c_str());
      QVERIFY2(isPlainName(point.point.variant), point.point.variant.c_str());
    }
    QVERIFY(sessionFromJson(sessionToJson(session)) == session);
  }

  void pointsBecomeNames() {
    const Params shape = test::arrayParams({64, 32, 16}, DType::f32);
    QCOMPARE(gbenchName({"add", "parallel", shape, 2}),
             std::string("add/parallel/shape:64x32x16/dtype:f32/threads:2"));
    QCOMPARE(gbenchName({"pi", "loop", test::sampleParams(1000000000), 1}),
             std::string("pi/loop/samples:1000000000"));
  }

  void importsRecordedOutput() {
    // tiny_benchmark --benchmark_repetitions=3 --benchmark_format=json --benchmark_min_time=0.01
    // with libbenchmark-dev 1.7.1, on a 2-CPU machine while something else kept it busy.
    const auto path = kDataDir / "gbench/tiny.json";
    const Session session = readResultsFile(path);
    QCOMPARE(session.runs.size(), std::size_t{1});
    const Run& run = session.runs.front();
    QCOMPARE(run.created, std::string("2026-11-30T16:16:15Z"));
    QCOMPARE(session.created, run.created);
    QCOMPARE(run.settings.origin, std::string("Google Benchmark ./tiny_benchmark"));
    QCOMPARE(run.system.hostName, std::string("vm"));
    QCOMPARE(run.system.logicalCores, 2);
    QCOMPARE(run.system.buildType, std::string("debug"));
    const std::vector<CacheInfo> caches{{1, "Data", 32768},
                                        {1, "Instruction", 32768},
                                        {2, "Unified", 524288},
                                        {3, "Unified", 33554432}};
    QVERIFY(run.system.caches == caches);
    // What the context says of the machine's state: shown in the System view and report.
    QCOMPARE(run.system.cpuMHz, 2445);
    QVERIFY(run.system.loadAverage == (std::vector<double>{4.11475, 2.63281, 1.89893}));
    const std::vector<SystemCondition> conditions{
        {"build-type",
         "Google Benchmark's library was built as debug (library_build_type): its timings may be "
         "affected; measure with a release build of it"},
        {"load",
         "load average 4.11 over the last minute was above the 2 logical cores (load_avg): other "
         "work competed for them"}};
    QVERIFY(run.conditions == conditions);

    QCOMPARE(run.points.size(), std::size_t{4});
    const PointResult* small = findPoint(run, "BM_Sum", 1024);
    const PointResult* large = findPoint(run, "BM_Sum", 4096);
    const PointResult* threaded = findPoint(run, "BM_Sum", 256, 2);
    QVERIFY(small && large && threaded);
    QCOMPARE(&run.points[0], small);  // registration order
    QCOMPARE(&run.points[2], threaded);
    checkAgainstFile(run, readBytes(path), 3);

    // Rates are Google Benchmark's own (over CPU time): the median of the repetitions'.
    std::vector<double> rates;
    for (const QJsonObject& row :
         entries(benchmarksOf(readBytes(path)), QStringLiteral("BM_Sum/1024"),
                 QStringLiteral("iteration")))
      rates.push_back(row[QStringLiteral("items_per_second")].toDouble());
    QCOMPARE(small->elementsPerS, median(rates));
    QCOMPARE(small->bytesPerS, 8 * small->elementsPerS);
    QCOMPARE(small->elements, std::uint64_t{0});  // only rates are reported
    QVERIFY(!small->verified);
    const QString note = QString::fromStdString(small->verifyDetail);
    QVERIFY2(note.startsWith(QStringLiteral(
                 "not verified: measured by Google Benchmark as BM_Sum/1024; cpu_time ")),
             qPrintable(note));
    QVERIFY2(note.endsWith(QStringLiteral("; label doubles; counters elements 1024")),
             qPrintable(note));
    QVERIFY(QString::fromStdString(threaded->verifyDetail)
                .endsWith(QStringLiteral("counters elements 512")));  // summed over threads

    const PointResult& failed = run.points[3];
    QCOMPARE(failed.point.kernel, std::string("BM_NoDevice"));
    QVERIFY(failed.status == PointStatus::failed);
    QCOMPARE(failed.reason, std::string("no device here"));
    QVERIFY(failed.samplesS.empty());
  }

  void importsAggregatesOnly() {
    // The same with --benchmark_report_aggregates_only=true: no repetition's own time survives.
    const auto path = kDataDir / "gbench/tiny-aggregates.json";
    const Run run = readResultsFile(path).runs.front();
    QCOMPARE(run.points.size(), std::size_t{4});
    const QJsonArray benchmarks = benchmarksOf(readBytes(path));
    const PointResult* threaded = findPoint(run, "BM_Sum", 256, 2);
    QVERIFY(threaded);
    const auto median = entries(benchmarks, QStringLiteral("BM_Sum/256/threads:2"),
                                QStringLiteral("aggregate"), QStringLiteral("median"));
    QCOMPARE(threaded->samplesS.size(), std::size_t{1});
    QCOMPARE(threaded->samplesS.front(), realSeconds(median.front()));
    QCOMPARE(threaded->stats.medianS, realSeconds(median.front()));
    QCOMPARE(threaded->runsPerSample, std::uint64_t{3});  // an aggregate's "iterations"
    QVERIFY2(QString::fromStdString(threaded->verifyDetail)
                 .contains(QStringLiteral("the file holds aggregates only: its median is the one "
                                          "sample")),
             threaded->verifyDetail.c_str());
    QVERIFY(run.points[3].status == PointStatus::failed);
  }

  void importsLiveOutput() {
#ifdef ACCELLAB_TINY_BENCHMARK
    QProcess process;
    process.start(
        QStringLiteral(ACCELLAB_TINY_BENCHMARK),
        {QStringLiteral("--benchmark_repetitions=4"), QStringLiteral("--benchmark_format=json"),
         QStringLiteral("--benchmark_min_time=0.005")});
    QVERIFY(process.waitForFinished(120000));
    QCOMPARE(process.exitCode(), 0);
    const QByteArray json = process.readAllStandardOutput();
    const Session session = resultsFromJson(json.toStdString());
    const Run& run = session.runs.front();
    const QJsonObject context =
        QJsonDocument::fromJson(json).object()[QStringLiteral("context")].toObject();
    QCOMPARE(QString::fromStdString(run.system.hostName),
             context[QStringLiteral("host_name")].toString());
    QCOMPARE(run.system.logicalCores, context[QStringLiteral("num_cpus")].toInt());
    QCOMPARE(run.system.caches.size(),
             static_cast<std::size_t>(context[QStringLiteral("caches")].toArray().size()));
    QCOMPARE(run.points.size(), std::size_t{4});
    checkAgainstFile(run, json, 4);
    QVERIFY(run.points[3].status == PointStatus::failed);
#else
    QSKIP("built without Google Benchmark (libbenchmark-dev): recorded output only");
#endif
  }

  void ordersByRegistration() {
    // --benchmark_enable_random_interleaving mixes the repetitions of different benchmarks.
    const auto row = [](const char* name, int family, int repetition, double time) {
      return "{\"name\": \"" + std::string(name) +
             "\", \"family_index\": " + std::to_string(family) +
             ", \"per_family_instance_index\": 0, \"run_type\": \"iteration\", "
             "\"repetition_index\": " +
             std::to_string(repetition) +
             ", \"iterations\": 5, \"real_time\": " + std::to_string(time) +
             ", \"cpu_time\": 1, \"time_unit\": \"ms\"}";
    };
    const Run run =
        gbenchFromJson(fileWith(row("BM_B", 1, 1, 4) + "," + row("BM_A", 0, 1, 2) + "," +
                                row("BM_B", 1, 0, 3) + "," + row("BM_A", 0, 0, 1)))
            .runs.front();
    QCOMPARE(run.points.size(), std::size_t{2});
    QCOMPARE(run.points[0].point.kernel, std::string("BM_A"));
    QCOMPARE(run.points[0].samplesS, (std::vector<double>{1e-3, 2e-3}));
    QCOMPARE(run.points[1].samplesS, (std::vector<double>{3e-3, 4e-3}));
  }

  void readsOldAndMinimalFiles() {
    // Before run_type, run_name and the context's UTC offset (Google Benchmark < 1.5).
    const Session session = gbenchFromJson(fileWith(
        "{\"name\": \"BM_Old/64\", \"iterations\": 7, \"real_time\": 2, \"cpu_time\": 1.5, "
        "\"time_unit\": \"us\"}",
        "{\"date\": \"2019-05-10 13:25:14\"}"));
    const Run& run = session.runs.front();
    QCOMPARE(run.created, std::string("2019-05-10 13:25:14"));  // zone unknown: as written
    QCOMPARE(run.settings.origin, std::string(kGbenchOrigin));
    QVERIFY(run.conditions.empty());
    QCOMPARE(run.points.size(), std::size_t{1});
    QCOMPARE(run.points[0].samplesS, std::vector<double>{2e-6});
    QCOMPARE(run.points[0].runsPerSample, std::uint64_t{7});
    QCOMPARE(gbenchFromJson("{\"benchmarks\": []}").runs.front().points.size(), std::size_t{0});
  }

  void datesBecomeUtc_data() {
    QTest::addColumn<QString>("date");
    QTest::addColumn<QString>("created");
    QTest::newRow("utc") << "2026-11-30T16:08:41+00:00"
                         << "2026-11-30T16:08:41Z";
    QTest::newRow("east") << "2026-11-30T17:08:41+01:00"
                          << "2026-11-30T16:08:41Z";
    QTest::newRow("west, next day") << "2026-11-30T20:30:00-05:30"
                                    << "2026-12-01T02:00:00Z";
    QTest::newRow("zulu") << "2026-11-30T16:08:41Z"
                          << "2026-11-30T16:08:41Z";
    QTest::newRow("no zone") << "2026-11-30T16:08:41"
                             << "2026-11-30T16:08:41";
    QTest::newRow("other") << "05/10/19 13:25:14"
                           << "05/10/19 13:25:14";
  }
  void datesBecomeUtc() {
    QFETCH(QString, date);
    QFETCH(QString, created);
    const Session session =
        gbenchFromJson(fileWith(entry(), "{\"date\": \"" + date.toStdString() + "\"}"));
    QCOMPARE(QString::fromStdString(session.runs.front().created), created);
  }

  void conditionsFromContext() {
    const Run run = gbenchFromJson(fileWith(entry(),
                                            "{\"num_cpus\": 4, \"cpu_scaling_enabled\": true, "
                                            "\"load_avg\": [3.9, 8, 8], "
                                            "\"library_build_type\": \"release\"}"))
                        .runs.front();
    // Only the last minute's load counts, and 3.9 is below 4 CPUs.
    QCOMPARE(run.conditions.size(), std::size_t{1});
    QCOMPARE(run.conditions[0].check, std::string("governor"));
    QCOMPARE(run.system.buildType, std::string("release"));
  }

  void malformed_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("error");
    const auto row = [](const char* name, const std::string& json, const char* error) {
      QTest::newRow(name) << QString::fromStdString(json) << QString::fromUtf8(error);
    };
    row("array", "[1]", "Google Benchmark JSON: expected an object, got array");
    row("no benchmarks", "{\"context\": {}}", "Google Benchmark JSON: missing benchmarks");
    row("benchmarks not an array", "{\"benchmarks\": {}}",
        "benchmarks: expected an array, got object");
    row("entry not an object", fileWith("7"), "benchmarks[0]: expected an object, got 7");
    row("no name", fileWith("{\"iterations\": 1}"), "benchmarks[0]: missing name");
    row("empty name", fileWith(entry("\"run_name\": \"\"")),
        "benchmarks[0].run_name: empty benchmark name");
    row("unknown run type", fileWith("{\"name\": \"A\", \"run_type\": \"final\"}"),
        "benchmarks[0].run_type: unknown run_type 'final' (iteration or aggregate)");
    row("unknown time unit",
        fileWith("{\"name\": \"A\", \"iterations\": 1, \"real_time\": 1, "
                 "\"cpu_time\": 1, \"time_unit\": \"ps\"}"),
        "benchmarks[0].time_unit: unknown time unit 'ps' (one of ns, us, ms, s)");
    row("no time unit", fileWith("{\"name\": \"A\", \"iterations\": 1, \"real_time\": 1}"),
        "benchmarks[0]: missing time_unit");
    row("time as text",
        fileWith("{\"name\": \"A\", \"iterations\": 1, \"time_unit\": \"ns\", "
                 "\"real_time\": \"fast\", \"cpu_time\": 1}"),
        "benchmarks[0].real_time: expected a number, got string");
    row("negative time",
        fileWith("{\"name\": \"A\", \"iterations\": 1, \"time_unit\": \"ns\", "
                 "\"real_time\": -1, \"cpu_time\": 1}"),
        "benchmarks[0].real_time: must be a finite non-negative number");
    row("infinite time",
        fileWith("{\"name\": \"A\", \"iterations\": 1, \"time_unit\": \"ns\", "
                 "\"real_time\": 1e999, \"cpu_time\": 1}"),
        "not valid JSON: number overflow parsing '1e999'");
    row("NaN as Google Benchmark writes it", fileWith(entry("\"ratio\": NaN")),
        "not valid JSON: parse error at line 1, column 42: syntax error while parsing value - "
        "invalid literal; last read: '\"ratio\": N'");
    row("zero iterations", fileWith("{\"name\": \"A\", \"iterations\": 0}"),
        "benchmarks[0].iterations: must be positive");
    row("threads zero", fileWith(entry("\"threads\": 0")),
        "benchmarks[0].threads: 0 is outside 1..1048576");
    row("threads huge", fileWith(entry("\"threads\": 18446744073709551615")),
        "benchmarks[0].threads: 18446744073709551615 is outside 1..1048576");
    row("negative repetition", fileWith(entry("\"repetition_index\": -1")),
        "benchmarks[0].repetition_index: expected a non-negative integer, got -1");
    row("error flag as text", fileWith(entry("\"error_occurred\": \"yes\"")),
        "benchmarks[0].error_occurred: expected true or false, got string");
    row("error message not text", fileWith(entry("\"error_occurred\": true, \"error_message\": 3")),
        "benchmarks[0].error_message: expected a string, got 3");
    row("label not text", fileWith(entry("\"label\": 3")),
        "benchmarks[0].label: expected a string, got 3");
    row("counter overflows", fileWith(entry("\"big\": 1e400")),
        "not valid JSON: number overflow parsing '1e400'");
    row("cache level as text", fileWith(entry(), "{\"caches\": [{\"level\": \"1\"}]}"),
        "context.caches[0].level: expected an integer, got string");
    row("cache without size", fileWith(entry(), "{\"caches\": [{\"level\": 1, \"type\": \"D\"}]}"),
        "context.caches[0]: missing size");
    row("scaling as text", fileWith(entry(), "{\"cpu_scaling_enabled\": \"yes\"}"),
        "context.cpu_scaling_enabled: expected true or false, got string");
    row("time not representable",
        fileWith("{\"name\": \"A\", \"iterations\": 1, \"time_unit\": \"ms\", "
                 "\"real_time\": 1.7e308, \"cpu_time\": 1}"),
        "benchmarks[0].real_time: 1.7e+308 ms is not a representable time (at most 1.798e+299 "
        "s)");
    row("cpu time not representable",
        fileWith("{\"name\": \"A\", \"iterations\": 1, \"time_unit\": \"s\", "
                 "\"real_time\": 1, \"cpu_time\": 1e300}"),
        "benchmarks[0].cpu_time: 1e+300 s is not a representable time (at most 1.798e+299 s)");
    row("load not representable", fileWith(entry(), "{\"load_avg\": [1e308, 1, 1]}"),
        "context.load_avg[0]: 1e+308 is not a load average (at most 4194304, the most tasks "
        "Linux runs)");
    row("export's launch too small",
        fileWith("{\"name\": \"pi/mpi/samples:5/ranks:4\", \"iterations\": 1, "
                 "\"real_time\": 1, \"cpu_time\": 1, \"time_unit\": \"ns\"}",
                 "{\"accellab_mpi\": {\"library\": \"\", \"world_size\": 2, "
                 "\"scaling\": \"strong\"}}"),
        "context.accellab_mpi.world_size: 2 is below the 4 ranks of a point");
    row("export's scaling unknown",
        fileWith(entry(),
                 "{\"accellab_mpi\": {\"library\": \"\", \"world_size\": 2, "
                 "\"scaling\": \"linear\"}}"),
        "context.accellab_mpi.scaling: unknown scaling 'linear' (strong or weak)");
    row("negative load", fileWith(entry(), "{\"num_cpus\": 2, \"load_avg\": [-1]}"),
        "context.load_avg[0]: must be a finite non-negative number");
    row("four loads", fileWith(entry(), "{\"load_avg\": [1, 1, 1, 1]}"),
        "context.load_avg: holds the load over 1, 5 and 15 minutes: 3 numbers at most");
    row("no clock", fileWith(entry(), "{\"mhz_per_cpu\": 2e9}"),
        "context.mhz_per_cpu: is not a clock in MHz (at most 10^6)");
    row("load not a list", fileWith(entry(), "{\"load_avg\": 2}"),
        "context.load_avg: expected an array, got 2");
    row("cpus negative", fileWith(entry(), "{\"num_cpus\": -2}"),
        "context.num_cpus: -2 is outside 0..1048576");
    row("date not text", fileWith(entry(), "{\"date\": 20261130}"),
        "context.date: expected a string, got 20261130");
    row("time unit with an escape",
        "{\"benchmarks\": [{\"name\": \"BM_A\", \"iterations\": 1, \"real_time\": 1, "
        "\"cpu_time\": 1, \"time_unit\": \"\\u001b[2Jns\"}]}",
        "benchmarks[0].time_unit: unknown time unit '\\u001b[2Jns' (one of ns, us, ms, s)");
    row("deep", "{\"benchmarks\": " + std::string(40, '[') + std::string(40, ']') + "}",
        "nested deeper than 32 levels: not Google Benchmark JSON");
  }
  void malformed() {
    QFETCH(QString, json);
    QFETCH(QString, error);
    QCOMPARE(gbenchError(json.toStdString()), error);
  }

  void readsEitherFormat() {
    const std::string gbench = readBytes(kDataDir / "gbench/tiny.json").toStdString();
    QVERIFY(resultsFromJson(gbench) == gbenchFromJson(gbench));
    const std::string session = readBytes(kDataDir / "session.json").toStdString();
    QVERIFY(resultsFromJson(session) == sessionFromJson(session));
    // Only top-level keys tell, wherever they come.
    QCOMPARE(resultsFromJson("{\"note\": {\"format\": 1}, \"benchmarks\": []}")
                 .runs.front()
                 .settings.origin,
             std::string(kGbenchOrigin));
    const auto error = [](const std::string& json) {
      try {
        resultsFromJson(json);
      } catch (const SessionError& e) {
        return QString::fromStdString(e.what());
      }
      return QString();
    };
    QCOMPARE(error("{\"points\": []}"),
             QStringLiteral("not an AccelLab session or Google Benchmark JSON (it has neither "
                            "\"format\" nor \"benchmarks\")"));
    QCOMPARE(error("[]"), QStringLiteral("not an AccelLab session: the file holds a JSON array, "
                                         "not an object"));
    QVERIFY(error("{\"benchmarks\": [").startsWith(QStringLiteral("not valid JSON")));
    QVERIFY(error("{\"format\": \"chrome-trace\"}")
                .startsWith(QStringLiteral("not an AccelLab session (")));
    try {
      readResultsFile(kDataDir / "malformed/other-format.json");
      QFAIL("no SessionError");
    } catch (const SessionError& e) {
      QVERIFY2(QString::fromUtf8(e.what()).endsWith(
                   QStringLiteral("other-format.json: not an AccelLab session (\"format\" is not "
                                  "\"accellab-session\")")),
               e.what());
    }
  }

  void exportsWhatCompareReads() {
    // tools/compare.py groups entries by "name" (filters by "run_name"), needs "real_time",
    // "cpu_time" and "time_unit" in every entry it compares, runs its U test over the
    // "iteration" entries of one name, and sorts by family_index, per_family_instance_index,
    // run_type and repetition_index.
    const Run run = exampleRun();
    const QJsonObject json =
        QJsonDocument::fromJson(QByteArray::fromStdString(gbenchToJson(run))).object();
    const QJsonObject context = json[QStringLiteral("context")].toObject();
    QCOMPARE(context[QStringLiteral("date")].toString(),
             QStringLiteral("2026-11-30T04:33:24+00:00"));
    QCOMPARE(context[QStringLiteral("host_name")].toString(), QStringLiteral("lab-1"));
    QCOMPARE(context[QStringLiteral("executable")].toString(),
             QStringLiteral("accellab-cli run add"));
    QCOMPARE(context[QStringLiteral("num_cpus")].toInt(), 2);
    QCOMPARE(context[QStringLiteral("library_build_type")].toString(), QStringLiteral("release"));
    QCOMPARE(context[QStringLiteral("caches")].toArray().size(), 3);
    QCOMPARE(context[QStringLiteral("caches")]
                 .toArray()[2]
                 .toObject()[QStringLiteral("size")]
                 .toInteger(),
             2 << 20);

    const QJsonArray benchmarks = json[QStringLiteral("benchmarks")].toArray();
    // 3 + 2 + 1 samples, aggregates for the two points with two samples or more, no gpu row.
    QCOMPARE(benchmarks.size(), 3 + 4 + 2 + 4 + 1);
    for (const QJsonValue& value : benchmarks) {
      const QJsonObject entry = value.toObject();
      for (const char* field :
           {"name", "run_name", "run_type", "family_index", "per_family_instance_index",
            "repetitions", "threads", "iterations", "real_time", "cpu_time", "time_unit"})
        QVERIFY2(entry.contains(QLatin1String(field)), field);
      QCOMPARE(entry[QStringLiteral("time_unit")].toString(), QStringLiteral("ns"));
      // No point of this run had its CPU time measured: each entry says so.
      QCOMPARE(entry[QStringLiteral("cpu_time")], entry[QStringLiteral("real_time")]);
      QCOMPARE(entry[QStringLiteral("accellab_cpu_time")].toString(),
               QStringLiteral("not measured: cpu_time repeats real_time"));
      QVERIFY(!entry[QStringLiteral("name")].toString().startsWith(QStringLiteral("add/gpu")));
    }

    const QString loop = QStringLiteral("add/loop/shape:64x64x64/dtype:f64");
    const auto loopRows = entries(benchmarks, loop, QStringLiteral("iteration"));
    QCOMPARE(loopRows.size(), std::size_t{3});
    for (std::size_t i = 0; i < loopRows.size(); ++i) {
      const QJsonObject& row = loopRows[i];
      QCOMPARE(row[QStringLiteral("name")].toString(), loop);
      QCOMPARE(row[QStringLiteral("repetition_index")].toInt(), int(i));
      QCOMPARE(row[QStringLiteral("repetitions")].toInt(), 3);
      QCOMPARE(row[QStringLiteral("iterations")].toInteger(), 1);
      QCOMPARE(row[QStringLiteral("real_time")].toDouble(), run.points[0].samplesS[i] * 1e9);
      QCOMPARE(row[QStringLiteral("items_per_second")].toDouble(),
               262144 / run.points[0].samplesS[i]);
      QCOMPARE(row[QStringLiteral("bytes_per_second")].toDouble(),
               6291456 / run.points[0].samplesS[i]);
    }
    const auto median =
        entries(benchmarks, loop, QStringLiteral("aggregate"), QStringLiteral("median"));
    QCOMPARE(median.size(), std::size_t{1});
    QCOMPARE(median[0][QStringLiteral("name")].toString(), loop + QStringLiteral("_median"));
    QCOMPARE(median[0][QStringLiteral("real_time")].toDouble(), 4.5e-4 * 1e9);
    QCOMPARE(median[0][QStringLiteral("aggregate_unit")].toString(), QStringLiteral("time"));
    const auto cv = entries(benchmarks, loop, QStringLiteral("aggregate"), QStringLiteral("cv"));
    QCOMPARE(cv[0][QStringLiteral("real_time")].toDouble(),
             run.points[0].stats.stddevS / run.points[0].stats.meanS);
    QCOMPARE(cv[0][QStringLiteral("aggregate_unit")].toString(), QStringLiteral("percentage"));

    const QString parallel = QStringLiteral("add/parallel/shape:64x64x64/dtype:f64/threads:2");
    const auto parallelRows = entries(benchmarks, parallel, QStringLiteral("iteration"));
    QCOMPARE(parallelRows.size(), std::size_t{2});
    QCOMPARE(parallelRows[0][QStringLiteral("threads")].toInt(), 2);
    QCOMPARE(parallelRows[0][QStringLiteral("family_index")].toInt(), 1);
    const auto pi =
        entries(benchmarks, QStringLiteral("pi/loop/samples:1000000"), QStringLiteral("iteration"));
    QCOMPARE(pi.size(), std::size_t{1});
    QVERIFY(!pi[0].contains(QStringLiteral("bytes_per_second")));  // pi moves no bytes
    QVERIFY(entries(benchmarks, QStringLiteral("pi/loop/samples:1000000"),
                    QStringLiteral("aggregate"), QStringLiteral("median"))
                .empty());
  }

  // The CPU time measured beside each sample is the export's cpu_time (it repeated real_time),
  // its aggregates too; an import keeps it, and an export before it measured CPU time (its
  // context said "not measured") is imported without one.
  void exportsTheMeasuredCpuTime() {
    Run run = exampleRun();
    PointResult& loop = run.points[0];
    CpuUse cpu;
    cpu.samplesS = {6e-4, 7.5e-4, 6.75e-4};  // 1.5 times the loop's samples
    cpu.medianS = median(cpu.samplesS);
    cpu.cores = 1.5;
    loop.cpu = cpu;
    const std::string text = gbenchToJson(run);
    const QJsonArray benchmarks = QJsonDocument::fromJson(QByteArray::fromStdString(text))
                                      .object()[QStringLiteral("benchmarks")]
                                      .toArray();
    const QString name = QStringLiteral("add/loop/shape:64x64x64/dtype:f64");
    const auto rows = entries(benchmarks, name, QStringLiteral("iteration"));
    QCOMPARE(rows.size(), std::size_t{3});
    for (std::size_t i = 0; i < rows.size(); ++i) {
      QCOMPARE(rows[i][QStringLiteral("cpu_time")].toDouble(), cpu.samplesS[i] * 1e9);
      QVERIFY(!rows[i].contains(QStringLiteral("accellab_cpu_time")));
    }
    const auto median =
        entries(benchmarks, name, QStringLiteral("aggregate"), QStringLiteral("median"));
    QCOMPARE(median[0][QStringLiteral("cpu_time")].toDouble(), cpu.medianS * 1e9);

    const Run back = gbenchFromJson(text).runs.front();
    QVERIFY(back.points[0].cpu.has_value());
    // Nanoseconds and back: the nearest double whose nanoseconds are those written.
    QCOMPARE(back.points[0].cpu->samplesS.size(), cpu.samplesS.size());
    for (std::size_t i = 0; i < cpu.samplesS.size(); ++i)
      QCOMPARE(back.points[0].cpu->samplesS[i] * 1e9, cpu.samplesS[i] * 1e9);
    QCOMPARE(back.points[0].cpu->medianS * 1e9, cpu.medianS * 1e9);
    QVERIFY(std::abs(back.points[0].cpu->cores - 1.5) < 1e-12);
    QVERIFY(!back.points[1].cpu.has_value());  // marked as not measured
    QCOMPARE(QString::fromStdString(gbenchToJson(back)), QString::fromStdString(text));

    std::string old = text;
    const std::string now = "\"accellab_cpu_time\": \"the CPU time";
    old.replace(old.find(now), now.size(),
                "\"accellab_cpu_time\": \"not measured: cpu_time repeats real_time\", \"x\": \"");
    QVERIFY(!gbenchFromJson(old).runs.front().points[0].cpu.has_value());
  }

  void exportReadsBack() {
    Run run = exampleRun();
    run.system.cpuMHz = 2450;
    run.system.loadAverage = {0.5, 0.25, 1.75};
    QTemporaryDir dir;
    const std::filesystem::path path = dir.filePath(QStringLiteral("run.json")).toStdString();
    writeGbenchFile(run, path);
    const Run back = readResultsFile(path).runs.front();
    QCOMPARE(back.created, run.created);
    QCOMPARE(back.name, run.name);
    QCOMPARE(back.system.hostName, run.system.hostName);
    QVERIFY(back.system.caches == run.system.caches);
    QCOMPARE(back.system.cpuMHz, 2450);
    QVERIFY(back.system.loadAverage == run.system.loadAverage);
    QCOMPARE(back.points.size(), std::size_t{3});  // the skipped gpu point was not measured
    for (std::size_t i = 0; i < back.points.size(); ++i) {
      const PointResult& original = run.points[i];
      const PointResult& read = back.points[i];
      // The same point, named as it was exported.
      Point expected = original.point;
      expected.originalName = gbenchName(original.point);
      QVERIFY2(read.point == expected, read.point.originalName.c_str());
      QCOMPARE(read.samplesS, original.samplesS);  // nanoseconds and back, bit for bit
      QCOMPARE(read.elements, original.elements);
      QCOMPARE(read.bytes, original.bytes);
      QCOMPARE(read.elementsPerS, original.elementsPerS);
      QCOMPARE(read.bytesPerS, original.bytesPerS);
    }
    QVERIFY_THROWS_EXCEPTION(OutputError, writeGbenchFile(run, dir.path().toStdString()));
  }

  void exportNamesReadBack_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("threads");  // as the entry's threads field says them
    QTest::addColumn<QString>("point");
    QTest::addColumn<QString>("dtype");
    const auto row = [](const Point& point) {
      QTest::newRow(gbenchName(point).c_str())
          << QString::fromStdString(gbenchName(point)) << point.threads
          << QString::fromStdString(describe(point))
          << QString::fromUtf8(toString(point.params.dtype));
    };
    Params matmul;
    matmul.kernelParams = {{"n", 512}};
    matmul.dtype = DType::f32;
    Params f32Samples = test::sampleParams(1000);
    f32Samples.dtype = DType::f32;
    row({"add", "parallel", test::arrayParams({16, 64, 64}), 2});
    row({"add", "loop", test::arrayParams({1, 1, 1}, DType::f32), 1});
    row({"pi", "loop", test::sampleParams(1000000000), 1});
    row({"pi", "loop", f32Samples, 1});
    row({"pi", "mpi", test::sampleParams(100000000), 2, 4});
    row({"matmul", "blocked", matmul, 8});
    row({"stencil", "loop-strided", test::arrayParams({8, 8, 8}), 1, 1});
  }
  void exportNamesReadBack() {
    // The kernel, variant, problem, threads and ranks the export names, and the same name again.
    QFETCH(QString, name);
    QFETCH(int, threads);
    QFETCH(QString, point);
    QFETCH(QString, dtype);
    const Point read = gbenchPoint(name.toStdString(), threads);
    QCOMPARE(QString::fromStdString(describe(read)), point);
    QCOMPARE(QString::fromUtf8(toString(read.params.dtype)), dtype);
    QCOMPARE(QString::fromStdString(gbenchName(read)), name);
    Point own = read;
    own.originalName.clear();
    QCOMPARE(QString::fromStdString(gbenchName(own)), name);
  }

  void exportGrammarOnlyAsWritten_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("variant");
    // Spelled otherwise than the export writes: someone else's benchmark, mapped as any.
    QTest::newRow("order") << "add/loop/dtype:f64/shape:1x1x1"
                           << "add.loop.dtype_f64.shape_1x1x1";
    QTest::newRow("no problem") << "add/loop/threads:2"
                                << "add.loop";
    QTest::newRow("shape and samples") << "pi/loop/shape:1x1x1/samples:5/dtype:f64"
                                       << "pi.loop.shape_1x1x1.samples_5.dtype_f64";
    QTest::newRow("samples say f64") << "pi/loop/samples:5/dtype:f64"
                                     << "pi.loop.samples_5.dtype_f64";
    QTest::newRow("leading zero") << "pi/loop/samples:05"
                                  << "pi.loop.samples_05";
    QTest::newRow("unknown dtype") << "add/loop/shape:1x1x1/dtype:f16"
                                   << "add.loop.shape_1x1x1.dtype_f16";
    QTest::newRow("option as parameter") << "BM_x/y/iterations:5"
                                         << "BM_x.y.iterations_5";
    QTest::newRow("one rank") << "pi/mpi/samples:5/ranks:1"
                              << "pi.mpi.samples_5.ranks_1";
  }
  void exportGrammarOnlyAsWritten() {
    QFETCH(QString, name);
    QFETCH(QString, variant);
    const Point point = gbenchPoint(name.toStdString(), 1);
    QCOMPARE(QString::fromStdString(point.variant), variant);
    QCOMPARE(point.ranks, 1);
  }

  void exportImportExportIsStable() {
    // AccelLab's own export, read back and written again: the same file, and a comparison with
    // the source run that matches every point.
    Run run = exampleRun();
    Params matmul;
    matmul.kernelParams = {{"n", 64}};
    run.points.push_back(
        test::measuredPoint({"matmul", "loop", matmul, 1}, {3e-3, 3.1e-3}, {4096, 98304, 524288}));
    run.system.buildType = "Debug";
    const std::string first = gbenchToJson(run);
    const Run back = gbenchFromJson(first).runs.front();
    QCOMPARE(back.system.buildType, std::string("debug"));
    QCOMPARE(back.settings.origin, "Google Benchmark " + run.settings.origin);
    const std::string second = gbenchToJson(back);
    QCOMPARE(QString::fromStdString(second), QString::fromStdString(first));
    QCOMPARE(gbenchToJson(gbenchFromJson(second).runs.front()), second);

    const Comparison comparison = compareRuns(run, back);
    QCOMPARE(comparison.rows.size(), std::size_t{5});  // 4 measured, and the gpu point
    QCOMPARE(countOf(comparison, Verdict::unchanged), std::size_t{4});
    QCOMPARE(countOf(comparison, Verdict::onlyInBase), std::size_t{1});  // not measured
    for (const ComparisonRow& row : comparison.rows)
      if (row.ratio) QCOMPARE(*row.ratio, 1.0);
  }

  void exportKeepsRanks() {
    // 1, 2 and 4 ranks of one MPI point: three names, three points again, and the launch.
    Run run = exampleRun();
    run.points.clear();
    for (int ranks : {1, 2, 4})
      run.points.push_back(test::measuredPoint({"pi", "mpi", test::sampleParams(1000000), 1, ranks},
                                               {1e-3 / ranks, 1.1e-3 / ranks}, {1000000, 0}));
    run.mpi = MpiInfo{"Open MPI v4.1.4", 4, Scaling::weak, {run.system}};
    const Session session = gbenchFromJson(gbenchToJson(run));
    const Run& back = session.runs.front();
    QCOMPARE(back.points.size(), std::size_t{3});
    for (std::size_t i = 0; i < 3; ++i) {
      QCOMPARE(back.points[i].point.ranks, run.points[i].point.ranks);
      QCOMPARE(back.points[i].samplesS, run.points[i].samplesS);
    }
    QCOMPARE(back.points[2].point.originalName, std::string("pi/mpi/samples:1000000/ranks:4"));
    QVERIFY(back.mpi);
    QCOMPARE(back.mpi->library, run.mpi->library);
    QCOMPARE(back.mpi->worldSize, 4);
    QVERIFY(back.mpi->scaling == Scaling::weak);
    QVERIFY(sessionFromJson(sessionToJson(session)) == session);  // a session that saves
    QCOMPARE(countOf(compareRuns(run, back), Verdict::unchanged), std::size_t{3});

    // Without the launch in the context: as large as its largest point.
    QJsonObject json =
        QJsonDocument::fromJson(QByteArray::fromStdString(gbenchToJson(run))).object();
    QJsonObject context = json[QStringLiteral("context")].toObject();
    context.remove(QStringLiteral("accellab_mpi"));
    json[QStringLiteral("context")] = context;
    const Session bare = gbenchFromJson(QJsonDocument(json).toJson().toStdString());
    QVERIFY(bare.runs.front().mpi);
    QCOMPARE(bare.runs.front().mpi->worldSize, 4);
    QVERIFY(sessionFromJson(sessionToJson(bare)) == bare);
  }

  void collidingNamesStayApart() {
    // Both names map to kernel BM_a, 1 sample, variant BM_a; so do the two non-ASCII ones to
    // BM__: each stays a point of its own, under its own name.
    const auto row = [](const std::string& name, double ns) {
      std::ostringstream rows;
      for (int repetition = 0; repetition < 5; ++repetition)
        rows << (repetition ? "," : "") << "{\"name\": \"" << name
             << "\", \"run_type\": \"iteration\", \"repetition_index\": " << repetition
             << ", \"iterations\": 10, \"real_time\": " << ns * (1 + 0.01 * repetition)
             << ", \"cpu_time\": 1, \"time_unit\": \"ns\"}";
      return rows.str();
    };
    const Session session =
        gbenchFromJson(fileWith(row("BM_a/1", 1000) + "," + row("BM a/1", 100) + "," +
                                row("BM_\u00b5/1", 5) + "," + row("BM_\u00e9/1", 7)));
    const Run& base = session.runs.front();
    QCOMPARE(base.points.size(), std::size_t{4});
    const Point& exact = base.points[0].point;
    const Point& spaced = base.points[1].point;
    QCOMPARE(exact.variant, std::string("BM_a"));  // its name maps exactly: it keeps BM_a
    QCOMPARE(spaced.kernel, std::string("BM_a"));
    QVERIFY2(spaced.variant.starts_with("BM_a-") && spaced.variant.size() == 4 + 1 + 16,
             spaced.variant.c_str());
    QCOMPARE(spaced.originalName, std::string("BM a/1"));
    QVERIFY(base.points[2].point.variant != base.points[3].point.variant);
    for (const PointResult& result : base.points) QVERIFY(isPlainName(result.point.variant));
    QCOMPARE(base.points[3].point.originalName, std::string("BM_\u00e9/1"));
    // The original names are stored in the session, so a saved import stays apart.
    QVERIFY(sessionFromJson(sessionToJson(session)) == session);

    // Another file holds "BM a/1" alone, mapped to plain BM_a there: compared by its name, it
    // is the same benchmark, not a 10x faster BM_a/1.
    const Run next = gbenchFromJson(fileWith(row("BM a/1", 100))).runs.front();
    QCOMPARE(next.points.front().point.variant, std::string("BM_a"));
    const Comparison comparison = compareRuns(base, next);
    QCOMPARE(countOf(comparison, Verdict::faster) + countOf(comparison, Verdict::slower),
             std::size_t{0});
    QCOMPARE(countOf(comparison, Verdict::unchanged), std::size_t{1});
    QCOMPARE(countOf(comparison, Verdict::onlyInBase), std::size_t{3});
    for (const ComparisonRow& row : comparison.rows)
      if (row.verdict == Verdict::unchanged) QCOMPARE(row.point.originalName, spaced.originalName);
  }

  void threadCountsOfOneBenchmarkStayOneWork() {
    // "BM a/1" at 1 and 2 threads takes one hash, so the two are one work at two thread counts.
    const std::string entries =
        "{\"name\": \"BM_a/1\", \"iterations\": 1, \"real_time\": 1, \"cpu_time\": 1, "
        "\"time_unit\": \"ns\"},"
        "{\"name\": \"BM a/1\", \"iterations\": 1, \"real_time\": 1, \"cpu_time\": 1, "
        "\"time_unit\": \"ns\"},"
        "{\"name\": \"BM a/1/threads:2\", \"threads\": 2, \"iterations\": 1, \"real_time\": 1, "
        "\"cpu_time\": 1, \"time_unit\": \"ns\"}";
    const Run run = gbenchFromJson(fileWith(entries)).runs.front();
    QCOMPARE(run.points.size(), std::size_t{3});
    QVERIFY(run.points[1].point.variant != run.points[0].point.variant);
    QCOMPARE(run.points[2].point.variant, run.points[1].point.variant);
    QCOMPARE(run.points[2].point.threads, 2);
  }

  void unknownStaysUnknown() {
    // A benchmark without an argument has no known size; nothing verified an imported point;
    // the report says both, and shows the benchmark's own name.
    const Session session = gbenchFromJson(
        fileWith("{\"name\": \"BM Plain\", \"iterations\": 1, \"real_time\": 1, \"cpu_time\": 1, "
                 "\"time_unit\": \"ns\"}"));
    const Run& run = session.runs.front();
    const Point& point = run.points.front().point;
    QVERIFY(!point.params.samples && !point.params.shape && point.params.kernelParams.empty());
    QCOMPARE(describe(point.params), std::string("no size"));
    QVERIFY(sessionFromJson(sessionToJson(session)) == session);
    QCOMPARE(run.system.totalRamBytes, std::uint64_t{0});  // the file does not say
    QVERIFY(run.system.simdSelected.empty());

    const std::vector<ReportRow> rows = buildRunRows(run);
    QCOMPARE(rows.size(), std::size_t{1});
    QCOMPARE(rows.front().problem, std::string("no size"));
    QCOMPARE(rows.front().note, std::string("benchmark BM Plain"));
    for (const ReportColumn& column : reportColumns())
      if (column.id == "verified") QCOMPARE(column.text(rows.front()), std::string("-"));
  }

  void refusesUnrepresentableExports() {
    // A time too large for nanoseconds in a double would be written null: refused, named.
    Run run = exampleRun();
    run.points.resize(1);
    run.points[0].samplesS[1] = 1.7e308;
    run.points[0].stats = summarize(run.points[0].samplesS);
    try {
      gbenchToJson(run);
      QFAIL("no SessionError");
    } catch (const SessionError& e) {
      QCOMPARE(QString::fromUtf8(e.what()),
               QStringLiteral("cannot export add/loop/shape:64x64x64/dtype:f64: sample 1 "
                              "(1.7e+308 s) is not representable (times up to 1.798e+299 s)"));
    }
    QTemporaryDir dir;
    const std::filesystem::path path = dir.filePath(QStringLiteral("run.json")).toStdString();
    QVERIFY_THROWS_EXCEPTION(OutputError, writeGbenchFile(run, path));
    QVERIFY(!std::filesystem::exists(path));
    // The largest time that is representable exports; read back, it is refused as a session
    // refuses it (no measured time), naming the field. The largest a session holds reads back.
    run.points[0].samplesS = {1.7e299};
    run.points[0].stats = summarize(run.points[0].samplesS);
    const std::string json = gbenchToJson(run);
    QVERIFY(json.find("null") == std::string::npos);
    try {
      gbenchFromJson(json);
      QFAIL("no SessionError");
    } catch (const SessionError& e) {
      QVERIFY2(
          QString::fromUtf8(e.what()).contains("ns is no measured time (at most 1e9 s, 31 years)"),
          e.what());
    }
    run.points[0].samplesS = {kMaxTimeS};
    run.points[0].stats = summarize(run.points[0].samplesS);
    QCOMPARE(gbenchFromJson(gbenchToJson(run)).runs.front().points.front().samplesS,
             std::vector<double>{kMaxTimeS});
  }
};

QTEST_GUILESS_MAIN(TestGbench)
#include "tst_gbench.moc"
