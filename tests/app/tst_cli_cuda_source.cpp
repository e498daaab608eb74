// accellab-cli with a user's CUDA source (docs/cuda-source.md), run as a user runs it: the
// kernel's signature in `list`, the source as a variant of its kernel, in the worker too, and
// a compile error stopping the run with NVRTC's words in the user's lines. Built with CUDA
// only (a build without it does not compile sources); a point runs only on a GPU.
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <cstring>
#include <fstream>

#include "accellab/digest.h"
#include "accellab/session.h"
#include "cli_process.h"

using namespace accellab;
using test::CliResult;
using test::runCli;

namespace {

const QString kExample = QStringLiteral(ACCELLAB_EXAMPLES_DIR "/cuda-source/my_add.cu");

}  // namespace

class TestCliCudaSource : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    test::useMachineCacheIn(dir_.filePath("cache"));
  }

  void listShowsTheSignatureAndTheVariant() {
    const CliResult result =
        runCli({"list", "--kernel", "add", "--cuda-source", kExample, "--entry", "my_add"});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY2(result.out.startsWith("add — "), qPrintable(result.out));  // add alone
    QVERIFY(!result.out.contains("\ntriad — "));
    QVERIFY2(result.out.contains("    --cuda-source: template <typename T> __global__ void "
                                 "ENTRY(const T* in, T* out, unsigned long long n, T addend)"),
             qPrintable(result.out));
    QVERIFY2(result.out.contains(QRegularExpression(
                 "\n  my_add +(available|unavailable) +your CUDA kernel from my_add.cu, compiled "
                 "by NVRTC at run time")),
             qPrintable(result.out));
    QCOMPARE(runCli({"list", "--kernel", "nothing"}).exitCode, 2);
  }

  // In the worker as in the CLI: the point is measured and verified on a GPU; elsewhere it is
  // skipped with the gpu variant's own reason.
  void anIsolatedRunMeasuresTheSource() {
    const QString out = dir_.filePath("source.json");
    const CliResult result =
        runCli({"run", "--kernel", "add", "--shape", "16x64x64", "--variants", "gpu,my_add",
                "--cuda-source", kExample, "--entry", "my_add", "--reps", "3", "--min-time", "0.01",
                "--isolate", "--out", out});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err + result.out));
    const Run run = readSessionFile(out.toStdString()).runs[0];
    // Measured or not, the session names the source the variant was built from.
    QCOMPARE(run.variantSources.size(), std::size_t{1});
    const PluginIdentity& source = run.variantSources.at("my_add");
    QCOMPARE(source.kind, std::string("cuda"));
    QCOMPARE(source.file, QFileInfo(kExample).absoluteFilePath().toStdString());
    QCOMPARE(source.sha256, sha256OfFile(kExample.toStdString()).value_or(""));
    const std::vector<PointResult>& points = run.points;
    QCOMPARE(points.size(), std::size_t{2});
    const PointResult& gpu = points[0];
    const PointResult& mine = points[1];
    QCOMPARE(mine.point.variant, std::string("my_add"));
    if (gpu.status == PointStatus::skipped) {
      QCOMPARE(toString(mine.status), toString(PointStatus::skipped));
      QCOMPARE(mine.reason, gpu.reason);
      return;
    }
    QVERIFY2(mine.status == PointStatus::ok && mine.verified, mine.reason.c_str());
    QVERIFY(mine.build && mine.build->compileS > 0 && mine.build->loadS > 0);
    QVERIFY(mine.firstCallS > mine.build->compileS + mine.build->loadS);
    QVERIFY2(result.out.contains("first call includes "), qPrintable(result.out));
  }

  void aCompileErrorStopsTheRun() {
    const QString bad = dir_.filePath("bad.cu");
    std::ofstream(bad.toStdString()) << "template <typename T>\n"
                                        "__global__ void k(const T* in, T* out,\n"
                                        "                  unsigned long long n, T addend) {\n"
                                        "  out[0] = in[0] + addend + nothing;\n"
                                        "}\n";
    const CliResult result =
        runCli({"run", "--kernel", "add", "--cuda-source", bad, "--entry", "k"});
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.startsWith("accellab-cli: error: --cuda-source " + bad +
                                   ": k<float> does not compile (NVRTC "),
             qPrintable(result.err));
    QVERIFY2(result.err.contains("\n  bad.cu(4): error: identifier \"nothing\" is undefined"),
             qPrintable(result.err));
    QVERIFY(result.out.isEmpty());  // nothing ran
  }

  // A source whose macro expands to 2^30 tokens keeps NVRTC busy for hours: the compile runs
  // in a child process, given up past its time limit with the reason.
  void aCompileThatDoesNotEndIsGivenUp() {
    const QString bomb = tokenBomb();
    qputenv("ACCELLAB_NVRTC_TIME_LIMIT_S", "1");
    QElapsedTimer took;
    took.start();
    const CliResult result =
        runCli({"list", "--kernel", "add", "--cuda-source", bomb, "--entry", "my_add"}, 30000);
    qunsetenv("ACCELLAB_NVRTC_TIME_LIMIT_S");
    QVERIFY2(took.elapsed() < 15000, qPrintable(QString::number(took.elapsed())));
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(": NVRTC ") &&
                 result.err.contains(" did not finish compiling my_add<float> within 1.00 s"),
             qPrintable(result.err));
  }

  // Ctrl+C, SIGTERM and SIGHUP during a compile end the command within a second, with the
  // signal's exit code and a word (issue: exit 4 silently from list, a SIGSEGV from run,
  // SIGHUP ignored).
  void aSignalEndsACompile_data() {
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("signal");
    for (const char* command : {"list", "run"}) {
      QTest::addRow("%s SIGINT", command) << QString::fromLatin1(command) << SIGINT;
      QTest::addRow("%s SIGTERM", command) << QString::fromLatin1(command) << SIGTERM;
    }
    QTest::addRow("run SIGHUP") << QStringLiteral("run") << SIGHUP;
  }
  void aSignalEndsACompile() {
    QFETCH(QString, command);
    QFETCH(int, signal);
    QProcess cli;
    cli.start(QStringLiteral(ACCELLAB_CLI_PATH),
              {command, "--kernel", "add", "--cuda-source", tokenBomb(), "--entry", "my_add"});
    QVERIFY(cli.waitForStarted());
    QTest::qWait(1500);  // compiling by now
    QElapsedTimer ending;
    ending.start();
    ::kill(static_cast<pid_t>(cli.processId()), signal);
    QVERIFY(cli.waitForFinished(10000));
    QVERIFY2(ending.elapsed() < 3000, qPrintable(QString::number(ending.elapsed())));
    QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
    QCOMPARE(cli.exitCode(), 128 + signal);
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("interrupted (SIG%1) while loading the kernels: nothing ")
                              .arg(QString::fromLatin1(sigabbrev_np(signal)))),
             qPrintable(err));
  }

  void incompleteOptionsAreRefused() {
    const CliResult noEntry = runCli({"run", "--kernel", "add", "--cuda-source", kExample});
    QCOMPARE(noEntry.exitCode, 2);
    QVERIFY2(noEntry.err.contains("each --cuda-source needs its --entry"), qPrintable(noEntry.err));
    const CliResult noKernel = runCli({"list", "--cuda-source", kExample, "--entry", "my_add"});
    QCOMPARE(noKernel.exitCode, 2);
    QVERIFY2(noKernel.err.contains("--cuda-source adds a variant to one kernel: name it with "
                                   "--kernel"),
             qPrintable(noKernel.err));
    const CliResult pi =
        runCli({"run", "--kernel", "pi", "--cuda-source", kExample, "--entry", "my_add"});
    QCOMPARE(pi.exitCode, 2);
    QVERIFY2(pi.err.contains("kernel 'pi' takes no CUDA source"), qPrintable(pi.err));
    // The entry names the variant: one longer than a session's names was accepted, and every
    // save of the run failed after it had measured.
    const std::string longEntry(70, 'k');
    const CliResult tooLong = runCli({"list", "--kernel", "add", "--cuda-source", kExample,
                                      "--entry", QString::fromStdString(longEntry)});
    QCOMPARE(tooLong.exitCode, 2);
    QVERIFY2(tooLong.err.contains(
                 QString::fromStdString("--entry '" + longEntry +
                                        "' is 70 characters; a variant's name, which it "
                                        "becomes, has at most 64")),
             qPrintable(tooLong.err));
  }

 private:
  // add's signature around a macro of 2^30 tokens.
  QString tokenBomb() {
    const QString file = dir_.filePath("bomb.cu");
    std::ofstream out(file.toStdString());
    out << "#define A0 x+\n";
    for (int i = 1; i <= 30; ++i) out << "#define A" << i << " A" << i - 1 << " A" << i - 1 << "\n";
    out << "template <typename T>\n"
           "__global__ void my_add(const T* in, T* out, unsigned long long n, T addend) {\n"
           "  int x = 0;\n  x = A30 0;\n}\n";
    return file;
  }

  QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TestCliCudaSource)
#include "tst_cli_cuda_source.moc"
