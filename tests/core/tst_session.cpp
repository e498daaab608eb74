// The session file: round trip, golden files of both versions, atomic writes, hostile input.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QtTest>
#include <chrono>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "accellab/experiment_settings.h"
#include "accellab/output_file.h"
#include "accellab/quality.h"
#include "accellab/results_file.h"
#include "accellab/session.h"
#include "golden_file.h"
#include "large_session.h"
#include "sample_session.h"

using namespace accellab;

namespace {

std::string readText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const std::filesystem::path kDataDir = ACCELLAB_TEST_DATA_DIR;

std::string goldenText() { return readText(kDataDir / "session.json"); }
std::string mpiGoldenText() { return readText(kDataDir / "session-mpi.json"); }

// `text` with the first occurrence of `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  if (at == std::string::npos) throw std::logic_error("not in the golden file: " + from);
  return text.replace(at, from.size(), to);
}

// The golden text with the first occurrence of `from` replaced by `to`.
std::string goldenWith(const std::string& from, const std::string& to) {
  std::string text = goldenText();
  const auto at = text.find(from);
  if (at == std::string::npos) throw std::logic_error("not in the golden file: " + from);
  return text.replace(at, from.size(), to);
}

std::vector<std::string> filesIn(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// `count` members "k0": 0, "k1": 0, …
std::string manyMembers(int count) {
  std::string members;
  for (int i = 0; i < count; ++i) members += (i ? ", \"k" : "\"k") + std::to_string(i) + "\": 0";
  return members;
}

QString sessionError(const std::string& json) {
  try {
    sessionFromJson(json);
  } catch (const SessionError& error) {
    return QString::fromStdString(error.what());
  }
  return {};
}

// Why the session `json`, its first `from` made `to`, is refused; empty when it is read.
QString refusalOf(std::string json, const std::string& from, const std::string& to) {
  const auto at = json.find(from);
  if (at == std::string::npos) return QStringLiteral("'%1' not in the file").arg(from.c_str());
  json.replace(at, from.size(), to);
  return sessionError(json);
}

}  // namespace

class TestSession : public QObject {
  Q_OBJECT

 private slots:
  void roundTripInMemory() {
    const Session session = test::sampleSession();
    QVERIFY(sessionFromJson(sessionToJson(session)) == session);
  }

  void roundTripOddValues() {
    Session session = test::sampleSession();
    Run& run = session.runs.front();
    run.system.gpus.clear();
    run.system.gpuReason = "no CUDA device";
    run.points.front().samplesS = {1e-9, 0.1 + 0.2, 123456.789};  // exact doubles survive
    run.points.front().point.params.seed = ~0ull;
    run.points.front().reason = "a \"quoted\"\nreason, ünïcode";
    run.settings.measure.quality.maxRelativeSpread = 0.1 + 0.2;
    QVERIFY(sessionFromJson(sessionToJson(session)) == session);
  }

