// accellab-cli with a user's CUDA source (docs/cuda-source.md), run as a user runs it: the
// kernel's signature in `list`, the source as a variant of its kernel, in the worker too, and
// a compile error stopping the run with NVRTC's words in the user's lines. Built with CUDA
// only (a build without it does not compile sources); a point runs only on a GPU.
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

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
  QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TestCliCudaSource)
#include "tst_cli_cuda_source.moc"
