// The python backend's plumbing: the child process (missing interpreter, errors, cancel, no
// zombie), the shared memory it maps, the python-loop limit, and a cancelled Python run.
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

#include "kernel_driver.h"
#include "python/python_child.h"
#include "python/python_modules.h"
#include "python/python_variant.h"
#include "python/shared_memory.h"
#include "test_env.h"

using namespace accellab;
using accellab::testing::ScopedEnv;
using accellab::testing::shellScript;
using namespace accellab::kernels;
using SteadyClock = std::chrono::steady_clock;

namespace {

constexpr std::chrono::seconds kLong{30};

bool gone(pid_t pid) { return ::waitpid(pid, nullptr, WNOHANG) < 0 && errno == ECHILD; }

// A stop requested 200 ms from now, on a thread of its own, as Ctrl+C would come mid-call;
// secondsSinceRequest() once the call it stopped has returned.
class DelayedStop {
 public:
  DelayedStop()
      : thread_([this] {
          std::this_thread::sleep_for(std::chrono::milliseconds(200));
          requested_ = SteadyClock::now();
          source_.request_stop();
        }) {}
  std::stop_token token() const { return source_.get_token(); }
  double secondsSinceRequest() {
    thread_.join();
    return std::chrono::duration<double>(SteadyClock::now() - requested_).count();
  }

 private:
  std::stop_source source_;
  SteadyClock::time_point requested_;
  std::jthread thread_;  // last: started once the rest exists
};

// A process that is not ours: running unless it is gone or a zombie.
bool running(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return false;
  const auto close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z';
}

std::string selfMaps() {
  std::ifstream maps("/proc/self/maps");
  std::stringstream text;
  text << maps.rdbuf();
  return text.str();
}

}  // namespace

