// The python backend's plumbing: the child process (missing interpreter, errors, cancel, no
// zombie), the shared memory it maps, the python-loop limit, and a cancelled Python run.
#include <QtTest>

#include <fcntl.h>
#include <signal.h>
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
#include "shared/python_child.h"
#include "shared/python_modules.h"
#include "shared/python_variant.h"
#include "shared/shared_memory.h"

using namespace accellab;
using namespace accellab::kernels;
using SteadyClock = std::chrono::steady_clock;

namespace {

// Sets an environment variable for one scope, restoring what was there.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value != nullptr)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_, old_->c_str(), 1);
    else
      ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

bool gone(pid_t pid) { return ::waitpid(pid, nullptr, WNOHANG) < 0 && errno == ECHILD; }

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
    if (test != "missingPythonGivesTheReason" && test != "sharedMemoryIsReleased")
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
    child.send("abc");
    child.send("xyz");
    QCOMPARE(child.receive({}, std::chrono::seconds(30)), std::optional<std::string>("cba"));
    QCOMPARE(child.receive({}, std::chrono::seconds(30)), std::optional<std::string>("zyx"));
  }

  void stopKillsWithinHalfASecondAndReaps() {
    PythonChild child(pythonInterpreter(), "import time\ntime.sleep(60)");
    const pid_t pid = child.pid();
    std::stop_source source;
    SteadyClock::time_point requested;
    std::jthread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      requested = SteadyClock::now();
      source.request_stop();
    });
    QVERIFY(!child.receive(source.get_token(), std::chrono::seconds(60)));
    const double after = std::chrono::duration<double>(SteadyClock::now() - requested).count();
    QVERIFY2(after < 0.5, std::to_string(after).c_str());
    QVERIFY(gone(pid));
  }

  void timeoutKills() {
    PythonChild child(pythonInterpreter(), "import time\ntime.sleep(60)");
    const pid_t pid = child.pid();
    QVERIFY(!child.receive({}, std::chrono::milliseconds(200)));
    QVERIFY(gone(pid));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, child.receive({}, std::chrono::seconds(5)));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, child.send("anyone there?"));
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
      test::kernelNamed("pi").prepare(params, "python-loop", 1);
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
    QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                             test::kernelNamed("pi").prepare(params, "python-loop", 1));
  }

  // A pure-Python loop over 5e6 samples takes seconds: a stop ends it within 0.5 s, and the
  // next run starts a new child that completes.
  void stopDuringAPythonRunCancelsIt() {
    const ScopedEnv limit("ACCELLAB_PYTHON_LOOP_LIMIT_S", "100000");
    Params params;
    params.samples = 5'000'000;
    params.seed = 7;
    const auto run = test::kernelNamed("pi").prepare(params, "python-loop", 1);
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
