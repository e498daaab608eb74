// A user's asv-style Python file as AccelLab's kernels (kernels/asv/, docs/python.md): its
// listing, the kernels and parameters made of it, and points measured by the real runner in
// the real child, each failure of the user's code costing its own point alone.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <string>

#include "accellab/kernels/builtin.h"
#include "accellab/report.h"
#include "accellab/session.h"
#include "accellab/sweep.h"
#include "asv/asv_kernel.h"
#include "asv/asv_listing.h"
#include "python/python_child.h"
#include "python/python_modules.h"
#include "test_env.h"

using namespace accellab;
using accellab::testing::ScopedEnv;
using accellab::testing::shellScript;
using namespace accellab::kernels;

namespace {

// One class of benchmarks with the axis n, each misbehaving in its own way; a second class
// with an axis of strings; an asv kind AccelLab does not measure.
constexpr const char* kCases = R"py(import os, time

class Sizes:
    params = [10, 20]
    param_names = ["n"]

    def time_sum(self, n):
        "sum of range(n)"
        sum(range(n))

    def time_raises(self, n):
        raise ValueError("bad value %d" % n)

    def time_hangs(self, n):
        time.sleep(60)
    time_hangs.timeout = 1.0

    def time_crashes(self, n):
        os.abort()

    def time_skips(self, n):
        pass
    # A benchmark's own setup, an attribute: a plain function of the parameters.
    time_skips.setup = lambda n: (_ for _ in ()).throw(NotImplementedError("no GPU here"))


class Tens:
    params = [10]
    param_names = ["n"]

    def time_ten(self, n):
        pass


class Kinds:
    params = ["float32", "float64"]
    param_names = ["dtype"]

    def time_kind(self, dtype):
        str(dtype)


def mem_list():
    return [0] * 10


def time_five():
    pass
time_five.repeat = 5


def time_two_to_three():
    pass
time_two_to_three.repeat = (2, 3, 0.0)


def time_bad_repeat():
    pass
time_bad_repeat.repeat = (3, 2, 1.0)
)py";

void writeFile(const QString& path, const char* text) { std::ofstream(path.toStdString()) << text; }

MeasureConfig quick() {
  MeasureConfig config;
  config.minReps = 3;
  config.minTimeS = 0.01;
  config.maxTimeS = 5;
  return config;
}

}  // namespace

