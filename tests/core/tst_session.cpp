// The session file: round trip, golden v1 file, atomic writes, hostile input.
#include <QtTest>
#include <fstream>
#include <sstream>

#include "accellab/session.h"
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

QString sessionError(const std::string& json) {
  try {
    sessionFromJson(json);
  } catch (const SessionError& error) {
    return QString::fromStdString(error.what());
  }
  return {};
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
    session.system.gpus.clear();
    session.system.gpuReason = "no CUDA device";
    session.points.front().samplesS = {1e-9, 0.1 + 0.2, 123456.789};  // exact doubles survive
    session.points.front().point.params.seed = ~0ull;
    session.points.front().reason = "a \"quoted\"\nreason, ünïcode";
    QVERIFY(sessionFromJson(sessionToJson(session)) == session);
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
    QCOMPARE(sessionToJson(test::sampleSession()), goldenText());
  }

  void readsGolden() {
    const Session session = readSessionFile(kDataDir / "session.json");
    QVERIFY(session == test::sampleSession());
    QCOMPARE(session.system.gpus.size(), std::size_t{2});
    QCOMPARE(selectedGpu(session.system)->copyCeilingBytesPerS, 4.3e12);
    QCOMPARE(session.points[3].gpu->h2dPageableS, 0.0003);
    QCOMPARE(session.points[3].gpuMad->endToEndS, 0.00002);
  }

  void readsGoldenV1() {
    // Written before sessions listed every GPU: its one "gpu" becomes device 0.
    const Session session = readSessionFile(kDataDir / "session-v1.json");
    QVERIFY(session == test::sampleSessionBeforeGpus());
    QCOMPARE(session.points.size(), std::size_t{8});
    QCOMPARE(session.points[3].gpu->h2dS, 0.0001);
    QCOMPARE(selectedGpu(session.system)->name, std::string("NVIDIA H200"));
  }

  void readsMinimalPoint() {
    // Only the fields the format requires; extras take their defaults.
    const auto session = readSessionFile(kDataDir / "session-v1-minimal.json");
    QCOMPARE(session.points.size(), std::size_t{1});
    const PointResult& point = session.points.front();
    QCOMPARE(point.runsPerSample, std::uint64_t{1});
    QCOMPARE(point.isa, std::string());
    QCOMPARE(*point.point.params.samples, std::uint64_t{10000});
    QCOMPARE(session.system.cpuModel, std::string());
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
    QVERIFY_THROWS_EXCEPTION(SessionError, writeSessionFile(test::sampleSession(), target));
    QCOMPARE(filesIn(dir.path().toStdString()), std::vector<std::string>{"taken"});
    QVERIFY_THROWS_EXCEPTION(
        SessionError, writeSessionFile(test::sampleSession(), target / "missing" / "run.json"));
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
    QTest::newRow("newer version") << "malformed/version-2.json"
                                   << "session version 2 is newer than this AccelLab reads (1)";
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
    const auto row = [](const char* name, const std::string& json, const char* error) {
      QTest::newRow(name) << QString::fromStdString(json) << QString::fromUtf8(error);
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
    row("newer version", goldenWith("\"version\": 1", "\"version\": 7"),
        "session version 7 is newer than this AccelLab reads (1)");
    row("version zero", goldenWith("\"version\": 1", "\"version\": 0"),
        "version: session version 0 is invalid");
    row("version float", goldenWith("\"version\": 1", "\"version\": 1.5"),
        "version: expected an integer, got number");
    row("truncated", goldenText().substr(0, goldenText().size() / 2),
        "not valid JSON: parse error at line 196, column 4: syntax error while parsing object key "
        "- unexpected end of input; expected string literal");
    row("missing median", goldenWith("\"median_s\"", "\"medianS\""),
        "points[0].stats: missing median_s");
    row("wrong type", goldenWith("\"threads\": 2", "\"threads\": \"2\""),
        "points[2].threads: expected an integer, got string");
    row("threads zero", goldenWith("\"threads\": 2", "\"threads\": 0"),
        "points[2].threads: 0 is outside 1..1048576");
    row("negative time", goldenWith("\"first_call_s\": 0.008", "\"first_call_s\": -0.008"),
        "points[0].first_call_s: must be a finite non-negative number");
    row("infinite time", goldenWith("\"first_call_s\": 0.008", "\"first_call_s\": 1e999"),
        "not valid JSON: number overflow parsing '1e999'");
    row("sample not a number", goldenWith("0.0039", "\"fast\""),
        "points[0].samples_s[0]: expected a number, got string");
    row("unknown status", goldenWith("\"status\": \"ok\"", "\"status\": \"great\""),
        "points[0].status: unknown status 'great'");
    row("unknown dtype", goldenWith("\"dtype\": \"f64\"", "\"dtype\": \"f16\""),
        "points[0].params.dtype: unknown element type 'f16'");
    row("zero extent", goldenWith("\"shape\": [\n          64", "\"shape\": [\n          0"),
        "points[0].params.shape[0]: must be positive");
    row("shape overflow",
        goldenWith("\"shape\": [\n          64", "\"shape\": [\n          18446744073709551615"),
        "points[0].params.shape: element count overflows");
    row("shape of two", goldenWith("\"shape\": [\n          64,", "\"shape\": ["),
        "points[0].params.shape: expected [z, y, x]");
    row("no size", goldenWith("\"shape\"", "\"form\""),
        "points[0].params: needs either shape or samples");
    row("negative count", goldenWith("\"elements\": 262144", "\"elements\": -1"),
        "points[0].elements: expected a non-negative integer, got number");
    row("points not a list", goldenWith("\"points\": [", "\"points\": 5, \"x\": ["),
        "points: expected an array, got number");
    row("system not an object", goldenWith("\"system\": {", "\"system\": 5, \"x\": {"),
        "system: expected an object, got number");
    row("ci of one", goldenWith("\"ci95_s\": [", "\"ci95_s\": [0.1, "),
        "points[0].stats.ci95_s: expected [low, high]");
    row("gpu field missing", goldenWith("\"kernel_s\"", "\"kernel\""),
        "points[3].gpu: missing kernel_s");
    row("cache level wrong", goldenWith("\"level\": 1", "\"level\": true"),
        "system.caches[0].level: expected an integer, got boolean");
    row("deep nesting", std::string(100000, '[') + std::string(100000, ']'),
        "nested deeper than 32 levels: not a session");
  }
  void malformed() {
    QFETCH(QString, json);
    QFETCH(QString, error);
    const QString actual = sessionError(json.toStdString());
    QVERIFY2(actual.startsWith(error), qPrintable(actual));  // JSON syntax errors say more
  }

  void refusesHugeInput() {
    const std::string huge((256u << 20) + 1, ' ');
    QCOMPARE(sessionError(huge), QString("larger than 256 MiB: not a session"));
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
