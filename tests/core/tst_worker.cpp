// The app's side of the worker protocol against fake workers (sh scripts answering on fd 3):
// every fault is the point's failure with a clear reason, never a hang; a stop is honoured.
#include <QElapsedTimer>
#include <QTest>
#include <thread>

#include "accellab/child_process.h"
#include "accellab/worker.h"

using namespace accellab;

namespace {

constexpr const char* kHello =
    "read request; echo '{\"type\":\"hello\",\"protocol\":1,\"program\":\"fake\"}' >&3; ";

// A worker that says hello, then does `rest` (appended: GCC 12 warns falsely of overlapping
// copies in a chain of operator+ on temporaries).
std::string afterHello(const std::string& rest) {
  std::string script = kHello;
  script.append(rest);
  return script;
}

// A shell command writing the result of aPoint() on fd 3 for the request read into $r:
// `status`, `reason` (shell text inside single quotes), `extra` members after the point.
std::string resultLine(const std::string& status, const std::string& reason,
                       const std::string& extra = {}) {
  return "id=$(echo \"$r\" | sed 's/.*\"id\":\\([0-9]*\\).*/\\1/'); "
         "echo '{\"type\":\"result\",\"id\":'$id',\"point\":{\"kernel\":\"kern\",\"variant\":"
         "\"vari\",\"params\":{\"samples\":10,\"dtype\":\"f64\",\"seed\":" +
         std::to_string(Params{}.seed) + "},\"threads\":1,\"status\":\"" + status +
         "\",\"reason\":\"" + reason +
         "\",\"samples_s\":[],\"runs_per_sample\":1,\"stats\":{\"median_s\":0,\"min_s\":0,"
         "\"mean_s\":0,\"stddev_s\":0,\"mad_s\":0,\"ci95_s\":[0,0],\"outliers\":0},"
         "\"first_call_s\":0,\"elements_per_s\":0,\"bytes_per_s\":0,\"verified\":false},"
         "\"prepare_s\":0" +
         extra + "}' >&3";
}

Point aPoint() {
  Point point;
  point.kernel = "kern";
  point.variant = "vari";
  point.params.samples = 10;
  return point;
}

WorkerOptions fake(const std::string& script) {
  WorkerOptions options;
  options.command = {"/bin/sh", "-c", script};
  options.silenceLimitS = 2;
  options.startLimitS = 5;
  return options;
}

MeasuredPoint measureWith(const std::string& script, std::stop_token stop = {}) {
  WorkerMeasurer worker(fake(script));
  return worker.measure(aPoint(), MeasureConfig{}, stop, {}, 0);
}

}  // namespace

class TestWorker : public QObject {
  Q_OBJECT

 private slots:
  // What a lost worker's reason quotes of its stderr: its last lines that are not blank.
  void lastLinesQuoteTheEndOfStderr() {
    QCOMPARE(lastLines("a\nb\n\n  \nc  \n\n", 3), std::string("a | b | c"));
    QCOMPARE(lastLines("a\nb\nc\nd", 2), std::string("c | d"));
    QCOMPARE(lastLines("only\r\n", 1), std::string("only"));
    QCOMPARE(lastLines("\n \n", 3), std::string());
    QCOMPARE(lastLines("", 1), std::string());
  }

