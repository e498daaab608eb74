// run --isolate as a user runs it, against a kernel that crashes, hangs or lies on request
// (accellab-cli-misbehaving): the point that misbehaved fails with its reason, every other
// point is measured and saved, and Ctrl+C still stops at once.
#include <signal.h>

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <thread>

#include "accellab/session.h"
#include "cli_process.h"

using namespace accellab;
using accellab::test::CliResult;

namespace {

const QString kMisbehaving = QStringLiteral(ACCELLAB_MISBEHAVING_CLI);

QStringList isolatedRun(const QString& hows, const QString& out) {
  return {"run", "--kernel", "misbehave", "--param",    "how=" + hows, "--isolate",  "--out",
          out,   "--reps",   "3",         "--min-time", "0.001",       "--max-time", "1"};
}

std::vector<PointResult> pointsIn(const QString& file) {
  const Session session = readSessionFile(file.toStdString());
  return session.runs.empty() ? std::vector<PointResult>{} : session.runs.back().points;
}

// The points a run of `hows` saved in `out` (empty, with a test failure, when the run did not
// exit with `exitCode` or saved another number of points than the values given).
std::vector<PointResult> savedPoints(const QString& hows, const QString& out, int exitCode,
                                     const QStringList& extra = {}) {
  const CliResult result = test::runProgram(kMisbehaving, isolatedRun(hows, out) << extra);
  const auto points = pointsIn(out);
  const auto given = static_cast<std::size_t>(hows.count(',') + 1);
  if (result.exitCode != exitCode || points.size() != given) {
    QTest::qFail(qPrintable(QString("exit %1 (expected %2), %3 points of %4 saved\n%5")
                                .arg(result.exitCode)
                                .arg(exitCode)
                                .arg(points.size())
                                .arg(given)
                                .arg(result.err)),
                 __FILE__, __LINE__);
    return {};
  }
  return points;
}

}  // namespace

