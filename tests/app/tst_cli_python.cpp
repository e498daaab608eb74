// accellab-cli with a user's asv-style Python file (docs/python.md), run as a user runs it:
// list and run --python, --bench, --param, --isolate, the session's record of the file and
// the interpreter, a Numba first call apart from its median, and a file that does not import.
#include <signal.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>

#include "accellab/digest.h"
#include "accellab/session.h"
#include "cli_process.h"

using namespace accellab;
using test::CliResult;
using test::runCli;

namespace {

const QString kExample = QStringLiteral(ACCELLAB_EXAMPLES_DIR "/python/asv_style.py");
const QString kDecorated = QStringLiteral(ACCELLAB_EXAMPLES_DIR "/python/tutorial_add.py");
const QString kJoined = QStringLiteral(ACCELLAB_EXAMPLES_DIR "/python/my_add.py");

std::vector<PointResult> pointsIn(const QString& file) {
  return readSessionFile(file.toStdString()).runs.front().points;
}

}  // namespace

class TestCliPython : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    test::useMachineCacheIn(dir_.filePath("cache"));
  }

  // The file's benchmarks as one kernel, what asv measures and AccelLab does not with why.
  void listShowsTheFile() {
    const CliResult result = runCli({"list", "--python", kExample});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    for (const char* words :
         {"asv_style — asv benchmarks of asv_style.py\n", "    from python file asv_style (",
          "--param n=N", "1000 100000 10000000 (its only values)", "AddNumPy.time_out",
          "available    np.add(a, 2, out=b) (asv_style.py:", "mem_array",
          "unavailable  listed, not measured (mem_ benchmarks measure the size of "
          "the object returned"})
      QVERIFY2(result.out.contains(QString::fromUtf8(words)), qPrintable(words + result.out));
    QVERIFY2(!result.out.contains("\nadd — "), qPrintable(result.out));  // the file's alone
  }

  // One run of two benchmarks at one n: measured, not verified (asv returns nothing), the
  // session naming the file's digest and the interpreter.
  void runMeasuresTheChosenBenchmarks() {
    const QString out = dir_.filePath("numpy.json");
    const CliResult result = runCli({"run", "--python", kExample, "--bench", "^AddNumPy", "--param",
                                     "n=1000", "--reps", "3", "--min-time", "0.01", "--out", out});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err + result.out));
    const Run run = readSessionFile(out.toStdString()).runs.front();
    QVERIFY(run.plugin && run.plugin->kind == "python");
    QCOMPARE(run.plugin->sha256.size(), std::size_t{64});
    QVERIFY2(run.plugin->version.find("NumPy ") != std::string::npos, run.plugin->version.c_str());
    QCOMPARE(run.points.size(), std::size_t{2});
    for (const PointResult& p : run.points) {
      QVERIFY2(p.status == PointStatus::ok, p.reason.c_str());
      QCOMPARE(p.point.params.kernelParams.at("n"), std::uint64_t{1000});
      QVERIFY(!p.verified && p.samplesS.size() >= 3 && p.firstCallS > 0);
    }
    QVERIFY2(result.out.contains("AddNumPy.time_out"), qPrintable(result.out));
  }

  // The decorated example: one kernel, add2, whose variants are verified against the Python
  // loop and have a bandwidth, the loop their baseline.
  void theDecoratedExampleVerifies() {
    const QString out = dir_.filePath("add2.json");
    const CliResult result =
        runCli({"run", "--python", kDecorated, "--variants", "time_python_loop,time_numpy",
                "--param", "n=1000", "--reps", "3", "--min-time", "0.01", "--out", out});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err + result.out));
    const Run run = readSessionFile(out.toStdString()).runs.front();
    QCOMPARE(run.points.size(), std::size_t{2});
    for (const PointResult& p : run.points) {
      QCOMPARE(p.point.kernel, std::string("add2"));
      QVERIFY2(p.status == PointStatus::ok && p.verified, (p.reason + p.verifyDetail).c_str());
      QCOMPARE(p.bytes, std::uint64_t{16'000});
    }
    const std::string& detail = run.points[1].verifyDetail;
    QVERIFY2(detail.starts_with("max |error| 0 of max |reference| ") &&
                 detail.ends_with(" (rtol 0), against time_python_loop"),
             detail.c_str());
    QVERIFY2(result.out.contains("GB/s"), qPrintable(result.out));
  }

  // Functions that join add (accellab.Builtin) run on add's arrays beside its C++ variants and
  // are checked by add's reference: a right one verifies, a wrong one fails verification, one
  // that raises fails with Python's words, one that crashes the interpreter fails with the
  // signal, one that hangs past its `timeout` (asv's attribute) is ended, and the run goes on;
  // a taken name is refused.
  void functionsJoinAdd() {
    const QString out = dir_.filePath("joined.json");
    const CliResult example =
        runCli({"run", "--python", kJoined, "--kernel", "add", "--shape", "5x7x9", "--dtype", "f32",
                "--variants", "vectorized,numpy_out,slow_python_rows", "--reps", "3", "--min-time",
                "0.01", "--out", out});
    QVERIFY2(example.exitCode == 0, qPrintable(example.err + example.out));
    for (const PointResult& p : pointsIn(out)) {
      QCOMPARE(p.point.kernel, std::string("add"));
      QVERIFY2(p.status == PointStatus::ok && p.verified, (p.reason + p.verifyDetail).c_str());
    }
    // The session names the file each joined variant's code came from, and its build.
    const Run run = readSessionFile(out.toStdString()).runs.front();
    QCOMPARE(run.variantSources.size(), std::size_t{2});
    for (const char* variant : {"numpy_out", "slow_python_rows"}) {
      QVERIFY2(run.variantSources.contains(variant), variant);
      const PluginIdentity& source = run.variantSources.at(variant);
      QCOMPARE(source.kind, std::string("python"));
      QCOMPARE(source.name, std::string("my_add"));
      QCOMPARE(source.file, QFileInfo(kJoined).absoluteFilePath().toStdString());
      QCOMPARE(source.sha256, sha256OfFile(kJoined.toStdString()).value_or(""));
      QVERIFY2(source.version.starts_with("Python 3"), source.version.c_str());
    }
    const QString mine = dir_.filePath("mine.py");
    std::ofstream(mine.toStdString())
        << "import accellab\nadd = accellab.Builtin('add')\n\n@add.variant\n"
           "def off_by_one(a, b, addend):\n    b[...] = a + addend + 1\n\n@add.variant\n"
           "def raises(a, b, addend):\n    raise RuntimeError('not today')\n\n@add.variant\n"
           "def crashes(a, b, addend):\n    import os\n    os.abort()\n\n@add.variant\n"
           "def hangs(a, b, addend):\n    import time\n    time.sleep(3600)\nhangs.timeout = 1\n";
    const CliResult wrong =
        runCli({"run", "--python", mine, "--kernel", "add", "--shape", "4x4x4", "--variants",
                "off_by_one,raises,crashes,hangs,vectorized", "--reps", "3", "--min-time", "0.01",
                "--out", dir_.filePath("mine.json")});
    QCOMPARE(wrong.exitCode, 1);
    const std::vector<PointResult> points = pointsIn(dir_.filePath("mine.json"));
    QCOMPARE(points.size(), std::size_t{5});
    const auto reason = [&](const char* variant) {
      for (const PointResult& p : points)
        if (p.point.variant == variant) return p.status == PointStatus::ok ? "ok" : p.reason;
      return std::string("no point");
    };
    QVERIFY2(reason("off_by_one").starts_with("verification failed"), reason("off_by_one").c_str());
    QVERIFY2(reason("raises").find("RuntimeError: not today") != std::string::npos,
             reason("raises").c_str());
    QVERIFY2(reason("crashes").find("SIGABRT") != std::string::npos, reason("crashes").c_str());
    QCOMPARE(reason("hangs"),
             std::string("the call did not return within its timeout of 1 s; its Python child "
                         "was ended"));
    QCOMPARE(reason("vectorized"), std::string("ok"));  // the run went on
    // A file of an asv suite runs as it is listed, a module of its package: its relative
    // imports work in the child that runs the function too.
    QVERIFY(QDir(dir_.path()).mkpath(QStringLiteral("suite")));
    std::ofstream(dir_.filePath("suite/__init__.py").toStdString()) << "";
    std::ofstream(dir_.filePath("suite/common.py").toStdString()) << "EXTRA = 0\n";
    const QString member = dir_.filePath("suite/bench_add.py");
    std::ofstream(member.toStdString())
        << "import accellab\nfrom .common import EXTRA\n\n@accellab.Builtin('add').variant\n"
           "def from_suite(a, b, addend):\n    b[...] = a + addend + EXTRA\n";
    const CliResult suite = runCli({"run", "--python", member, "--kernel", "add", "--shape",
                                    "4x4x4", "--variants", "from_suite", "--reps", "3",
                                    "--min-time", "0.01", "--out", dir_.filePath("suite.json")});
    QVERIFY2(suite.exitCode == 0, qPrintable(suite.err + suite.out));
    QVERIFY(pointsIn(dir_.filePath("suite.json")).front().verified);
    const CliResult listed = runCli({"list", "--python", mine});
    QVERIFY2(listed.exitCode == 0 &&
                 listed.out.contains("Joining add (accellab.Builtin): off_by_one, raises, "
                                     "crashes, hangs; list them with --kernel add\n"),
             qPrintable(listed.out + listed.err));
    const QString taken = dir_.filePath("taken.py");
    std::ofstream(taken.toStdString()) << "import accellab\n\n@accellab.Builtin('add').variant\n"
                                          "def numpy(a, b, addend):\n    b[...] = a + addend\n";
    const CliResult clash = runCli({"list", "--python", taken});
    QCOMPARE(clash.exitCode, 2);
    QVERIFY2(clash.err.contains("add already has a variant 'numpy'"), qPrintable(clash.err));
    // triad takes functions too, its inputs first; pi takes none, refused with the line.
    const QString triad = dir_.filePath("triad.py");
    std::ofstream(triad.toStdString())
        << "import accellab\nimport numpy as np\n\n@accellab.Builtin('triad').variant\n"
           "def fused(b, c, a, scale):\n    np.multiply(c, scale, out=a)\n    a += b\n\n"
           "@accellab.Builtin('triad').variant\n"
           "def swapped(b, c, a, scale):\n    a[...] = c + scale * b\n";
    const CliResult triadRun =
        runCli({"run", "--python", triad, "--kernel", "triad", "--shape", "3x5x7", "--dtype", "f32",
                "f64", "--variants", "loop,fused,swapped", "--reps", "3", "--min-time", "0.01",
                "--out", dir_.filePath("triad.json")});
    QCOMPARE(triadRun.exitCode, 1);  // swapped is wrong
    for (const PointResult& p : pointsIn(dir_.filePath("triad.json"))) {
      if (p.point.variant == "swapped")
        QVERIFY2(p.reason.starts_with("verification failed"), p.reason.c_str());
      else
        QVERIFY2(p.status == PointStatus::ok && p.verified, (p.reason + p.verifyDetail).c_str());
    }
    const CliResult signature = runCli({"list", "--kernel", "triad"});
    QVERIFY2(signature.out.contains("--python: def f(b, c, a, scale)"), qPrintable(signature.out));
    const CliResult joined = runCli({"list", "--python", triad});
    QVERIFY2(joined.out ==
                 "Joining triad (accellab.Builtin): fused, swapped; list them with "
                 "--kernel triad\n",
             qPrintable(joined.out + joined.err));
    const QString pi = dir_.filePath("pi.py");
    std::ofstream(pi.toStdString()) << "import accellab\n\n@accellab.Builtin('pi').variant\n"
                                       "def mine(n):\n    return n\n";
    const CliResult noFunctions = runCli({"list", "--python", pi});
    QCOMPARE(noFunctions.exitCode, 2);
    QVERIFY2(noFunctions.err.contains(pi + ":3: kernel 'pi' takes no Python function"),
             qPrintable(noFunctions.err));
  }

  // Numba's compile is the first call, kept apart: far above the median of the calls after it.
  void aNumbaFirstCallIsItsCompile() {
    const QString out = dir_.filePath("numba.json");
    const CliResult result = runCli({"run", "--python", kExample, "--bench", "time_njit", "--param",
                                     "n=1000", "--reps", "3", "--min-time", "0.01", "--out", out},
                                    300'000);
    QVERIFY2(result.exitCode == 0, qPrintable(result.err + result.out));
    const PointResult p = pointsIn(out).front();
    if (p.status == PointStatus::skipped) QSKIP(p.reason.c_str());  // "Numba is not installed"
    QVERIFY2(p.status == PointStatus::ok, p.reason.c_str());
    QVERIFY2(p.firstCallS > 100 * p.stats.medianS,
             qPrintable(QString("first %1 s, median %2 s").arg(p.firstCallS).arg(p.stats.medianS)));
  }

  // In the worker process too: the worker lists the same file itself.
  void isolatedRunsMeasureToo() {
    const QString out = dir_.filePath("isolated.json");
    const CliResult result =
        runCli({"run", "--python", kExample, "--bench", "AddNumPy.time_out", "--param", "n=1000",
                "--reps", "3", "--min-time", "0.01", "--isolate", "--out", out});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err + result.out));
    QCOMPARE(toString(pointsIn(out).front().status), toString(PointStatus::ok));
  }

  // A file of benchmarks without params (asv's plainest form): measured in the worker (every
  // point was refused there: "point.params: needs a shape, samples or kernel_params"), and its
  // session opens again (report refused it, exit 2). The CPU time is the Python child's: a
  // benchmark that sleeps keeps no core busy, and its note says it waited.
  void aFileWithoutParamsRunsInTheWorkerAndReadsBack() {
    const QString plain = dir_.filePath("plain.py");
    std::ofstream(plain.toStdString()) << "import time\n"
                                          "def time_ok():\n    sum(range(1000))\n"
                                          "def time_sleeps():\n    time.sleep(0.02)\n";
    const QString out = dir_.filePath("plain.json");
    const CliResult result = runCli(
        {"run", "--python", plain, "--reps", "3", "--min-time", "0.01", "--isolate", "--out", out});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err + result.out));
    const Run run = readSessionFile(out.toStdString()).runs.front();
    QCOMPARE(run.points.size(), std::size_t{2});
    for (const PointResult& p : run.points) {
      QVERIFY2(p.status == PointStatus::ok, p.reason.c_str());
      QVERIFY(p.point.params.kernelParams.empty() && !p.point.params.typed);
      QVERIFY(p.cpu.has_value() && p.cpu->samplesS.size() == p.samplesS.size());
    }
    const PointResult& sleeps = run.points[1];
    QCOMPARE(sleeps.point.variant, std::string("time_sleeps"));
    QVERIFY2(sleeps.cpu->cores < 0.5, qPrintable(QString::number(sleeps.cpu->cores)));
    const CliResult report = runCli({"report", out});
    QVERIFY2(report.exitCode == 0, qPrintable(report.err));
    QVERIFY2(report.out.contains("cores") &&
                 report.out.contains("cores of CPU over its wall time: it waited"),
             qPrintable(report.out));
  }

  // A file of several groups of benchmarks runs whole, a run each in one session (it was
  // refused: "run needs --kernel NAME"); --kernel narrows it; what belongs to one kernel needs
  // it.
  void aFileOfSeveralKernelsRunsWhole() {
    const QString groups = dir_.filePath("groups.py");
    std::ofstream(groups.toStdString())
        << "def time_plain():\n    sum(range(100))\n"
           "def time_sized(n):\n    sum(range(n))\ntime_sized.params = [10, 20]\n"
           "time_sized.param_names = ['n']\n";
    const QString out = dir_.filePath("groups.json");
    const CliResult whole =
        runCli({"run", "--python", groups, "--reps", "3", "--min-time", "0.01", "--out", out});
    QVERIFY2(whole.exitCode == 0, qPrintable(whole.err + whole.out));
    QVERIFY2(whole.err.contains("as runs 1 to 2"), qPrintable(whole.err));
    const Session session = readSessionFile(out.toStdString());
    QCOMPARE(session.runs.size(), std::size_t{2});
    std::map<std::string, std::size_t> points;  // by kernel
    for (const Run& run : session.runs) {
      QCOMPARE(run.points.front().point.kernel, run.points.back().point.kernel);
      points[run.points.front().point.kernel] = run.points.size();
      for (const PointResult& p : run.points)
        QVERIFY2(p.status == PointStatus::ok, p.reason.c_str());
    }
    QCOMPARE(points, (std::map<std::string, std::size_t>{{"groups-n", 2}, {"groups-plain", 1}}));
    const CliResult one = runCli({"run", "--python", groups, "--kernel", "groups-plain", "--reps",
                                  "3", "--min-time", "0.01"});
    QVERIFY2(one.exitCode == 0, qPrintable(one.err));
    const CliResult param = runCli({"run", "--python", groups, "--param", "n=10"});
    QCOMPARE(param.exitCode, 2);
    QVERIFY2(param.err.contains("--param applies to one kernel, and the files hold 2: name it "
                                "with --kernel"),
             qPrintable(param.err));
  }

  // What cannot be run is refused before anything runs, with Python's own words.
  // A file that hangs in its imports: Ctrl+C (here SIGINT, as a terminal sends it to the
  // command) ends the listing within a second, exit 130, nothing measured, the reason said.
  void aSignalEndsAFileThatHangsInItsImports() {
    const QString hanging = dir_.filePath("hanging.py");
    std::ofstream(hanging.toStdString()) << "import time\ntime.sleep(60)\n\ndef time_x():\n"
                                            "    pass\n";
    QProcess cli;
    cli.start(QStringLiteral(ACCELLAB_CLI_PATH),
              {"run", "--python", hanging, "--out", dir_.filePath("hanging.json")});
    QVERIFY(cli.waitForStarted());
    QTest::qWait(1500);  // in the listing by now
    QElapsedTimer ending;
    ending.start();
    ::kill(static_cast<pid_t>(cli.processId()), SIGINT);
    QVERIFY(cli.waitForFinished(10000));
    QVERIFY2(ending.elapsed() < 3000, qPrintable(QString::number(ending.elapsed())));
    QCOMPARE(cli.exitCode(), 130);
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(err.contains("interrupted (SIGINT) while loading the kernels: nothing measured"),
             qPrintable(err));
    QVERIFY(!QFileInfo::exists(dir_.filePath("hanging.json")));
  }

  void badFilesAreRefused() {
    const QString broken = dir_.filePath("broken.py");
    std::ofstream(broken.toStdString()) << "def time_x():\n    pass\nthis is no python\n";
    const CliResult syntax = runCli({"run", "--python", broken});
    QCOMPARE(syntax.exitCode, 2);
    QVERIFY2(syntax.err.contains("SyntaxError") && syntax.err.contains("broken.py"),
             qPrintable(syntax.err));
    const CliResult none = runCli({"list", "--python", kExample, "--bench", "nothing-like-it"});
    QCOMPARE(none.exitCode, 2);
    QVERIFY2(none.err.contains("no benchmark matches --bench 'nothing-like-it'"),
             qPrintable(none.err));
    const CliResult alone = runCli({"list", "--bench", "x"});
    QCOMPARE(alone.exitCode, 2);
    QVERIFY2(alone.err.contains("--bench selects benchmarks of a --python file"),
             qPrintable(alone.err));
    const CliResult value = runCli({"run", "--python", kExample, "--param", "n=5000"});
    QCOMPARE(value.exitCode, 2);
    QVERIFY2(value.err.contains("n=5000 is not one of its values: 1000, 100000, "),
             qPrintable(value.err));
  }

 private:
  QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TestCliPython)
#include "tst_cli_python.moc"