class TestAsvKernel : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    cases_ = dir_.filePath("cases.py");
    writeFile(cases_, kCases);
    engine_.emplace(makeBuiltinEngine({.pythonFiles = {cases_.toStdString()}}));
  }

  // The file's benchmarks grouped by their axes' names: one kernel per group, its benchmarks
  // its variants, each axis a parameter taking only the file's values.
  void theFileBecomesKernels() {
    const Kernel* sizes = engine_->registry().find("cases-n");
    QVERIFY(sizes != nullptr);
    const KernelInfo& info = sizes->info();
    QCOMPARE(info.problem, ProblemKind::parameters);
    QVERIFY(info.plugin && info.plugin->kind == "python");
    QCOMPARE(info.plugin->sha256.size(), std::size_t{64});
    QVERIFY2(info.plugin->version.starts_with("Python 3."), info.plugin->version.c_str());
    QVERIFY(info.variant("Sizes.time_sum") != nullptr);
    QVERIFY(info.variant("Tens.time_ten") != nullptr);
    QCOMPARE(info.parameters.size(), std::size_t{1});
    QCOMPARE(info.parameters.front().name, std::string("n"));
    QCOMPARE(info.parameters.front().values, (std::vector<std::uint64_t>{10, 20}));
    QVERIFY(validateParam(info, "n", 15).value_or("").find("is not one of its values: 10, 20") !=
            std::string::npos);
    // What asv measures and AccelLab does not: listed, unavailable, with the reason.
    const VariantInfo* mem = info.variant("mem_list");
    QVERIFY(mem && !mem->availability.available && mem->optIn);
    QVERIFY(mem->availability.reason.find("measures time only") != std::string::npos);

    const Kernel* kinds = engine_->registry().find("cases-dtype");
    QVERIFY(kinds != nullptr);
    const ParamSpec& dtype = kinds->info().parameters.front();
    QCOMPARE(dtype.values, (std::vector<std::uint64_t>{0, 1}));
    QCOMPARE(dtype.labels, (std::vector<std::string>{"'float32'", "'float64'"}));
  }

  // Each point in a child of its own: the good ones measured (first call apart, not verified:
  // asv benchmarks return nothing), each failure its own point's, with the user's words.
  void eachFailureCostsItsOwnPoint() {
    const auto point = [](const char* variant, std::uint64_t n) {
      Point p{"cases-n", variant, {}, 1};
      p.params.kernelParams["n"] = n;
      return p;
    };
    Runner runner = engine_->runner();
    const std::vector<PointResult> results = runner.run(
        {point("Sizes.time_sum", 10), point("Sizes.time_raises", 10), point("Sizes.time_hangs", 10),
         point("Sizes.time_crashes", 10), point("Sizes.time_skips", 10), point("Tens.time_ten", 20),
         point("Sizes.time_sum", 20)},
        quick());
    QCOMPARE(results.size(), std::size_t{7});
    for (const std::size_t ok : {std::size_t{0}, std::size_t{6}}) {
      const PointResult& r = results[ok];
      QVERIFY2(r.status == PointStatus::ok, r.reason.c_str());
      QVERIFY(!r.verified);
      QVERIFY(r.verifyDetail.find("not verified") != std::string::npos);
      QVERIFY(r.samplesS.size() >= 3);
      QVERIFY(r.stats.medianS > 0 && r.firstCallS > 0);
    }
    const auto says = [&](std::size_t i, PointStatus status, const char* words) {
      const PointResult& r = results[i];
      QVERIFY2(r.status == status && r.reason.find(words) != std::string::npos,
               (std::string(toString(r.status)) + ": " + r.reason).c_str());
    };
    says(1, PointStatus::failed, "ValueError: bad value 10");
    says(1, PointStatus::failed, "cases.py");
    says(2, PointStatus::failed, "timed out: a call ran past the benchmark's timeout of 1.00 s");
    says(2, PointStatus::failed, "cases.py\", line 15 in time_hangs");
    says(3, PointStatus::failed, "SIGABRT");
    says(3, PointStatus::failed, "cases.py\", line 19 in time_crashes");
    says(4, PointStatus::skipped, "no GPU here");
    says(5, PointStatus::skipped, "Tens.time_ten has no n=20 among its params (10)");
  }

  // A labelled axis: its points name their value by index, the child gets the repr.
  void aLabelledAxisRuns() {
    Point p{"cases-dtype", "Kinds.time_kind", {}, 1};
    p.params.kernelParams["dtype"] = 1;
    Runner runner = engine_->runner();
    const PointResult r = runner.runPoint(p, quick());
    QVERIFY2(r.status == PointStatus::ok, r.reason.c_str());
  }

  // A point names its problem as the file does: a labelled axis by its value's repr, and no
  // element type, since an asv benchmark has none (the session says no more either).
  void pointsNameTheirProblemAsTheFileDoes() {
    SweepSpec spec;
    spec.kernel = "cases-dtype";
    const std::vector<Point> kinds = expandSweep(spec, engine_->registry());
    QCOMPARE(kinds.size(), std::size_t{2});
    QCOMPARE(describe(kinds[0].params), std::string("dtype='float32'"));
    QCOMPARE(describe(kinds[1].params), std::string("dtype='float64'"));
    spec.kernel = "cases-n";
    spec.variants = {"Sizes.time_sum"};
    const std::vector<Point> sizes = expandSweep(spec, engine_->registry());
    QCOMPARE(describe(sizes.front().params), std::string("n=10"));

    Runner runner = engine_->runner();
    Run run;
    run.id = 1;
    run.points = {runner.runPoint(kinds[1], quick())};
    QVERIFY2(run.points.front().status == PointStatus::ok, run.points.front().reason.c_str());
    Session session;
    session.runs = {run};
    const std::string text = sessionToJson(session);
    QVERIFY2(text.find("\"f64\"") == std::string::npos, text.c_str());
    QVERIFY2(text.find("\"'float64'\"") != std::string::npos, text.c_str());
    const Session back = sessionFromJson(text);
    QCOMPARE(back.runs.front().points.front().point.params, kinds[1].params);
    QCOMPARE(describe(back.runs.front().points.front().point.params),
             std::string("dtype='float64'"));
  }

  // asv's `repeat`: a count of samples, or (min, max, max_time), taken in place of the run's
  // repetitions and said in the point's note; a value asv would not take fails its point.
  void repeatSetsTheSamples() {
    const auto point = [](const char* variant) {
      Point p{"cases-plain", variant, {}, 1};
      return p;
    };
    MeasureConfig config = quick();
    config.minReps = 50;
    Runner runner = engine_->runner();
    const std::vector<PointResult> results = runner.run(
        {point("time_five"), point("time_two_to_three"), point("time_bad_repeat")}, config);
    QCOMPARE(results.size(), std::size_t{3});
    QVERIFY2(results[0].status == PointStatus::ok, results[0].reason.c_str());
    QCOMPARE(results[0].samplesS.size(), std::size_t{5});
    QCOMPARE(results[0].repetitionsBy, std::string("repeat = 5"));
    QVERIFY2(results[1].status == PointStatus::ok, results[1].reason.c_str());
    QCOMPARE(results[1].samplesS.size(), std::size_t{2});
    QCOMPARE(results[1].repetitionsBy, std::string("repeat = (2, 3, 0 s)"));
    QVERIFY(results[2].status == PointStatus::failed);
    QVERIFY2(results[2].reason.find("repeat = [3,2,1.0] is neither") != std::string::npos,
             results[2].reason.c_str());
    const std::vector<ReportRow> rows = buildReportRows(results, {});
    QVERIFY2(rows[0].note.find("5 samples, as its repeat = 5 asks") != std::string::npos,
             rows[0].note.c_str());
  }

  // A file that does not import is refused as a whole, with Python's error naming its line.
  void aBrokenFileIsRefused() {
    const QString broken = dir_.filePath("broken.py");
    writeFile(broken, "def time_x():\n    pass\n\ndef oops(:\n");
    try {
      listAsvFile(broken.toStdString(), pythonInterpreter());
      QFAIL("a file with a syntax error was listed");
    } catch (const PythonFileError& error) {
      const std::string what = error.what();
      QVERIFY2(what.find("SyntaxError") != std::string::npos, error.what());
      QVERIFY2(what.find("broken.py") != std::string::npos, error.what());
      QVERIFY2(what.find("line 4") != std::string::npos, error.what());
    }
    QVERIFY_THROWS_EXCEPTION(PythonFileError,
                             listAsvFile(dir_.filePath("absent.py").toStdString(), "python3"));
    try {
      listAsvFile(cases_.toStdString(), "no-such-python3");
      QFAIL("a missing interpreter listed the file");
    } catch (const PythonFileError& error) {
      QVERIFY2(std::string(error.what()).find("no-such-python3 not found") != std::string::npos,
               error.what());
    }
  }

  // What the JSON library says never reaches the user: a file in a folder whose name is not
  // UTF-8 ("[json.exception.type_error.316]"), a file whose code writes into the child's
  // replies ("key 'sha256' not found").
  void noLibraryWordsReachTheUser() {
    const std::filesystem::path folder = dir_.path().toStdString() +
                                         "/Gr\xf6\xdf"
                                         "e";
    std::filesystem::create_directory(folder);
    std::filesystem::copy_file(cases_.toStdString(), folder / "cases.py");
    const auto refusal = [](const std::filesystem::path& file) {
      try {
        listAsvFile(file, pythonInterpreter());
      } catch (const PythonFileError& error) {
        return std::string(error.what());
      }
      return std::string("listed");
    };
    const std::string notUtf8 = refusal(folder / "cases.py");
    QVERIFY2(notUtf8.find("its path is not UTF-8 text") != std::string::npos &&
                 notUtf8.find("json.exception") == std::string::npos &&
                 notUtf8.find("\\xF6") != std::string::npos,
             notUtf8.c_str());
    const QString writes = dir_.filePath("writes.py");
    writeFile(
        writes,
        "import os\nfor fd in range(3, 16):\n    try:\n        os.write(fd, b'{\"oops\": 1}\\n')\n"
        "    except OSError:\n        pass\n\ndef time_x():\n    pass\n");
    const std::string intoReplies = refusal(writes.toStdString());
    QVERIFY2(intoReplies.find("the Python child's reply is not AccelLab's (key 'sha256' not "
                              "found): did the code write into the child's replies") !=
                     std::string::npos &&
                 intoReplies.find("json.exception") == std::string::npos,
             intoReplies.c_str());
  }

  // A file importing a module the chosen interpreter lacks (a bare venv, conda or pyenv
  // without NumPy, while Debian's has it): the refusal says which interpreter was tried and
  // which one to choose instead, on lines of their own.
  void aModuleTheInterpreterLacksNamesTheOneThatHasIt() {
    {
      const ScopedEnv system("ACCELLAB_PYTHON", "/usr/bin/python3");
      if (!probePythonModules().numpy.available) QSKIP("/usr/bin/python3 has no NumPy here");
    }
    const QString path = dir_.filePath("needs_numpy.py");
    writeFile(path, "import numpy\n\ndef time_sum():\n    numpy.zeros(3).sum()\n");
    QTemporaryDir bin;
    // -S: no site-packages, so Debian's NumPy is not found, as in a bare venv.
    const std::string bare = shellScript(bin, "bare-python", "exec /usr/bin/python3 -S \"$@\"");
    const ScopedEnv chosen("ACCELLAB_PYTHON", bare.c_str());
    try {
      listAsvFile(path.toStdString(), bare);
      QFAIL("a file whose import fails was listed");
    } catch (const PythonFileError& error) {
      const std::string what = error.what();
      QVERIFY2(what.find("ModuleNotFoundError: No module named 'numpy'") != std::string::npos,
               error.what());
      QVERIFY2(what.find("\n'numpy' is not installed for ACCELLAB_PYTHON=" + bare + " (") !=
                   std::string::npos,
               error.what());
      QVERIFY2(what.find(", Python 3.") != std::string::npos, error.what());
      QVERIFY2(what.ends_with(" has it: set ACCELLAB_PYTHON=/usr/bin/python3 (in the window: "
                              "Run > Python Interpreter...)"),
               error.what());
    }
  }

  // A kernel declared with the accellab module: named by it, its reference first (the
  // baseline), its work counted, each variant's output checked against the reference's.
  void aDeclaredKernelVerifiesAndCountsWork() {
    const QString path = dir_.filePath("declared.py");
    writeFile(path, R"py(import accellab

double = accellab.Kernel("double", rtol=0,
                         work=lambda n: accellab.Work(elements=n, bytes=16 * n, flops=n))
params = [[100, 200]]
param_names = ["n"]

@double.variant
def time_twice(n):
    return [2.0 * i for i in range(n)]

@double.reference
def time_add(n):
    return [float(i + i) for i in range(n)]

@double.variant
def time_off_by_one(n):
    return [2.0 * i + (i == n - 1) for i in range(n)]

def time_plain(n):
    pass
)py");
    Engine engine = makeBuiltinEngine({.pythonFiles = {path.toStdString()}});
    const Kernel* kernel = engine.registry().find("double");
    QVERIFY(kernel != nullptr);
    const KernelInfo& info = kernel->info();
    QCOMPARE(info.variants.front().name, std::string("time_add"));
    QVERIFY(info.description.find("checked against time_add") != std::string::npos);
    QVERIFY(engine.registry().find("declared") != nullptr);  // time_plain, in no kernel
    const auto point = [](const char* variant) {
      Point p{"double", variant, {}, 1};
      p.params.kernelParams["n"] = 200;
      return p;
    };
    Runner runner = engine.runner();
    const std::vector<PointResult> results =
        runner.run({point("time_add"), point("time_twice"), point("time_off_by_one")}, quick());
    for (const std::size_t ok : {std::size_t{0}, std::size_t{1}}) {
      const PointResult& r = results[ok];
      QVERIFY2(r.status == PointStatus::ok && r.verified, (r.reason + r.verifyDetail).c_str());
      QCOMPARE(r.elements, std::uint64_t{200});
      QCOMPARE(r.bytes, std::uint64_t{3200});
      QCOMPARE(r.flops, std::uint64_t{200});
    }
    QCOMPARE(results[1].verifyDetail,
             std::string("max |error| 0 of max |reference| 398 (rtol 0), against time_add"));
    QCOMPARE(toString(results[2].status), toString(PointStatus::failed));
    QCOMPARE(results[2].reason,
             std::string("verification failed: max |error| 1 of max |reference| 398 (rtol 0), "
                         "against time_add"));
    QVERIFY(!results[2].samplesS.empty());  // its times kept

    // --bench leaving the reference out: the variant is still compared with it.
    Engine twice = makeBuiltinEngine({.pythonFiles = {path.toStdString()}, .pythonBench = "twice"});
    QVERIFY(twice.registry().find("double")->info().variant("time_add") == nullptr);
    const PointResult alone = twice.runner().runPoint(point("time_twice"), quick());
    QVERIFY2(alone.verified, (alone.reason + alone.verifyDetail).c_str());
    QVERIFY2(alone.verifyDetail.ends_with("against time_add"), alone.verifyDetail.c_str());
  }

  // A variant marked threads="numba" takes the point's thread count, and the point records
  // the threads Numba says it ran on; the others take none.
  void aThreadedVariantRunsOnThePointsThreads() {
    const ScopedEnv python("ACCELLAB_PYTHON", "/usr/bin/python3");
    if (!probePythonModules().numba.available) QSKIP("/usr/bin/python3 has no Numba here");
    const QString path = dir_.filePath("threaded.py");
    writeFile(path, R"py(import accellab
count = accellab.Kernel("count")

@count.reference
def time_one():
    return 1

@count.variant(threads="numba")
def time_numba():
    import numba
    return numba.get_num_threads()
)py");
    Engine engine = makeBuiltinEngine({.pythonFiles = {path.toStdString()}});
    const Kernel* kernel = engine.registry().find("count");
    QVERIFY(kernel != nullptr);
    QVERIFY(kernel->info().variant("time_numba")->usesThreads);
    QVERIFY(!kernel->info().variant("time_one")->usesThreads);
    Runner runner = engine.runner();
    const std::vector<PointResult> results =
        runner.run({{"count", "time_numba", {}, 1}, {"count", "time_numba", {}, 2}}, quick());
    QCOMPARE(results[0].threadsWorked, 1);
    QVERIFY2(results[0].verified, results[0].verifyDetail.c_str());
    QCOMPARE(results[1].threadsWorked, 2);
    // Its output is the thread count: 2 against the reference's 1, as it ran on two.
    QVERIFY2(results[1].reason.starts_with("verification failed: max |error| 1 of"),
             results[1].reason.c_str());
  }

  // The example of docs/python.md: one kernel of the file's name, its asv kinds listed.
  void theExampleLists() {
    const AsvListing listing =
        listAsvFile(ACCELLAB_EXAMPLES_DIR "/python/asv_style.py", pythonInterpreter());
    const auto kernels = makeAsvKernels(listing, pythonInterpreter());
    QCOMPARE(kernels.size(), std::size_t{1});
    const KernelInfo& info = kernels.front()->info();
    QCOMPARE(info.name, std::string("asv_style"));
    for (const char* variant : {"time_python_loop", "AddNumPy.time_out", "AddNumba.time_njit"})
      QVERIFY2(info.variant(variant) != nullptr, variant);
    QVERIFY(info.variant("mem_array") && !info.variant("mem_array")->availability.available);
    QCOMPARE(info.parameters.front().values,
             (std::vector<std::uint64_t>{1'000, 100'000, 10'000'000}));
  }

 private:
  QTemporaryDir dir_;
  QString cases_;
  std::optional<Engine> engine_;
};

QTEST_GUILESS_MAIN(TestAsvKernel)
#include "tst_asv_kernel.moc"