class TestIsolation : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    QVERIFY(dir_.isValid());
    test::useMachineCacheIn(dir_.filePath("cache"));
  }

  // Each way of dying costs its own point alone: the points before and after are measured and
  // saved, the failed one says how it died, and the run exits 1 (a failed point).
  void eachMisbehaviourFailsOnlyItsPoint_data() {
    QTest::addColumn<int>("how");
    QTest::addColumn<QString>("reason");
#if defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer (the asan preset) catches the SIGSEGV itself, reports it on stderr and
    // exits 1: the point says so, its report's last lines quoted.
    QTest::newRow("SIGSEGV") << 2
                             << "exited with status 1 in misbehave loop how=2 "
                                "while measuring; last lines on stderr: ";
#else
    QTest::newRow("SIGSEGV") << 2
                             << "killed by SIGSEGV (Segmentation fault) in misbehave loop "
                                "how=2 while measuring; last lines on stderr: about to "
                                "write through a null pointer";
#endif
    QTest::newRow("abort") << 3 << "killed by SIGABRT (Aborted) in misbehave";
    QTest::newRow("throws") << 4 << "the kernel threw: bad state";
    QTest::newRow("hangs") << 5
                           << "timed out after 2 s in misbehave loop how=5 "
                              "while measuring (the point timeout); its worker was ended";
    QTest::newRow("OOM kill") << 6 << "killed by SIGKILL (Killed): out of memory, probably";
    QTest::newRow("exit(0)") << 8 << "exited with status 0 in misbehave";
    // Text from user code is data: its bytes that are not UTF-8 become U+FFFD, and the worker
    // lives on (it died of the JSON writer's exception, counted as a crash).
    QTest::newRow("not UTF-8") << 9 << "Gr\ufffd\ufffde \ufffd: not UTF-8";
  }
  void eachMisbehaviourFailsOnlyItsPoint() {
    QFETCH(int, how);
    QFETCH(QString, reason);
    // how=7 prints garbage and then behaves: a point after the crash, measured by a new worker.
    const auto points = savedPoints(QString("1,%1,7").arg(how), dir_.filePath("s.json"), 1,
                                    {"--point-timeout", "2"});
    QVERIFY(!points.empty());
    for (const std::size_t i : {0, 2}) {
      QCOMPARE(toString(points[i].status), toString(PointStatus::ok));
      QVERIFY(points[i].verified);
      QVERIFY(points[i].samplesS.size() >= 3);
    }
    const PointResult& lost = points[1];
    const bool crashed = how != 4 && how != 9;  // a throw is caught in the worker, which lives on
    QCOMPARE(toString(lost.status), toString(PointStatus::failed));
    QVERIFY2(QString::fromStdString(lost.reason).contains(reason), lost.reason.c_str());
    // A crash leaves a gap, never numbers.
    if (crashed) {
      QVERIFY(lost.samplesS.empty());
      QCOMPARE(lost.stats.medianS, 0.0);
    }
  }

  // What the measured code prints on stdout never reads as the protocol: the point is ok, and
  // what it printed on stdout and stderr is kept with it (a point that printed nothing keeps
  // nothing).
  void garbageOnStdoutIsHarmless() {
    const auto points = savedPoints("7,1", dir_.filePath("s.json"), 0);
    QVERIFY(!points.empty());
    QCOMPARE(toString(points[0].status), toString(PointStatus::ok));
    QVERIFY(points[0].verified);
    QVERIFY2(points[0].output.find("{\"type\":\"result\",\"id\":1} not the protocol") !=
                     std::string::npos &&
                 points[0].output.find("garbage on stderr too\n") != std::string::npos,
             points[0].output.c_str());
    QCOMPARE(points[1].output, std::string());
  }

  // A crash keeps what the code printed last: often why.
  void aCrashKeepsWhatItPrinted() {
    const auto points = savedPoints("2", dir_.filePath("s.json"), 1);
    QVERIFY(!points.empty());
    QVERIFY2(points[0].output.find("about to write through a null pointer\n") != std::string::npos,
             points[0].output.c_str());
  }

  // Three crashes in a row stop the run: the rest are gaps with the reason, not attempts.
  void threeCrashesInARowStopTheRun() {
    const auto points = savedPoints("2,3,6,8,1", dir_.filePath("s.json"), 1);
    QVERIFY(!points.empty());
    // Sweep order follows the values given.
    for (std::size_t i = 0; i < 3; ++i)
      QCOMPARE(toString(points[i].status), toString(PointStatus::failed));
    for (std::size_t i = 3; i < 5; ++i) {
      QCOMPARE(toString(points[i].status), toString(PointStatus::cancelled));
      QCOMPARE(points[i].reason,
               std::string("not measured: 3 points in a row crashed their worker"));
    }
  }

  void onCrashStopEndsTheRunAtTheFirstCrash() {
    const auto points = savedPoints("1,2,3", dir_.filePath("s.json"), 1, {"--on-crash", "stop"});
    QVERIFY(!points.empty());
    QCOMPARE(toString(points[0].status), toString(PointStatus::ok));
    QCOMPARE(toString(points[1].status), toString(PointStatus::failed));
    QCOMPARE(toString(points[2].status), toString(PointStatus::cancelled));
    QVERIFY2(points[2].reason.find("crashed its worker, and the run stops on a crash") !=
                 std::string::npos,
             points[2].reason.c_str());
  }

  // Ctrl+C during a kernel that never polls its stop token: the worker is ended, the run
  // stops within a second and says so, and the point measured before it is saved.
  void interruptDuringAHangStopsAtOnce() {
    const QString out = dir_.filePath("s.json");
    QProcess cli;
    cli.start(kMisbehaving, isolatedRun("1,5", out));
    QVERIFY(cli.waitForStarted());
    // The hang starts once the first point's row is printed: wait for it.
    QElapsedTimer waited;
    waited.start();
    QString printed;
    while (!printed.contains("how=1") && waited.elapsed() < 60'000) {
      cli.waitForReadyRead(100);
      printed += QString::fromUtf8(cli.readAllStandardOutput());
    }
    QVERIFY2(printed.contains("how=1"), qPrintable(printed));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // into the hang
    QElapsedTimer stopping;
    stopping.start();
    ::kill(static_cast<pid_t>(cli.processId()), SIGINT);
    QVERIFY(cli.waitForFinished(10'000));
    QVERIFY2(stopping.elapsed() < 2'000, qPrintable(QString::number(stopping.elapsed())));
    QCOMPARE(cli.exitCode(), 130);
    const auto points = pointsIn(out);
    QCOMPARE(points.size(), std::size_t{2});
    QCOMPARE(toString(points[0].status), toString(PointStatus::ok));
    QCOMPARE(toString(points[1].status), toString(PointStatus::cancelled));
  }

  void isolationOptionsAreChecked_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("--on-crash in process")
        << QStringList{"--in-process", "--on-crash", "stop"}
        << "--on-crash applies to the worker process, not to --in-process";
    QTest::newRow("--point-timeout in process")
        << QStringList{"--in-process", "--point-timeout", "5"}
        << "--point-timeout applies to the worker process, not to --in-process";
    QTest::newRow("both ways") << QStringList{"--in-process", "--isolate"}
                               << "--in-process and --isolate contradict each other";
    QTest::newRow("bad policy") << QStringList{"--isolate", "--on-crash", "maybe"}
                                << "invalid --on-crash: 'maybe' (expected go-on or stop)";
    // 0 is "automatic", as in the window; between 0 and 1 s nothing is.
    QTest::newRow("half a second") << QStringList{"--isolate", "--point-timeout", "0.5"}
                                   << "invalid --point-timeout: '0.5' is outside 1 to 86400 s, "
                                      "or 0 (automatic)";
  }
  void isolationOptionsAreChecked() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliResult result =
        test::runCli(QStringList{"run", "--kernel", "pi", "--samples", "1000"} << args);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
  }

  // The worker is started by an app, which opens fd 3 and says so: by hand it is refused,
  // whatever fd 3 this process inherited.
  void workerByHandIsRefused() {
    for (const QStringList& args :
         {QStringList{"worker"}, QStringList{"worker", "--replies-fd", "4"}}) {
      const CliResult result = test::runCli(args, 10'000);
      QCOMPARE(result.exitCode, 2);
      QVERIFY2(
          result.err.contains("the worker answers on fd 3, which the app that starts it opens"),
          qPrintable(result.err));
    }
  }

  // With no flag the CLI measures in a worker, as the window does: a segfault costs its point
  // (exit 1, the point failed and named, the next one measured), and --in-process measures in
  // the CLI's own process.
  void theWorkerIsTheDefault() {
    const QString out = dir_.filePath("s.json");
    const QStringList run{"run", "--kernel",   "misbehave", "--out",      out, "--reps",
                          "3",   "--min-time", "0.001",     "--max-time", "1", "--param"};
    const CliResult isolated = test::runProgram(kMisbehaving, QStringList(run) << "how=2,1");
    QCOMPARE(isolated.exitCode, 1);
    auto points = pointsIn(out);
    QCOMPARE(points.size(), std::size_t{2});
    QCOMPARE(toString(points[0].status), toString(PointStatus::failed));
    QCOMPARE(toString(points[1].status), toString(PointStatus::ok));
    QFile::remove(out);
    const CliResult inProcess = test::runProgram(kMisbehaving, QStringList(run) << "how=1"
                                                                                << "--in-process");
    QCOMPARE(inProcess.exitCode, 0);
    points = pointsIn(out);
    QCOMPARE(points.size(), std::size_t{1});
    QCOMPARE(toString(points[0].status), toString(PointStatus::ok));
  }

  // The real accellab-cli, isolated: the points verify as in process.
  void builtinKernelsRunIsolated() {
    const QString out = dir_.filePath("s.json");
    const CliResult result = test::runCli(
        {"run", "--kernel", "add", "--shape", "8x16x16", "--variants", "loop,vectorized",
         "--isolate", "--out", out, "--reps", "3", "--min-time", "0.001"},
        test::kMeasuringTimeoutMs);
    QCOMPARE(result.exitCode, 0);
    const auto points = pointsIn(out);
    QCOMPARE(points.size(), std::size_t{2});
    for (const PointResult& p : points) {
      QCOMPARE(toString(p.status), toString(PointStatus::ok));
      QVERIFY(p.verified);
      QVERIFY(p.samplesS.size() >= 3);
    }
  }

 private:
  QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TestIsolation)
#include "tst_isolation.moc"