  // A kernel's own parameters, a problem sized by them alone, counted FLOPs and compute roofs
  // come back as they were written.
  void roundTripKernelParamsAndFlops() {
    Session session = test::sampleSession();
    Run& run = session.runs.front();
    PointResult& point = run.points.front();
    point.point.params.shape.reset();
    point.point.params.samples.reset();
    point.point.params.kernelParams = {{"n", 2048}, {"block", 64}};
    point.flops = 2ull * 2048 * 2048 * 2048;
    point.flopsPerS = 1.5e11;
    run.system.computeCeilings = {{DType::f64, "AVX2", 2, -1, 6.4e10},
                                  {DType::f32, "CUDA", 0, 0, 6.7e13}};
    run.system.cacheRoofs = {{1, 48 << 10, 1, 2.1e11}, {3, 32 << 20, 2, 1.8e11}};
    const std::string json = sessionToJson(session);
    QVERIFY(json.find("\"kernel_params\": {") != std::string::npos);
    QVERIFY(json.find("\"cache_roofs\"") != std::string::npos);
    QVERIFY(sessionFromJson(json) == session);
    // A roof of no bandwidth, or of no level, is refused.
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"210000000000.0", "0.0"},
                                   {"\"level\": 3", "\"level\": 0"}}) {
      std::string broken = json;
      broken.replace(broken.find(from), from.size(), to);
      QVERIFY_THROWS_EXCEPTION(SessionError, sessionFromJson(broken));
    }
  }

  // A benchmark of no parameters at all (an asv file's `def time_ok(): ...`): neither shape,
  // samples nor parameters, nor an element type. The writer says so with an empty
  // kernel_params, and the session opens again (it did not: "needs a shape, samples or
  // kernel_params", every run of the file unreachable).
  void roundTripParameterlessPoint() {
    Session session = test::sampleSession();
    PointResult& point = session.runs.front().points.front();
    point.point.kernel = "sums.py-plain";
    point.point.variant = "time_ok";
    point.point.params = Params{};
    point.point.params.typed = false;
    const std::string json = sessionToJson(session);
    QVERIFY(json.find("\"kernel_params\": {}") != std::string::npos);
    QVERIFY(sessionFromJson(json) == session);
  }

  // The CPU time of each sample comes back as written; one that does not match the samples, or
  // claims more cores than a point has threads, is refused, and the writer refuses it first.
  void roundTripCpuTime() {
    Session session = test::sampleSession();
    const std::string json = sessionToJson(session);
    QVERIFY(json.find("\"cpu\": {\"median_s\"") != std::string::npos);
    const Session read = sessionFromJson(json);
    QVERIFY(read == session);
    QVERIFY(read.runs.front().points.front().cpu.has_value());
    QCOMPARE(read.runs.front().points.front().cpu->cores, 0.99);

    session.runs.front().points.front().cpu->samplesS.pop_back();
    try {
      sessionToJson(session);
      QFAIL("no SessionError");
    } catch (const SessionError& e) {
      QCOMPARE(QString::fromStdString(e.what()),
               QString("the session would not open again: runs[0].points[0].cpu.samples_s: holds "
                       "2 samples where samples_s holds 3"));
    }
    QTemporaryDir dir;
    const std::filesystem::path path = dir.filePath("run.json").toStdString();
    writeSessionFile(test::sampleSession(), path);
    QVERIFY_THROWS_EXCEPTION(OutputError, writeSessionFile(session, path));
    QVERIFY(readSessionFile(path) == test::sampleSession());  // the previous file stands
  }

  // The property: every kind of run the program makes, in one session, written and read back
  // equal (an asv file's benchmarks without params once could not be: every run of the file
  // was lost to the reader).
  void everyKindOfRunReadsBack() {
    Session session = test::sampleSession();  // built-in: ok, failed, skipped, cancelled, gpu
    const auto add = [&session](Run run) {
      run.id = nextRunId(session);
      session.runs.push_back(std::move(run));
    };
    // MPI launches, and a Google Benchmark import, as the readers made them.
    for (Run& run : readSessionFile(kDataDir / "session-mpi.json").runs) add(std::move(run));
    for (Run& run : readResultsFile(kDataDir / "gbench/tiny.json").runs) add(std::move(run));
    // A plugin's kernel, with its reported values and the values a failed report cost.
    Run plugin = test::sampleSecondRun();
    plugin.plugin = PluginIdentity{.name = "dot",
                                   .version = "1.0",
                                   .file = "/home/me/libdot.so",
                                   .sha256 = std::string(64, 'a'),
                                   .kind = "plugin"};
    plugin.points.front().point.kernel = "dot";
    plugin.points.front().values = {{"abserr", "", 1.5e-12}};
    plugin.points.push_back(plugin.points.front());
    plugin.points.back().values.clear();
    plugin.points.back().valuesMissing = "its report_values failed: no counter";
    // Counted in the worker: software events on a VM, and a machine's hardware ones.
    plugin.system.counters = "counted: page-faults, context-switches, cpu-migrations";
    plugin.system.ceilingsBusy = "load average 3.10 over the last minute is above the 2 cores";
    plugin.points.front().counts =
        EventCounts{{{"page-faults", 0.25}, {"context-switches", 0.002}, {"cycles", 4.5e6}},
                    {{"page-faults", 262144}}};
    plugin.points.back().output =
        "[70000 bytes before these were not kept]\nGr\xef\xbf\xbd"
        "e\n\x1b[2J last line";
    add(plugin);
    // An asv file: benchmarks with params (an axis of strings), and without any.
    Run asv = test::sampleSecondRun();
    asv.plugin = PluginIdentity{.name = "bench",
                                .version = "Python 3.11.2 (/usr/bin/python3), NumPy 1.24.2",
                                .file = "/home/me/bench.py",
                                .sha256 = std::string(64, 'b'),
                                .kind = "python"};
    asv.unrelatedVariants = true;
    PointResult& sized = asv.points.front();
    sized.point.kernel = "bench-n-dtype";
    sized.point.variant = "Sizes.time_sum";
    sized.point.params = Params{};
    sized.point.params.typed = false;
    sized.point.params.kernelParams = {{"n", 1000}, {"dtype", 1}};
    sized.point.params.labels = {{"dtype", "'float64'"}};
    sized.repetitionsBy = "repeat = 5";
    PointResult plain = sized;
    plain.point.kernel = "bench-plain";
    plain.point.variant = "time_ok";
    plain.point.params.kernelParams.clear();
    plain.point.params.labels.clear();
    plain.cpu = CpuUse{{0.0001, 0.0001, 0.0001}, 0.0001, 0.026};
    asv.points.push_back(plain);
    add(asv);
    // Functions and a CUDA source that joined a built-in kernel, the source's build recorded.
    Run joined = test::sampleRun();
    joined.variantSources = {
        {"my_numpy", PluginIdentity{.name = "my_add",
                                    .version = "Python 3.11.2 (/usr/bin/python3)",
                                    .file = "/home/me/my_add.py",
                                    .sha256 = std::string(64, 'c'),
                                    .kind = "python"}},
        {"my_add", PluginIdentity{.name = "my_add",
                                  .version = {},
                                  .file = "/home/me/my_add.cu",
                                  .sha256 = std::string(64, 'd'),
                                  .kind = "cuda"}}};
    joined.points[3].point.variant = "my_add";
    joined.points[3].build = CodeBuild{.how = "NVRTC 13.0, sm_90", .compileS = 0.4, .loadS = 0.01};
    joined.points[1].point.variant = "my_numpy";
    add(joined);

    const std::string json = sessionToJson(session);
    QVERIFY(sessionFromJson(json) == session);
    QTemporaryDir dir;
    const std::filesystem::path path = dir.filePath("every.json").toStdString();
    writeSessionFile(session, path);
    QVERIFY(readSessionFile(path) == session);
  }

  // The plugin a run's kernel came from, and the machine's state (its Python, stated clock
  // and load), come back as written; left out where unknown, and refused where wrong.
  void roundTripPluginAndMachineState() {
    Session session = test::sampleSession();
    Run& run = session.runs.front();
    QVERIFY(sessionToJson(session).find("\"plugin\"") == std::string::npos);
    QVERIFY(sessionToJson(session).find("load_average") == std::string::npos);
    run.plugin =
        PluginIdentity{"saxpy-example", "1.0.0", "/home/me/libsaxpy.so", std::string(64, 'a')};
    run.system.python =
        "python3 from PATH (/usr/bin/python3, Python 3.11.2): NumPy 1.24.2, "
        "Numba 0.56.4";
    run.system.cpuMHz = 2450;
    run.system.loadAverage = {0.52, 0.58, 0.59};
    run.system.streamingFromBytes = std::uint64_t{64} << 20;
    run.system.streamingMethod = "copies with 2 threads, streaming against cached stores";
    run.settings.measure.streamingFromBytes = std::uint64_t{64} << 20;
    run.system.splitFromBytes = std::uint64_t{1} << 20;
    run.system.splitMethod = "copies, 2 threads against 1";
    run.settings.measure.splitFromBytes = std::uint64_t{1} << 20;
    run.points[2].stores = "streaming";
    run.points[1].stores = "cached";
    QVERIFY(sessionToJson(session).find("\"build\"") == std::string::npos);
    run.points[0].build = CodeBuild{.how = "NVRTC 13.0, sm_90 cubin of my_add.cu (SHA-256 3f2a…)",
                                    .compileS = 0.41,
                                    .loadS = 0.003};
    const std::string json = sessionToJson(session);
    QVERIFY(sessionFromJson(json) == session);
    const auto refused = [&json](const std::string& from, const std::string& to) {
      return refusalOf(json, from, to);
    };
    QVERIFY(refused("\"" + std::string(64, 'a') + "\"", "\"abc\"")
                .contains(QStringLiteral("sha256: is not a SHA-256")));
    QVERIFY(refused("\"" + std::string(64, 'a') + "\"", "\"" + std::string(64, 'A') + "\"")
                .contains(QStringLiteral("sha256: is not a SHA-256")));
    QVERIFY(refused("\"saxpy-example\"", "\"../evil\"")
                .contains(QStringLiteral("plugin.name: '../evil' is not a plain name")));
    QVERIFY(refused("\"load_average\": [", "\"load_average\": [1, ")
                .contains(QStringLiteral("3 numbers at most")));
    QVERIFY(refused("\"stores\": \"streaming\"", "\"stores\": \"sideways\"")
                .contains(QStringLiteral("stores: is \"streaming\" or \"cached\"")));
    // A build without OpenSSL records no digest: read as such.
    QVERIFY(refused("\"" + std::string(64, 'a') + "\"", "\"\"").isEmpty());
  }

  // The user's files that variants joined the kernel from (a Python function, a CUDA source)
  // come back as written, by variant; a kind, a name or a variant repeated is refused.
  void roundTripVariantSources() {
    Session session = test::sampleSession();
    Run& run = session.runs.front();
    QVERIFY(sessionToJson(session).find("variant_sources") == std::string::npos);
    run.variantSources.emplace(
        "my_numpy", PluginIdentity{.name = "my_add",
                                   .version = "Python 3.11.2 (/usr/bin/python3), NumPy 1.24.2",
                                   .file = "/home/me/my_add.py",
                                   .sha256 = std::string(64, 'c'),
                                   .kind = "python"});
    run.variantSources.emplace("my_gpu", PluginIdentity{.name = "my_add",
                                                        .version = {},
                                                        .file = "/home/me/my_add.cu",
                                                        .sha256 = std::string(64, 'd'),
                                                        .kind = "cuda"});
    const std::string json = sessionToJson(session);
    QVERIFY(sessionFromJson(json) == session);
    const auto refusedWith = [&json](const std::string& from, const std::string& to) {
      return refusalOf(json, from, to);
    };
    QVERIFY(refusedWith("\"cuda\"", "\"fortran\"")
                .contains(QStringLiteral("kind: is none of \"plugin\", \"python\" and \"cuda\"")));
    QVERIFY(refusedWith("\"my_gpu\"", "\"my_numpy\"")
                .contains(QStringLiteral("variant: names a variant listed before")));
    QVERIFY(refusedWith("\"my_gpu\"", "\"../x\"").contains(QStringLiteral("not a plain name")));
  }

  // The threads that worked come back as written, are left out where not counted, and a
  // file claiming more of them than the point had is refused.
  void threadsWorkedRoundTrip() {
    Session session = test::sampleSession();
    PointResult& parallel = session.runs.front().points[2];
    QCOMPARE(parallel.point.threads, 2);
    QVERIFY(sessionToJson(session).find("threads_worked") == std::string::npos);
    parallel.threadsWorked = 1;
    const std::string json = sessionToJson(session);
    QVERIFY(json.find("\"threads_worked\": 1") != std::string::npos);
    QVERIFY(sessionFromJson(json) == session);
    std::string lying = json;
    lying.replace(lying.find("\"threads_worked\": 1"), 19, "\"threads_worked\": 3");
    QVERIFY_THROWS_EXCEPTION(SessionError, sessionFromJson(lying));
  }

  // A point's reported values come back in their order, one line each; a point without them
  // writes none (the golden files read as empty), and a name that is not plain is refused
  // both ways.
  void reportedValuesRoundTrip() {
    Session session = test::sampleSession();
    QVERIFY(sessionToJson(session).find("\"values\"") == std::string::npos);
    QVERIFY(readSessionFile(kDataDir / "session.json").runs.front().points.front().values.empty());
    PointResult& point = session.runs.front().points.front();
    point.values = {{"occupancy", "%", 84.5}, {"drift", "", -0.1 - 0.2}};
    const std::string json = sessionToJson(session);
    QVERIFY2(json.find("\"values\": [\n") != std::string::npos, json.c_str());
    QVERIFY2(json.find("{\"name\": \"occupancy\", \"unit\": \"%\", \"value\": 84.5}") !=
                 std::string::npos,
             json.c_str());
    QVERIFY(sessionFromJson(json) == session);
    QCOMPARE(sessionError(replaced(json, "\"occupancy\"", "\"occ/upancy\"")),
             QString("runs[0].points[0].values[0].name: 'occ/upancy' is not a plain name "
                     "(letters, digits, _ - . +; 1 to 64 characters; not starting with '.')"));
    point.values.front().name = "occ/upancy";
    QVERIFY_THROWS_EXCEPTION(SessionError, sessionToJson(session));
  }

  // The settings' ranges are the CLI's and the window's (experiment_settings.h): the limits
  // themselves read and write, a value past them is refused by both.
  void qualitySettingsKeepTheirRanges() {
    Session session = test::sampleSession();
    QualityLimits& quality = session.runs.front().settings.measure.quality;
    const SettingDescription& unstable = settingByKey("max_relative_spread");
    const SettingDescription& cold = settingByKey("cold_factor");
    quality = {unstable.max, cold.min};
    QVERIFY(sessionFromJson(sessionToJson(session)) == session);
    quality = {unstable.min, cold.max};
    const std::string json = sessionToJson(session);
    QVERIFY(sessionFromJson(json) == session);
    quality.maxRelativeSpread = 20;  // 2000 %
    QVERIFY_THROWS_EXCEPTION(SessionError, sessionToJson(session));
    quality = {0.05, 0.5};
    QVERIFY_THROWS_EXCEPTION(SessionError, sessionToJson(session));
    std::string lying = json;
    const std::size_t key = lying.find("\"cold_factor\": ");
    QVERIFY(key != std::string::npos);
    const std::size_t value = key + std::string("\"cold_factor\": ").size();
    lying.replace(value, lying.find_first_of(",}", value) - value, "0.5");
    try {
      sessionFromJson(lying);
      QFAIL("no SessionError");
    } catch (const SessionError& refused) {
      QVERIFY2(std::string(refused.what()).find("cold_factor: is outside 1 to 1000000") !=
                   std::string::npos,
               refused.what());
    }
  }

  void roundTripThroughFile() {
    QTemporaryDir dir;
    const std::filesystem::path path = dir.filePath("run.json").toStdString();
    const Session session = test::sampleSession();
    writeSessionFile(session, path);
    QVERIFY(readSessionFile(path) == session);
    QCOMPARE(filesIn(dir.path().toStdString()), std::vector<std::string>{"run.json"});
  }

  void writerMatchesGolden() {
    // A change here changes the documented format (docs/session-format.md).
    QVERIFY(test::matchesGolden("session.json", sessionToJson(test::sampleSession())));
  }

  void readsGolden() {
    const Session session = readSessionFile(kDataDir / "session.json");
    QVERIFY(session == test::sampleSession());
    QCOMPARE(session.runs.size(), std::size_t{2});
    const Run& run = session.runs.front();
    QCOMPARE(run.system.gpus.size(), std::size_t{2});
    QCOMPARE(selectedGpu(run.system)->copyCeilingBytesPerS, 4.3e12);
    QCOMPARE(run.points[3].gpu->h2dPageableS, 0.0003);
    QCOMPARE(run.points[3].gpuMad->endToEndS, 0.00002);
    QVERIFY(run.points[2].flags.unstable && !run.points[2].flags.cold);
    QCOMPARE(run.points[2].attempts, std::uint32_t{3});
    QCOMPARE(run.settings.measure.quality.coldFactor, 20.0);
    QCOMPARE(run.conditions.front().check, std::string("virtual-machine"));
    QCOMPARE(session.runs.back().id, 3);
    QCOMPARE(findRun(session, 3)->name, std::string("loop again, after closing the browser"));
    QVERIFY(findRun(session, 2) == nullptr);
    QCOMPARE(nextRunId(session), 4);
  }

  void readsGoldenV1() {
    // Written before sessions listed every GPU: its one "gpu" becomes device 0, and the
    // file becomes run 1.
    const Session session = readSessionFile(kDataDir / "session-v1.json");
    QVERIFY(session == test::sampleSessionBeforeGpus());
    QCOMPARE(session.runs.size(), std::size_t{1});
    const Run& run = session.runs.front();
    QCOMPARE(run.points.size(), std::size_t{8});
    QCOMPARE(run.points[3].gpu->h2dS, 0.0001);
    QCOMPARE(selectedGpu(run.system)->name, std::string("NVIDIA H200"));
  }

  void readsLastVersion1Writer() {
    // The last writer of version 1 (every GPU listed) reads as one run too.
    const Session session = readSessionFile(kDataDir / "session-v1-gpus.json");
    QVERIFY(session == test::sampleV1Session(test::sampleSystem(), test::samplePoints()));
    QCOMPARE(session.runs.front().name,
             std::string(
                 "2026-11-30 04:33 add, pi 2 problems \u00d7 4 variants \u00d7 2 thread counts"));
  }

  void migratedPointsAreJudged() {
    // Version 1 stored no flags: a wide spread or a costly first call is flagged on reading.
    std::string text = readText(kDataDir / "session-v1-gpus.json");
    const auto replace = [&](const std::string& from, const std::string& to) {
      text.replace(text.find(from), from.size(), to);
    };
    replace("\"mad_s\": 0.00010000000000000026", "\"mad_s\": 0.001");  // 25 % of 4 ms
    replace("\"first_call_s\": 0.002", "\"first_call_s\": 0.5");       // vectorized: 500 medians
    const Run run = sessionFromJson(text).runs.front();
    QCOMPARE(flagNames(run.points[0].flags), std::vector<std::string>{"unstable"});
    QCOMPARE(flagNames(run.points[1].flags), std::vector<std::string>{"cold"});
    QVERIFY(!run.points[2].flags.any());
  }

  void readsMinimalPoint() {
    // Only the fields the format requires; extras take their defaults.
    const auto session = readSessionFile(kDataDir / "session-v1-minimal.json");
    QCOMPARE(session.runs.size(), std::size_t{1});
    const Run& run = session.runs.front();
    QCOMPARE(run.points.size(), std::size_t{1});
    const PointResult& point = run.points.front();
    QCOMPARE(point.runsPerSample, std::uint64_t{1});
    QCOMPARE(point.isa, std::string());
    QCOMPARE(point.attempts, std::uint32_t{1});
    QCOMPARE(*point.point.params.samples, std::uint64_t{10000});
    QCOMPARE(run.system.cpuModel, std::string());
  }

  void runNames() {
    const Params shape = test::arrayParams({8, 8, 8});
    std::vector<Point> points = {
        {"add", "loop", shape, 1}, {"add", "parallel", shape, 1}, {"add", "parallel", shape, 2}};
    QCOMPARE(summarizePoints(points),
             std::string("add 1 size \u00d7 2 variants \u00d7 2 thread counts"));
    QCOMPARE(defaultRunName("2026-11-30T16:05:09Z", {points[0]}),
             std::string("2026-11-30 16:05 add 1 size \u00d7 1 variant"));
    QCOMPARE(summarizePoints({{"pi", "loop", test::sampleParams(10), 1},
                              {"pi", "loop", test::sampleParams(100), 1}}),
             std::string("pi 2 sample counts \u00d7 1 variant"));
    // The names of the MPI golden file's runs.
    const Session mpi = readSessionFile(kDataDir / "session-mpi.json");
    for (const Run& run : mpi.runs) {
      std::vector<Point> planned;
      for (const PointResult& result : run.points) planned.push_back(result.point);
      QCOMPARE(defaultRunName(run.created, planned), run.name);
    }
  }

  void replacesAtomically() {
    QTemporaryDir dir;
    const std::filesystem::path path = dir.filePath("run.json").toStdString();
    std::ofstream(path) << "old";
    writeSessionFile(test::sampleSession(), path);
    QCOMPARE(readText(path), sessionToJson(test::sampleSession()));
    QCOMPARE(filesIn(dir.path().toStdString()), std::vector<std::string>{"run.json"});
  }

  void failedWriteLeavesNothing() {
    QTemporaryDir dir;
    const std::filesystem::path target = dir.filePath("taken").toStdString();
    std::filesystem::create_directory(target);
    std::ofstream(target / "inside") << "x";  // a non-empty directory cannot be renamed over
    QVERIFY_THROWS_EXCEPTION(OutputError, writeSessionFile(test::sampleSession(), target));
    QCOMPARE(filesIn(dir.path().toStdString()), std::vector<std::string>{"taken"});
    QVERIFY_THROWS_EXCEPTION(
        OutputError, writeSessionFile(test::sampleSession(), target / "missing" / "run.json"));
  }

  void unreadableFiles_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("error");
    QTest::newRow("missing") << "no-such-file.json"
                             << "No such file or directory";
    QTest::newRow("directory") << "."
                               << "it is a directory";
    QTest::newRow("truncated") << "malformed/truncated.json"
                               << "not valid JSON";
    QTest::newRow("other format") << "malformed/other-format.json"
                                  << "not an AccelLab session";
    QTest::newRow("newer version") << "malformed/version-3.json"
                                   << "session version 3 is newer than this AccelLab reads (2)";
    QTest::newRow("empty") << "malformed/empty.json"
                           << "not valid JSON";
  }
  void unreadableFiles() {
    QFETCH(QString, name);
    QFETCH(QString, error);
    const auto path = kDataDir / name.toStdString();
    try {
      readSessionFile(path);
      QFAIL("no SessionError");
    } catch (const SessionError& e) {
      const QString what = QString::fromStdString(e.what());
      QVERIFY2(what.contains(error), qPrintable(what));
      QVERIFY2(what.contains(QString::fromStdString(path.string())), qPrintable(what));
    }
  }

  void malformed_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("error");
    const auto row = [](const char* name, const std::string& json, const std::string& error) {
      QTest::newRow(name) << QString::fromStdString(json) << QString::fromStdString(error);
    };
    row("empty", "",
        "not valid JSON: parse error at line 1, column 1: syntax error while parsing value - "
        "unexpected end of input");
    row("array", "[1, 2]", "not an AccelLab session: the file holds a JSON array, not an object");
    row("null", "null", "not an AccelLab session: the file holds a JSON null, not an object");
    row("no format", "{\"version\": 1}",
        "not an AccelLab session (\"format\" is not \"accellab-session\")");
    row("format not a string", goldenWith("\"accellab-session\"", "7"),
        "not an AccelLab session (\"format\" is not \"accellab-session\")");
    row("newer version", goldenWith("\"version\": 2", "\"version\": 7"),
        "session version 7 is newer than this AccelLab reads (2)");
    row("version zero", goldenWith("\"version\": 2", "\"version\": 0"),
        "version: session version 0 is invalid");
    row("version float", goldenWith("\"version\": 2", "\"version\": 1.5"),
        "version: expected an integer, got 1.5");
    row("version above int", goldenWith("\"version\": 2", "\"version\": 4294967297"),
        "session version 4294967297 is newer than this AccelLab reads (2)");
    row("version 2^64 - 1", goldenWith("\"version\": 2", "\"version\": 18446744073709551615"),
        "session version 18446744073709551615 is newer than this AccelLab reads (2)");
    row("version beyond 64 bits",
        goldenWith("\"version\": 2", "\"version\": 100000000000000000000000000000"),
        "session version 1e+29 is newer than this AccelLab reads (2)");
    row("version negative", goldenWith("\"version\": 2", "\"version\": -1"),
        "version: session version -1 is invalid");
    row("version below int", goldenWith("\"version\": 2", "\"version\": -9223372036854775808"),
        "version: session version -9223372036854775808 is invalid");
    row("no runs", goldenWith("\"runs\"", "\"rounds\""), "session: missing runs");
    row("run without id", goldenWith("\"id\": 3", "\"ident\": 3"), "runs[1]: missing id");
    row("run id twice", goldenWith("\"id\": 3", "\"id\": 1"), "runs[1].id: run id 1 is used twice");
    row("run id zero", goldenWith("\"id\": 1", "\"id\": 0"), "runs[0].id: 0 is outside 1..");
    row("run id 2^64 - 1", goldenWith("\"id\": 1", "\"id\": 18446744073709551615"),
        "runs[0].id: 18446744073709551615 is outside 1..2147483647");
    row("unknown flag", goldenWith("\"unstable\"", "\"wobbly\""),
        "runs[0].points[2].flags[0]: unknown flag 'wobbly'");
    row("attempts zero", goldenWith("\"attempts\": 3", "\"attempts\": 0"),
        "runs[0].points[2].attempts: 0 is outside 1..");
    row("attempts above 32 bits", goldenWith("\"attempts\": 3", "\"attempts\": 4294967297"),
        "runs[0].points[2].attempts: 4294967297 is outside 1..1048576");
    row("condition without message", goldenWith("\"message\"", "\"text\""),
        "runs[0].conditions[0]: missing message");
    row("settings wrong type", goldenWith("\"min_reps\": 3", "\"min_reps\": \"3\""),
        "runs[0].settings.min_reps: expected a non-negative integer, got string");
    row("truncated", goldenText().substr(0, goldenText().size() / 2),
        "not valid JSON: parse error at line 144, column 46: syntax error while parsing object "
        "key - invalid string: missing closing quote; last read: '\"h2d'; expected string "
        "literal");
    row("missing median", goldenWith("\"median_s\"", "\"medianS\""),
        "runs[0].points[0].stats: missing median_s");
    row("wrong type", goldenWith("\"threads\": 2", "\"threads\": \"2\""),
        "runs[0].points[2].threads: expected an integer, got string");
    row("threads zero", goldenWith("\"threads\": 2", "\"threads\": 0"),
        "runs[0].points[2].threads: 0 is outside 1..1048576");
    row("threads 2^64 - 1", goldenWith("\"threads\": 2", "\"threads\": 18446744073709551615"),
        "runs[0].points[2].threads: 18446744073709551615 is outside 1..1048576");
    row("threads -1", goldenWith("\"threads\": 2", "\"threads\": -1"),
        "runs[0].points[2].threads: -1 is outside 1..1048576");
    row("threads beyond 64 bits", goldenWith("\"threads\": 2", "\"threads\": 18446744073709551616"),
        "runs[0].points[2].threads: 1.8446744073709552e+19 is outside 1..1048576");
    row("logical cores 2^64 - 1",
        goldenWith("\"logical_cores\": 2", "\"logical_cores\": 18446744073709551615"),
        "runs[0].system.logical_cores: 18446744073709551615 is outside 0..2147483647");
    row("cache level 2^64 - 1", goldenWith("\"level\": 1", "\"level\": 18446744073709551615"),
        "runs[0].system.caches[0].level: 18446744073709551615 is outside 0..16");
    row("gpu device 2^63", goldenWith("\"gpu_device\": 0", "\"gpu_device\": 9223372036854775808"),
        "runs[0].system.gpu_device: 9223372036854775808 is outside 0..2147483647");
    row("negative time", goldenWith("\"first_call_s\": 0.008", "\"first_call_s\": -0.008"),
        "runs[0].points[0].first_call_s: must be a finite non-negative number");
    row("infinite time", goldenWith("\"first_call_s\": 0.008", "\"first_call_s\": 1e999"),
        "not valid JSON: number overflow parsing '1e999'");
    row("sample not a number", goldenWith("0.0039", "\"fast\""),
        "runs[0].points[0].samples_s[0]: expected a number, got string");
    row("unknown status", goldenWith("\"status\": \"ok\"", "\"status\": \"great\""),
        "runs[0].points[0].status: unknown status 'great'");
    row("unknown dtype", goldenWith("\"dtype\": \"f64\"", "\"dtype\": \"f16\""),
        "runs[0].points[0].params.dtype: unknown element type 'f16'");
    row("zero extent", goldenWith("\"shape\": [64", "\"shape\": [0"),
        "runs[0].points[0].params.shape[0]: must be positive");
    row("shape overflow", goldenWith("\"shape\": [64", "\"shape\": [18446744073709551615"),
        "runs[0].points[0].params.shape: element count overflows");
    row("shape beyond 64 bits", goldenWith("\"shape\": [64", "\"shape\": [18446744073709551616"),
        "runs[0].points[0].params.shape[0]: 1.8446744073709552e+19 is outside "
        "0..18446744073709551615");
    row("shape of two", goldenWith("\"shape\": [64, ", "\"shape\": ["),
        "runs[0].points[0].params.shape: expected [z, y, x]");
    row("samples 2^63", goldenWith("\"samples\": 1000000", "\"samples\": 9223372036854775808"),
        "");  // the most a kernel takes: accepted
    row("samples above 2^63",
        goldenWith("\"samples\": 1000000", "\"samples\": 9223372036854775809"),
        "runs[0].points[4].params.samples: more than 2^63 samples");
    row("samples 2^64 - 1", goldenWith("\"samples\": 1000000", "\"samples\": 18446744073709551615"),
        "runs[0].points[4].params.samples: more than 2^63 samples");
    row("no size", goldenWith("\"shape\"", "\"form\""),
        "runs[0].points[0].params: needs a shape, samples or kernel_params");
    row("cpu samples of another count",
        goldenWith("\"samples_s\": [0.003861, ", "\"samples_s\": ["),
        "runs[0].points[0].cpu.samples_s: holds 2 samples where samples_s holds 3");
    row("cpu cores beyond threads' limit", goldenWith("\"cores\": 0.99", "\"cores\": 2e6"),
        "runs[0].points[0].cpu.cores: more cores than a point may have threads");
    // Samples of 1e305 s made compare's ratios infinite and passed a 10^309x regression.
    row("sample beyond any measurement",
        goldenWith("0.0039, 0.004, 0.0042", "0.0039, 1e305, 0.0042"),
        "runs[0].points[0].samples_s[1]: 1e+305 s is no measured time (at most 1e9 s, 31 years)");
    row("median beyond any measurement", goldenWith("\"median_s\": 0.004,", "\"median_s\": 2e9,"),
        "runs[0].points[0].stats.median_s: 2000000000.0 s is no measured time (at most 1e9 s, 31 "
        "years)");
    row("shape and samples", goldenWith("\"shape\": [64", "\"samples\": 5, \"shape\": [64"),
        "runs[0].points[0].params: needs either shape or samples, not both");
    row("kernel params not an object",
        goldenWith("\"shape\": [64", "\"kernel_params\": [1], \"shape\": [64"),
        "runs[0].points[0].params.kernel_params: expected an object of counts");
    row("kernel param not a count",
        goldenWith("\"shape\": [64", "\"kernel_params\": {\"n\": -2}, \"shape\": [64"),
        "runs[0].points[0].params.kernel_params.n: expected a non-negative integer, got -2");
    row("negative count", goldenWith("\"elements\": 262144", "\"elements\": -1"),
        "runs[0].points[0].elements: expected a non-negative integer, got -1");
    row("fractional count", goldenWith("\"elements\": 262144", "\"elements\": 2.5"),
        "runs[0].points[0].elements: expected a non-negative integer, got 2.5");
    row("count beyond 64 bits",
        goldenWith("\"elements\": 262144", "\"elements\": 18446744073709551616"),
        "runs[0].points[0].elements: 1.8446744073709552e+19 is outside 0..18446744073709551615");
    row("runs per sample beyond 64 bits",
        goldenWith("\"runs_per_sample\": 1", "\"runs_per_sample\": 1e30"),
        "runs[0].points[0].runs_per_sample: 1e+30 is outside 0..18446744073709551615");
    row("seed 2^64 - 1", goldenWith("\"seed\": 20261130", "\"seed\": 18446744073709551615"), "");
    row("seed beyond 64 bits", goldenWith("\"seed\": 20261130", "\"seed\": 18446744073709551616"),
        "runs[0].points[0].params.seed: 1.8446744073709552e+19 is outside 0..18446744073709551615");
    row("points not a list", goldenWith("\"points\": [", "\"points\": 5, \"x\": ["),
        "runs[0].points: expected an array, got 5");
    row("system not an object", goldenWith("\"system\": {", "\"system\": 5, \"x\": {"),
        "runs[0].system: expected an object, got 5");
    row("ci of one", goldenWith("\"ci95_s\": [", "\"ci95_s\": [0.1, "),
        "runs[0].points[0].stats.ci95_s: expected [low, high]");
    row("gpu field missing", goldenWith("\"kernel_s\"", "\"kernel\""),
        "runs[0].points[3].gpu: missing kernel_s");
    row("cache level wrong", goldenWith("\"level\": 1", "\"level\": true"),
        "runs[0].system.caches[0].level: expected an integer, got boolean");
    row("deep nesting", std::string(100000, '[') + std::string(100000, ']'),
        "nested deeper than 32 levels: not a session");
    row("33 levels", std::string(33, '[') + std::string(33, ']'),
        "nested deeper than 32 levels: not a session");
    row("32 levels", std::string(32, '[') + std::string(32, ']'),
        "not an AccelLab session: the file holds a JSON array, not an object");
    // Brackets inside strings are text, escaped quotes do not end a string.
    row("brackets in a name",
        goldenWith("\"loop again", "\"\\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ loop again"), "");
    row("object of many members", "{" + manyMembers(4097) + "}",
        "an object with more than 4096 members: not a session");
    row("object of 4096 members", "{" + manyMembers(4096) + "}",
        "not an AccelLab session (\"format\" is not \"accellab-session\")");
    row("array of many elements",
        "[" + std::string(100000, '0').replace(1, 99998, std::string(99998, ',')) + "]",
        "not valid JSON");
    row("kernel with a path", goldenWith("\"kernel\": \"add\"", "\"kernel\": \"../x\""),
        "runs[0].points[0].kernel: '../x' is not a plain name (letters, digits, _ - . +; 1 to 64 "
        "characters; not starting with '.')");
    row("kernel absolute", goldenWith("\"kernel\": \"add\"", "\"kernel\": \"/abs/x\""),
        "runs[0].points[0].kernel: '/abs/x' is not a plain name");
    row("variant dot dot", goldenWith("\"variant\": \"loop\"", "\"variant\": \"..\""),
        "runs[0].points[0].variant: '..' is not a plain name");
    row("variant hidden", goldenWith("\"variant\": \"loop\"", "\"variant\": \".loop\""),
        "runs[0].points[0].variant: '.loop' is not a plain name");
    row("variant empty", goldenWith("\"variant\": \"loop\"", "\"variant\": \"\""),
        "runs[0].points[0].variant: '' is not a plain name");
    row("variant with a space", goldenWith("\"variant\": \"loop\"", "\"variant\": \"lo op\""),
        "runs[0].points[0].variant: 'lo op' is not a plain name");
    row("kernel with an escape",
        goldenWith("\"kernel\": \"add\"", "\"kernel\": \"a\\u001b[31m\\r\\nb\""),
        "runs[0].points[0].kernel: 'a\\u001b[31m\\r\\nb' is not a plain name");
    row("kernel of 65 characters",
        goldenWith("\"kernel\": \"add\"", "\"kernel\": \"" + std::string(65, 'k') + "\""),
        "runs[0].points[0].kernel: '" + std::string(64, 'k') + "\u2026' is not a plain name");
    row("kernel of 64 characters",
        goldenWith("\"kernel\": \"add\"", "\"kernel\": \"" + std::string(64, 'k') + "\""), "");
    row("status with an escape",
        goldenWith("\"status\": \"ok\"", "\"status\": \"\\u001b]0;owned\\u0007\""),
        "runs[0].points[0].status: unknown status '\\u001b]0;owned\\u0007'");
    row("run name too long", goldenWith("\"loop again", "\"" + std::string(kMaxTextBytes, 'x')),
        "runs[1].name: a text of 4123 bytes, more than the 4096 a file may hold");
    row("host name at the limit",
        goldenWith("\"lab-node-1\"", "\"" + std::string(kMaxTextBytes, 'h') + "\""), "");
  }
  void malformed() {
    QFETCH(QString, json);
    QFETCH(QString, error);
    const QString actual = sessionError(json.toStdString());
    if (error.isEmpty())  // the limit itself: read
      QVERIFY2(actual.isEmpty(), qPrintable(actual));
    else
      QVERIFY2(actual.startsWith(error), qPrintable(actual));  // JSON syntax errors say more
  }

  void writerRefusesWhatTheReaderRefuses_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("error");
    QTest::newRow("kernel path") << "kernel"
                                 << "../x"
                                 << "cannot store '../x' is not a plain name (letters, digits, _ "
                                    "- . +; 1 to 64 characters; not starting with '.')";
    QTest::newRow("variant escape") << "variant"
                                    << "a\x1b[2Jb"
                                    << "cannot store 'a\\u001b[2Jb' is not a plain name";
    QTest::newRow("variant empty") << "variant"
                                   << ""
                                   << "cannot store '' is not a plain name";
    QTest::newRow("run name") << "name" << QString(4097, 'n')
                              << "cannot store name: a text of 4097 bytes, more than the 4096 a "
                                 "session may hold";
    QTest::newRow("reason") << "reason" << QString(5000, 'r')
                            << "cannot store reason: a text of 5000 bytes";
    QTest::newRow("cpu model") << "cpu_model" << QString(4097, 'c')
                               << "cannot store cpu_model: a text of 4097 bytes";
  }
  void writerRefusesWhatTheReaderRefuses() {
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, error);
    Session session = test::sampleSession();
    Run& run = session.runs.front();
    PointResult& point = run.points.front();
    std::string* target = field == "kernel"    ? &point.point.kernel
                          : field == "variant" ? &point.point.variant
                          : field == "name"    ? &run.name
                          : field == "reason"  ? &point.reason
                                               : &run.system.cpuModel;
    *target = value.toStdString();
    try {
      sessionToJson(session);
      QFAIL("no SessionError");
    } catch (const SessionError& e) {
      QVERIFY2(QString::fromStdString(e.what()).startsWith(error), e.what());
    }
    // Through the file writer: an OutputError naming the file, and no file.
    QTemporaryDir dir;
    const std::filesystem::path path = dir.filePath("run.json").toStdString();
    try {
      writeSessionFile(session, path);
      QFAIL("no OutputError");
    } catch (const OutputError& e) {
      const QString what = QString::fromStdString(e.what());
      QVERIFY2(what.startsWith(QString::fromStdString("cannot write " + path.string() + ": ")),
               e.what());
      QVERIFY2(what.contains(error), e.what());
    }
    QVERIFY(filesIn(dir.path().toStdString()).empty());
    // At the limit, both agree the other way.
    if (field != "kernel" && field != "variant") {
      *target = std::string(kMaxTextBytes, 'x');
      QVERIFY(sessionFromJson(sessionToJson(session)) == session);
    }
  }

  void writerRefusesMoreThanTheReaderReads() {
    // Texts that escape to six bytes a character, in points of no samples: past 256 MiB the
    // writer refuses, as the reader would.
    Session session = test::sampleSession();
    PointResult point = test::refusedPoint({"add", "loop", test::arrayParams({8, 8, 8}), 1},
                                           PointStatus::failed, std::string(kMaxTextBytes, '\x01'));
    point.verifyDetail = point.reason;
    session.runs.front().points.assign(std::size_t{5500}, point);
    try {
      sessionToJson(session);
      QFAIL("no SessionError");
    } catch (const SessionError& e) {
      QCOMPARE(QString::fromStdString(e.what()),
               QString("the session would take more than the 256 MiB a session file may hold: "
                       "save fewer runs in one file"));
    }
  }

  void largestRunRoundTrips() {
    // The largest run the runner makes: kMaxRunPoints points sharing kMaxRunSamples samples,
    // every number at its longest, names and texts at their limits. It fits, and reads back.
    const Session session =
        test::largeSession(kMaxRunPoints, kMaxRunSamples / kMaxRunPoints, kMaxNameLength);
    const std::string text = sessionToJson(session);
    QVERIFY2(text.size() <= kMaxSessionBytes, qPrintable(QString::number(text.size())));
    QVERIFY(text.size() > kMaxRunSamples * 23);  // the samples did take their longest form
    QVERIFY(sessionFromJson(text) == session);
  }

  void onePointOfTheWholeBudget() {
    const Session session = test::largeSession(1, kMaxRunSamples, kMaxNameLength);
    QVERIFY(sessionFromJson(sessionToJson(session)) == session);
  }

  void loadsTwoHundredThousandPoints() {
    // Beyond one run's 100 000 points (a session holds many runs). The speed of loading is
    // measured by accellab-bench-session-io (scripts/bench-session-io), not here: quadratic
    // loading (the old callback parser's) took minutes at this size and would pass ctest's
    // timeout only as a failure.
    Session session = test::sampleSession();
    const PointResult point = session.runs.front().points.front();
    session.runs.front().points.assign(200000, point);
    const Session read = sessionFromJson(sessionToJson(session));
    QCOMPARE(read.runs.front().points.size(), std::size_t{200000});
    QVERIFY(read.runs.front().points.back() == point);
  }

  void killedWhileSavingLosesNothing() {
    // SIGKILL at random moments while a child saves two large sessions in turn: the file is
    // always one of them whole, and the next save leaves no temporary file of the dead. Every
    // other child skips serialising (done before the file is touched) so that more kills land
    // in the middle of writing.
    QTemporaryDir dir;
    const std::filesystem::path path = dir.filePath("run.json").toStdString();
    const Session first = test::largeSession(4000, 20, 8);
    Session second = first;
    second.runs.front().name = "second";
    const std::string firstText = sessionToJson(first);
    const std::string secondText = sessionToJson(second);
    writeSessionFile(first, path);
    std::mt19937 random(20261130);
    int temporaries = 0;
    constexpr int kKills = 24;
    for (int kill = 0; kill < kKills; ++kill) {
      const pid_t child = fork();
      QVERIFY(child >= 0);
      if (child == 0) {
        for (int i = 0;; ++i) {
          if (kill % 2)
            writeFileAtomically(path, i % 2 ? firstText : secondText);
          else
            writeSessionFile(i % 2 ? first : second, path);
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20 + random() % 200));
      ::kill(child, SIGKILL);
      int status = 0;
      QCOMPARE(waitpid(child, &status, 0), child);
      QVERIFY(WIFSIGNALED(status));
      const std::string text = readText(path);
      QVERIFY2(text == firstText || text == secondText,
               qPrintable(QString("kill %1: %2 bytes").arg(kill).arg(text.size())));
      temporaries += static_cast<int>(filesIn(dir.path().toStdString()).size()) - 1;
    }
    qInfo("%d of %d kills left a temporary file", temporaries, kKills);
    writeSessionFile(first, path);
    QCOMPARE(filesIn(dir.path().toStdString()), std::vector<std::string>{"run.json"});
    QVERIFY(readSessionFile(path) == first);
  }

  void refusesHugeInput() {
    const std::string huge((256u << 20) + 1, ' ');
    QCOMPARE(sessionError(huge), QString("larger than 256 MiB: not a session"));
  }

  // An MPI session (tests/data/session-mpi.json, written by hand): ranks, each rank's median
  // and the launch with its nodes read back, and the writer gives the same bytes again.
  void readsMpiGolden() {
    const Session session = readSessionFile(kDataDir / "session-mpi.json");
    QCOMPARE(session.runs.size(), std::size_t{2});
    const Run& weak = session.runs[0];
    QVERIFY(weak.mpi.has_value());
    QCOMPARE(weak.mpi->worldSize, 4);
    QVERIFY(weak.mpi->scaling == Scaling::weak);
    QVERIFY(weak.mpi->library.starts_with("Open MPI v4.1.4"));
    QCOMPARE(weak.mpi->nodes.size(), std::size_t{2});
    QCOMPARE(weak.mpi->nodes[1].hostName, std::string("lab-node-2"));
    QCOMPARE(weak.mpi->nodes[1].availableRamBytes, std::uint64_t{7533174784});
    QCOMPARE(weak.points[0].point.ranks, 1);
    QVERIFY(weak.points[0].rankMediansS.empty());
    QCOMPARE(weak.points[3].point.ranks, 4);
    QCOMPARE(weak.points[3].rankMediansS, (std::vector<double>{0.1603, 0.1607, 0.1671, 0.169}));
    QCOMPARE(weak.points[3].elements, std::uint64_t{400000000});
    const Run& strong = session.runs[1];
    QVERIFY(strong.mpi->scaling == Scaling::strong);
    QCOMPARE(strong.points[4].point.ranks, 3);
    QVERIFY(strong.points[4].status == PointStatus::failed);
    QVERIFY(strong.points[4].rankMediansS.empty());
    QCOMPARE(sessionToJson(session), mpiGoldenText());
  }

  void roundTripMpi() {
    Session session = test::sampleSession();
    Run& run = session.runs.front();
    run.mpi = MpiInfo{"Open MPI v4.1.4", 3, Scaling::weak, {test::sampleSystem()}};
    run.mpi->nodes.push_back(test::sampleSystem());
    run.mpi->nodes.back().hostName = "lab-node-2";
    run.points[2].point.ranks = 3;
    run.points[2].rankMediansS = {0.0005, 0.00049, 0.00048};
    run.points[3].rankMediansS = {0.0002};
    const std::string json = sessionToJson(session);
    QVERIFY(sessionFromJson(json) == session);
    // Ranks are written for distributed points only; the other run has no "mpi".
    QCOMPARE(QString::fromStdString(json).count(QStringLiteral("\"ranks\"")), 1);
    QCOMPARE(QString::fromStdString(json).count(QStringLiteral("\"mpi\"")), 1);
  }

  void malformedMpi_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("error");
    const auto row = [](const char* name, const std::string& from, const std::string& to,
                        const std::string& error) {
      QTest::newRow(name) << QString::fromStdString(replaced(mpiGoldenText(), from, to))
                          << QString::fromStdString(error);
    };
    row("ranks zero", "\"ranks\": 2", "\"ranks\": 0", "runs[0].points[2].ranks: 0 is outside 1..");
    row("ranks not an integer", "\"ranks\": 2", "\"ranks\": 2.5",
        "runs[0].points[2].ranks: expected an integer, got 2.5");
    row("ranks above the world", "\"ranks\": 4", "\"ranks\": 5",
        "runs[0].points[3].ranks: 5 ranks outside the launch's 1..4");
    row("ranks above the limit", "\"ranks\": 4", "\"ranks\": 1048577",
        "runs[0].points[3].ranks: 1048577 is outside 1..1048576");
    row("fewer medians than ranks", "[0.1602, 0.1609]", "[0.1602]",
        "runs[0].points[2].rank_medians_s: 1 median for 2 ranks");
    row("more medians than ranks", "[0.1581]", "[0.1581, 0.1582]",
        "runs[0].points[1].rank_medians_s: 2 medians for 1 rank");
    row("negative median", "[0.1581]", "[-0.1581]",
        "runs[0].points[1].rank_medians_s[0]: must be a finite non-negative number");
    row("median not a number", "[0.1581]", "[\"fast\"]",
        "runs[0].points[1].rank_medians_s[0]: expected a number, got string");
    row("world size zero", "\"world_size\": 4", "\"world_size\": 0",
        "runs[0].mpi.world_size: 0 is outside 1..1048576");
    row("world size smaller than a point", "\"world_size\": 4", "\"world_size\": 2",
        "runs[0].points[3].ranks: 4 ranks outside the launch's 1..2");
    row("no world size", "\"world_size\": 4", "\"world\": 4", "runs[0].mpi: missing world_size");
    row("unknown scaling", "\"scaling\": \"weak\"", "\"scaling\": \"linear\"",
        "runs[0].mpi.scaling: unknown scaling 'linear'");
    row("no library", "\"library\"", "\"libr\"", "runs[0].mpi: missing library");
    row("nodes not a list", "\"nodes\": [", "\"nodes\": 2, \"nodes_list\": [",
        "runs[0].mpi.nodes: expected an array");
    row("node listed twice", "\"host_name\": \"lab-node-2\"", "\"host_name\": \"lab-node-1\"",
        "runs[0].mpi: node 'lab-node-1' is listed twice");
    row("node of a wrong type", "\"logical_cores\": 2,\n            \"simd_available\"",
        "\"logical_cores\": \"2\",\n            \"simd_available\"",
        "runs[0].mpi.nodes[0].logical_cores: expected an integer, got string");
    row("mpi not an object", "\"mpi\": {", "\"mpi\": 4, \"mpi_launch\": {",
        "runs[0].mpi: expected an object");
    row("ranks without mpi", "\"mpi\": {", "\"mpi_off\": {",
        "runs[0].points[2].ranks: 2 ranks in a run without \"mpi\"");
    QTest::newRow("more nodes than ranks")
        << QString::fromStdString(
               replaced(replaced(mpiGoldenText(), "\"world_size\": 4", "\"world_size\": 1"),
                        "\"ranks\": 2", "\"ranks\": 1"))
        << QStringLiteral("runs[0].mpi: 2 nodes for 1 rank (1 to one per rank)");
  }
  void malformedMpi() {
    QFETCH(QString, json);
    QFETCH(QString, error);
    const QString actual = sessionError(json.toStdString());
    QVERIFY2(actual.startsWith(error), qPrintable(actual));
  }

  void writerRefusesWhatTheReaderRefusesOfMpi_data() {
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("medians");
    QTest::addColumn<int>("worldSize");  // 0: no "mpi"
    QTest::addColumn<QString>("error");
    QTest::newRow("ranks without mpi")
        << 2 << 0 << 0 << "cannot store run 1: points[2].ranks: 2 ranks in a run without \"mpi\"";
    QTest::newRow("ranks above the world")
        << 3 << 0 << 2 << "cannot store run 1: points[2].ranks: 3 ranks outside the launch's 1..2";
    QTest::newRow("ranks zero") << 0 << 0 << 2
                                << "cannot store run 1: points[2].ranks: 0 ranks outside";
    QTest::newRow("medians not one per rank")
        << 2 << 3 << 2 << "cannot store run 1: points[2].rank_medians_s: 3 medians for 2 ranks";
    QTest::newRow("world of none")
        << 1 << 0 << -1 << "cannot store run 1: mpi: world_size -1 is outside";
  }
  void writerRefusesWhatTheReaderRefusesOfMpi() {
    QFETCH(int, ranks);
    QFETCH(int, medians);
    QFETCH(int, worldSize);
    QFETCH(QString, error);
    Session session = test::sampleSession();
    Run& run = session.runs.front();
    if (worldSize != 0)
      run.mpi = MpiInfo{"Open MPI v4.1.4", worldSize, Scaling::strong, {run.system}};
    run.points[2].point.ranks = ranks;
    run.points[2].rankMediansS.assign(static_cast<std::size_t>(medians), 0.0005);
    try {
      sessionToJson(session);
      QFAIL("no SessionError");
    } catch (const SessionError& e) {
      QVERIFY2(QString::fromStdString(e.what()).startsWith(error), e.what());
    }
  }

  void systemInfoAlone() {
    const std::string json = systemInfoToJson(test::sampleSystem());
    QVERIFY(json.find("\"cpu_model\": \"Example CPU @ 3.00GHz\"") != std::string::npos);
    QVERIFY(json.find("\"points\"") == std::string::npos);
  }

  void nowIsIso8601() {
    const QString now = QString::fromStdString(nowIso8601());
    QVERIFY2(
        QRegularExpression("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$").match(now).hasMatch(),
        qPrintable(now));
  }
};

QTEST_APPLESS_MAIN(TestSession)
#include "tst_session.moc"