class TestPythonChild : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    if (probePythonModules().python.available) return;
    const std::string test = QTest::currentTestFunction();
    if (test != "missingPythonGivesTheReason" && test != "sharedMemoryIsReleased" &&
        test != "aDirectoryIsNamedAsOne")
      QSKIP("no python3 here");
  }

  void missingPythonGivesTheReason() {
    const ScopedEnv noChoice("ACCELLAB_PYTHON", nullptr);
    const ScopedEnv emptyPath("PATH", "/nonexistent");
    const PythonModules modules = probePythonModules();
    QVERIFY(!modules.python.available);
    QCOMPARE(modules.python.reason, std::string("python3 not found"));
    QCOMPARE(modules.numpy.reason, std::string("python3 not found"));
    QCOMPARE(modules.numbaCuda.reason, std::string("python3 not found"));
  }

  void aScriptErrorComesBackAsTheMessage() {
    PythonChild child(pythonInterpreter(), "raise ValueError('no such array')");
    const pid_t pid = child.pid();
    try {
      child.receive({}, std::chrono::seconds(30));
      QFAIL("a failing script must throw");
    } catch (const std::runtime_error& error) {
      QCOMPARE(std::string(error.what()),
               std::string("python exited with status 1: ValueError: no such array"));
    }
    QVERIFY(gone(pid));
  }

  void linesGoBothWays() {
    PythonChild child(pythonInterpreter(),
                      "import sys\nfor line in sys.stdin: print(line.strip()[::-1], flush=True)");
    QVERIFY(child.send("abc", {}, kLong));
    QCOMPARE(child.receive({}, kLong), std::optional<std::string>("cba"));
    QVERIFY(child.send("xyz", {}, kLong));
    QCOMPARE(child.receive({}, kLong), std::optional<std::string>("zyx"));
  }

  // A child that answers twice and then floods its stdout stops reading its stdin: a large
  // request used to block in send() for ever. The extra reply fails the request at once.
  void aReplyNobodyAskedForFailsWithoutDeadlock() {
    PythonChild child(pythonInterpreter(),
                      "import sys\nsys.stdin.readline()\nprint('one', flush=True)\n"
                      "while True: print('x' * 1000, flush=True)");
    const pid_t pid = child.pid();
    QVERIFY(child.send("go", {}, kLong));
    QCOMPARE(child.receive({}, kLong), std::optional<std::string>("one"));
    const auto start = SteadyClock::now();
    try {
      child.send(std::string(8 << 20, 'r'), {}, kLong);
      QFAIL("a reply nobody asked for must fail the request");
    } catch (const std::runtime_error& error) {
      QVERIFY2(std::string(error.what()).starts_with("python wrote a reply nobody asked for: 'x"),
               error.what());
    }
    QVERIFY(SteadyClock::now() - start < std::chrono::seconds(5));
    QVERIFY(gone(pid));
  }

  // A request the child never reads (it sleeps) and that its socket cannot hold: the stop
  // ends the wait, and the child with it.
  void aStopEndsASendTheChildDoesNotRead() {
    PythonChild child(pythonInterpreter(), "import time\ntime.sleep(60)");
    const pid_t pid = child.pid();
    DelayedStop stop;
    QVERIFY(!child.send(std::string(32 << 20, 'r'), stop.token(), kLong));
    QVERIFY(gone(pid));
  }

  // One endless line: refused once it passes the bound, not buffered for ever.
  void aLineWithoutItsEndIsBounded() {
    PythonChild child(pythonInterpreter(),
                      "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n"
                      "    sys.stdout.flush()");
    const pid_t pid = child.pid();
    try {
      child.receive({}, kLong);
      QFAIL("an endless line must be refused");
    } catch (const std::runtime_error& error) {
      QVERIFY2(std::string(error.what()).find("without a newline") != std::string::npos,
               error.what());
    }
    QVERIFY(gone(pid));
  }

  // ACCELLAB_PYTHON naming a wrapper that forks instead of exec-ing: ending the child ends
  // the wrapper's child too (the process group).
  void theChildsProcessGroupIsEnded() {
    QTemporaryDir dir;
    const std::string wrapper =
        shellScript(dir, "python-wrapper", "'" + pythonInterpreter() + "' \"$@\" &\nwait");
    PythonChild child(wrapper, "import os, time\nprint(os.getpid(), flush=True)\ntime.sleep(60)");
    const auto line = child.receive({}, kLong);
    QVERIFY(line);
    const pid_t grandchild = static_cast<pid_t>(std::stol(*line));
    QVERIFY(grandchild != child.pid());
    child.kill();
    // Reparented, it is reaped by whoever adopts it: gone or a zombie, never running.
    QTRY_VERIFY_WITH_TIMEOUT(!running(grandchild), 2'000);
  }

  // A python3 without NumPy (a venv, conda, pyenv) while Debian's has it: the reason names the
  // interpreter tried, its version, and the one to choose instead.
  void aPythonWithoutNumpyNamesTheOneThatHasIt() {
    {
      const ScopedEnv system("ACCELLAB_PYTHON", "/usr/bin/python3");
      if (!probePythonModules().numpy.available) QSKIP("/usr/bin/python3 has no NumPy here");
    }
    QTemporaryDir dir;
    // -S: no site-packages, so Debian's NumPy is not found, as in a bare venv.
    const std::string bare = shellScript(dir, "bare-python", "exec /usr/bin/python3 -S \"$@\"");
    const ScopedEnv chosen("ACCELLAB_PYTHON", bare.c_str());
    const PythonModules modules = probePythonModules();
    QVERIFY(modules.python.available);
    QVERIFY(!modules.numpy.available);
    const std::string& why = modules.numpy.reason;
    QVERIFY2(why.starts_with("NumPy is not installed for ACCELLAB_PYTHON=" + bare + " (") &&
                 why.find(", Python 3.") != std::string::npos &&
                 why.ends_with(" has it: set ACCELLAB_PYTHON=/usr/bin/python3 (in the window: "
                               "Run > Python Interpreter...)"),
             why.c_str());
    QVERIFY2(modules.numba.reason.starts_with("Numba is not installed for"),
             modules.numba.reason.c_str());
  }

  // The session's SystemInfo::python: which interpreter, and the versions of what it has. A
  // bare interpreter has neither module; Debian's has the versions its packages state.
  void theSummaryNamesTheInterpreterAndItsModules() {
    QTemporaryDir dir;
    const std::string bare = shellScript(dir, "bare-python", "exec /usr/bin/python3 -S \"$@\"");
    {
      const ScopedEnv chosen("ACCELLAB_PYTHON", bare.c_str());
      const std::string summary = probePythonModules().summary;
      QVERIFY2(summary.starts_with("ACCELLAB_PYTHON=" + bare + " (") &&
                   summary.find(", Python 3.") != std::string::npos &&
                   summary.ends_with("): no NumPy, no Numba, no Dask"),
               summary.c_str());
    }
    const ScopedEnv system("ACCELLAB_PYTHON", "/usr/bin/python3");
    const PythonModules modules = probePythonModules();
    QVERIFY2(modules.python.available, modules.python.reason.c_str());
    if (!modules.numpy.available) QSKIP("/usr/bin/python3 has no NumPy here");
    const QRegularExpression numpy(QStringLiteral(": NumPy \\d+\\.\\d+[^,]*, "));
    QVERIFY2(numpy.match(QString::fromStdString(modules.summary)).hasMatch(),
             modules.summary.c_str());
  }

  void aDirectoryIsNamedAsOne() {
    QTemporaryDir dir;
    const ScopedEnv chosen("ACCELLAB_PYTHON", dir.path().toUtf8().constData());
    QCOMPARE(probePythonModules().python.reason,
             dir.path().toStdString() + " is a directory, not a Python interpreter");
  }

  // A child that never answers its prepare (an interpreter that sleeps): a stop ends the
  // prepare within 0.5 s (Ctrl+C used to wait up to 120 s), through the kernel as the runner
  // calls it.
  void stopWhilePreparingEndsItQuickly() {
    // The registry first, probed with the interpreter of the run: pi's numpy variant there.
    const Kernel& pi = test::kernelNamed("pi");
    const std::string reason = test::unavailableReason(pi, "numpy");
    if (!reason.empty()) QSKIP(reason.c_str());
    QTemporaryDir dir;
    const std::string silent = shellScript(dir, "silent-python", "exec sleep 60");
    const ScopedEnv chosen("ACCELLAB_PYTHON", silent.c_str());
    Params params;
    params.samples = 1000;
    DelayedStop stop;
    QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                             pi.prepare(params, "numpy", {.threads = 1, .stop = stop.token()}));
    const double after = stop.secondsSinceRequest();
    QVERIFY2(after < 0.5, std::to_string(after).c_str());
  }

  void stopKillsWithinHalfASecondAndReaps() {
    PythonChild child(pythonInterpreter(), "import time\ntime.sleep(60)");
    const pid_t pid = child.pid();
    DelayedStop stop;
    QVERIFY(!child.receive(stop.token(), std::chrono::seconds(60)));
    const double after = stop.secondsSinceRequest();
    QVERIFY2(after < 0.5, std::to_string(after).c_str());
    QVERIFY(gone(pid));
  }

  void timeoutKills() {
    PythonChild child(pythonInterpreter(), "import time\ntime.sleep(60)");
    const pid_t pid = child.pid();
    QVERIFY(!child.receive({}, std::chrono::milliseconds(200)));
    QVERIFY(gone(pid));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, child.receive({}, std::chrono::seconds(5)));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, child.send("anyone there?", {}, kLong));
  }

  void destructorKillsAndReaps() {
    pid_t pid = 0;
    {
      PythonChild child(pythonInterpreter(), "import time\ntime.sleep(60)");
      pid = child.pid();
      QCOMPARE(::kill(pid, 0), 0);
    }
    QVERIFY(gone(pid));
  }

  // The child writes through fd 3 into memory this process reads, and the mapping and the fd
  // are gone with the object.
  void sharedMemoryIsReleased() {
    int fd = -1;
    {
      SharedMemory memory("accellab-test-shared", 4096);
      fd = memory.fd();
      memory.as<char>(4096)[0] = 'a';
      QVERIFY(selfMaps().find("memfd:accellab-test-shared") != std::string::npos);
      if (probePythonModules().python.available) {
        const int inherited[] = {memory.fd()};
        PythonChild child(pythonInterpreter(),
                          "import mmap\nm = mmap.mmap(3, 4096)\nm[1:2] = m[0:1].upper()\n"
                          "print('done', flush=True)",
                          inherited);
        QCOMPARE(child.receive({}, std::chrono::seconds(30)), std::optional<std::string>("done"));
        QCOMPARE(memory.as<char>(4096)[1], 'A');
      }
    }
    QCOMPARE(::fcntl(fd, F_GETFD), -1);
    QCOMPARE(errno, EBADF);
    QVERIFY(selfMaps().find("memfd:accellab-test-shared") == std::string::npos);
  }

  // Through the script itself: the tables only name variants it knows.
  void anUnknownVariantFailsWithPythonsMessage() {
    try {
      PythonVariant variant(
          {{"kernel", "pi"}, {"variant", "numpy-typo"}, {"samples", 10}, {"seed", 1}}, {});
      QFAIL("an unknown variant must not prepare");
    } catch (const std::runtime_error& error) {
      QCOMPARE(std::string(error.what()),
               std::string("ValueError: pi has no python variant 'numpy-typo'"));
    }
  }

  void pythonLoopAboveTheLimitIsRefused() {
    const ScopedEnv limit("ACCELLAB_PYTHON_LOOP_LIMIT_S", "0.001");
    Params params;
    params.samples = 100'000'000;
    try {
      test::kernelNamed("pi").prepare(params, "python-loop", {.threads = 1});
      QFAIL("python-loop over 1e8 samples must be refused under a 1 ms limit");
    } catch (const std::runtime_error& error) {
      const std::string message = error.what();
      QVERIFY2(message.starts_with("python-loop would take about "), error.what());
      QVERIFY2(message.ends_with("(raise it with ACCELLAB_PYTHON_LOOP_LIMIT_S)"), error.what());
    }
  }

  void aBadLimitIsNamed() {
    const ScopedEnv limit("ACCELLAB_PYTHON_LOOP_LIMIT_S", "soon");
    Params params;
    params.samples = 10;
    QVERIFY_THROWS_EXCEPTION(
        std::runtime_error, test::kernelNamed("pi").prepare(params, "python-loop", {.threads = 1}));
  }

  // A pure-Python loop over 5e6 samples takes seconds: a stop ends it within 0.5 s, and the
  // next run starts a new child that completes.
  void stopDuringAPythonRunCancelsIt() {
    const ScopedEnv limit("ACCELLAB_PYTHON_LOOP_LIMIT_S", "100000");
    Params params;
    params.samples = 5'000'000;
    params.seed = 7;
    const auto run = test::kernelNamed("pi").prepare(params, "python-loop", {.threads = 1});
    const test::Cancellation cancellation =
        test::cancelMidRun(*run, std::chrono::milliseconds(100));
    QVERIFY(cancellation.cancelled);
    QVERIFY2(cancellation.secondsAfterRequest < 0.5,
             std::to_string(cancellation.secondsAfterRequest).c_str());
    QVERIFY(!run->verify().ok);
    const RunOutcome outcome = run->run({});
    QVERIFY(!outcome.cancelled);
    QVERIFY(outcome.timedS && *outcome.timedS > 0);
    const Verification verdict = run->verify();
    QVERIFY2(verdict.ok, verdict.detail.c_str());
    QVERIFY(!verdict.fingerprint);
  }
};

QTEST_APPLESS_MAIN(TestPythonChild)
#include "tst_python_child.moc"