  void faultsFailThePointWithTheirReason_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("reason");
    QTest::newRow("dies before its hello")
        << "echo 'no such library' >&2; exit 3"
        << "the worker did not start: the worker exited with status 3: no such library";
    QTest::newRow("another protocol")
        << "read r; echo '{\"type\":\"hello\",\"protocol\":2,\"program\":\"AccelLab 9\"}' >&3; "
           "sleep 9"
        << "the worker did not start: the worker (AccelLab 9) speaks worker protocol 2, this "
           "AccelLab 1";
    QTest::newRow("refuses the app")
        << "read r; echo '{\"type\":\"error\",\"message\":\"the app speaks 1\"}' >&3; exit 2"
        << "the worker did not start: the worker refused: the app speaks 1";
    QTest::newRow("not JSON") << QString(kHello) + "read r; echo 'not json' >&3; sleep 9"
                              << "the worker broke the protocol: not valid JSON";
    QTest::newRow("unknown type") << QString(kHello) +
                                         "read r; echo '{\"type\":\"bogus\"}' >&3; sleep 9"
                                  << "unknown message type 'bogus'";
    QTest::newRow("another point's result")
        << QString(kHello) +
               "read r; echo '{\"type\":\"stage\",\"id\":7,\"phase\":\"measuring\","
               "\"repetitions_done\":1,\"fraction\":0}' >&3; sleep 9"
        << "the worker broke the protocol: an unexpected";
    QTest::newRow("truncated, then gone")
        << QString(kHello) + "read r; printf '{\"type\":\"res' >&3; exit 0"
        << "exited with status 0 in kern vari 10 samples while preparing";
    QTest::newRow("silent") << QString(kHello) + "read r; exec sleep 30"
                            << "the worker stopped answering for 2 s in kern";
    // Its death is its own, though a process it started in a session of its own holds its
    // pipes (it read as "stopped answering").
    QTest::newRow("dies, its pipes held")
        << QString(kHello) + "read r; setsid sleep 30 & kill -SEGV $$"
        << "killed by SIGSEGV (Segmentation fault) in kern";
  }
  void faultsFailThePointWithTheirReason() {
    QFETCH(QString, script);
    QFETCH(QString, reason);
    QElapsedTimer timer;
    timer.start();
    const MeasuredPoint measured = measureWith(script.toStdString());
    QCOMPARE(toString(measured.result.status), toString(PointStatus::failed));
    QVERIFY2(QString::fromStdString(measured.result.reason).contains(reason),
             measured.result.reason.c_str());
    QCOMPARE(measured.result.point, aPoint());
    QVERIFY(measured.result.samplesS.empty());
    QVERIFY2(timer.elapsed() < 5'000, qPrintable(QString::number(timer.elapsed())));
  }

  // A worker that cannot start would fail every point alike: the run ends at once.
  void aWorkerThatCannotStartEndsTheRun() {
    const MeasuredPoint measured = measureWith("exit 1");
    QCOMPARE(measured.endsRun, std::optional<std::string>("the worker did not start"));
  }

  // One crash is bad luck; kCrashesInARow in a row end the run. A good point resets the count.
  void crashesInARowEndTheRun() {
    WorkerMeasurer worker(fake(afterHello("read r; exit 7")));
    for (std::size_t i = 1; i < kCrashesInARow; ++i) {
      const MeasuredPoint measured = worker.measure(aPoint(), MeasureConfig{}, {}, {}, 0);
      QCOMPARE(toString(measured.result.status), toString(PointStatus::failed));
      QVERIFY(!measured.endsRun);
    }
    const MeasuredPoint last = worker.measure(aPoint(), MeasureConfig{}, {}, {}, 0);
    QCOMPARE(last.endsRun, std::optional<std::string>("3 points in a row crashed their worker"));
    QCOMPARE(worker.workersStarted(), kCrashesInARow);
  }

  // A stop while the worker says nothing (a kernel that never polls its token): the point is
  // cancelled within the grace, the worker ended.
  void stopEndsASilentWorkerWithinTheGrace() {
    std::stop_source stop;
    std::jthread stopper([&stop] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      stop.request_stop();
    });
    QElapsedTimer timer;
    timer.start();
    const MeasuredPoint measured =
        measureWith(afterHello("read r; exec sleep 30"), stop.get_token());
    QCOMPARE(toString(measured.result.status), toString(PointStatus::cancelled));
    QVERIFY2(timer.elapsed() < 300 + 500, qPrintable(QString::number(timer.elapsed())));
  }

  // The stop request reaches the worker, whose own answer (its cancelled result) is taken.
  void stopIsSentToTheWorker() {
    std::stop_source stop;
    std::jthread stopper([&stop] {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      stop.request_stop();
    });
    const std::string answer =
        "read s; [ \"$s\" = '{\"type\":\"stop\"}' ] && said=stop || said=other; " +
        resultLine("cancelled", "it said '$said'") + "; sleep 9";
    const MeasuredPoint measured = measureWith(afterHello("read r; " + answer), stop.get_token());
    QVERIFY2(measured.result.status == PointStatus::cancelled, measured.result.reason.c_str());
    QCOMPARE(measured.result.reason, std::string("it said stop"));
  }

  // A worker whose point lost the process (a sticky CUDA error) reports it and exits: that
  // point fails with its own reason, the next starts a fresh worker, and no crash is counted.
  void aRetiringWorkerIsReplacedWithoutACrash() {
    WorkerMeasurer worker(fake(afterHello(
        "read r; " +
        resultLine("failed", "CUDA error: an illegal memory access", ",\"retiring\":true") +
        "; exit 0")));
    for (std::size_t i = 1; i <= kCrashesInARow + 1; ++i) {
      const MeasuredPoint measured = worker.measure(aPoint(), MeasureConfig{}, {}, {}, 0);
      QCOMPARE(QString::fromStdString(measured.result.reason),
               QStringLiteral("CUDA error: an illegal memory access"));
      QVERIFY(!measured.endsRun);
      QCOMPARE(worker.workersStarted(), i);
    }
  }

  void policiesReadBack() {
    for (const OnCrash policy : {OnCrash::goOn, OnCrash::stop})
      QCOMPARE(parseOnCrash(toString(policy)), std::optional<OnCrash>(policy));
    QVERIFY(!parseOnCrash("maybe"));
  }
};

QTEST_GUILESS_MAIN(TestWorker)
#include "tst_worker.moc"
