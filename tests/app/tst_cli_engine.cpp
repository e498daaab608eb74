// The CLI's commands on a fake engine: the engine they run is the one their factory makes,
// with its memory probe, so a gpu point of a machine with a GPU is measured, not skipped; an
// allocation failure is its own outcome; a save that fails never stops a run.
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <new>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "accellab/insights.h"
#include "accellab/session.h"
#include "accellab/session_lock.h"
#include "commands.h"
#include "fake_collective.h"
#include "fake_engine.h"
#include "sample_session.h"
#include "session_autosave.h"
#include "test_env.h"

using namespace accellab;
using accellab::testing::ScopedEnv;
namespace fs = std::filesystem;

namespace {

// The fake kernel on a machine whose memory probe, asked once as each point starts, calls
// `onPoint(index)`: how a test fills or removes a disk in the middle of a run.
class HookedMachine {
 public:
  using KernelMaker = std::function<std::unique_ptr<Kernel>(test::FakeScript&)>;

  explicit HookedMachine(KernelMaker kernel =
                             [](test::FakeScript& script) {
                               return std::make_unique<test::FakeKernel>(script);
                             })
      : kernel_(std::move(kernel)) {
    script_.clock = &clock_;
    script_.timedS = 0.001;
  }

  std::function<void(int)> onPoint = [](int) {};

  EngineFactory factory() {
    return [this](const EngineOptions&) {
      auto registry = std::make_shared<Registry>();
      registry->add(kernel_(script_));
      return Engine(
          std::move(registry),
          [this] {
            onPoint(points_++);
            return MemoryAvailable{std::uint64_t{16} << 30, std::uint64_t{8} << 30};
          },
          [](const ProbeOptions&) {
            SystemInfo system;
            system.cpuModel = "Fake CPU";
            return system;
          });
    };
  }

 private:
  test::FakeClock clock_;
  test::FakeScript script_;
  KernelMaker kernel_;
  int points_ = 0;
};

// Allocations that fail where the memory guard cannot see them: loop's buffers, fast's
// reference.
class ReferenceOutOfMemory : public test::FakeRun {
 public:
  using FakeRun::FakeRun;
  Verification verify() const override { throw std::bad_alloc(); }
};

class OutOfMemoryKernel : public test::FakeKernel {
 public:
  explicit OutOfMemoryKernel(test::FakeScript& script) : FakeKernel(script), script_(script) {}
  std::unique_ptr<KernelRun> prepare(const Params&, std::string_view variant,
                                     const PrepareOptions&) const override {
    if (variant == "loop") throw std::bad_alloc();
    if (variant == "fast") return std::make_unique<ReferenceOutOfMemory>(script_, "fast");
    return std::make_unique<test::FakeRun>(script_, std::string(variant));
  }

 private:
  test::FakeScript& script_;
};

// "mm": the fake kernel sized by its own "n" and "block" (as matmul is), counting 2 FLOPs
// per element of its problem: 2 FLOPs per 16 bytes in f64, an intensity of 0.125.
class OwnParamsKernel : public test::FakeKernel {
 public:
  explicit OwnParamsKernel(test::FakeScript& script)
      : FakeKernel(script, "mm", ProblemKind::parameters), info_(FakeKernel::info()) {
    info_.intensityNote = "2 FLOPs per element; 16 bytes per element (f64)";
  }
  const KernelInfo& info() const override { return info_; }
  Workload workload(const Params& params) const override {
    Workload work = FakeKernel::workload(params);
    work.flops = 2 * work.elements;
    return work;
  }

 private:
  KernelInfo info_;
};

std::unique_ptr<Kernel> makeOwnParamsKernel(test::FakeScript& script) {
  return std::make_unique<OwnParamsKernel>(script);
}

// 12 points of the fake kernel: 3 shapes x 2 types x (loop, fast).
std::vector<std::string> sweepArgs(const std::string& out) {
  return {"run",    "--kernel", "fake",       "--variants", "loop,fast", "--shape",   "2x3x4",
          "2x3x5",  "2x3x6",    "--dtype",    "f32",        "f64",       "--threads", "1",
          "--reps", "3",        "--min-time", "0",          "--out",     out};
}
constexpr std::size_t kSweepPoints = 12;

std::size_t rowsIn(const std::string& table) {
  const QString text = QString::fromStdString(table);
  return static_cast<std::size_t>(
      text.count(QRegularExpression("^(loop|fast) +1 ", QRegularExpression::MultilineOption)));
}

std::size_t pointsIn(const fs::path& session) {
  return readSessionFile(session).runs.back().points.size();
}

struct Captured {
  int exitCode = 0;
  std::string out;
  std::string err;
};

// `args`, measuring in this process: the fake engine lives here, and a worker would be this
// test program.
std::vector<std::string> inProcess(std::vector<std::string> args) {
  if (!args.empty() && args.front() == "run") args.emplace_back("--in-process");
  return args;
}

// Runs the CLI in this process with stdout and stderr captured.
Captured runCli(const std::vector<std::string>& args, const EngineFactory& engines) {
  std::ostringstream out;
  std::ostringstream err;
  std::streambuf* oldOut = std::cout.rdbuf(out.rdbuf());
  std::streambuf* oldErr = std::cerr.rdbuf(err.rdbuf());
  const int code = cli::runCli(inProcess(args), engines);
  std::cout.rdbuf(oldOut);
  std::cerr.rdbuf(oldErr);
  return {code, out.str(), err.str()};
}

// A stdout that reads the session back at each table row: every point printed must already be
// in the file.
class RowsSavedFirst : public std::streambuf {
 public:
  explicit RowsSavedFirst(fs::path session) : session_(std::move(session)) {}
  std::size_t rows = 0;
  std::size_t unsavedRows = 0;

 protected:
  int overflow(int c) override {
    if (c == '\n') {
      if (rowsIn(line_ + "\n") == 1 && pointsIn(session_) < ++rows) ++unsavedRows;
      line_.clear();
    } else if (c != EOF) {
      line_ += static_cast<char>(c);
    }
    return c;
  }

 private:
  fs::path session_;
  std::string line_;
};

// Runs the CLI in a forked child whose files may grow to `fileLimit` bytes at most, as on a
// full disk (writes fail with EFBIG; SIGXFSZ ignored). Output comes back through pipes, which
// the limit does not touch.
Captured runCliOnFullDisk(const std::vector<std::string>& args, const EngineFactory& engines,
                          rlim_t fileLimit) {
  int out[2];
  int err[2];
  if (pipe(out) != 0 || pipe(err) != 0) return {-1, {}, "pipe failed"};
  const pid_t child = fork();
  if (child == 0) {
    signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{fileLimit, fileLimit};
    setrlimit(RLIMIT_FSIZE, &limit);
    const Captured r = runCli(args, engines);
    const auto send = [](int fd, const std::string& text) {
      for (std::size_t done = 0; done < text.size();) {
        const ssize_t n = write(fd, text.data() + done, text.size() - done);
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
      }
      close(fd);
    };
    send(out[1], r.out);
    send(err[1], r.err);
    _exit(r.exitCode);
  }
  close(out[1]);
  close(err[1]);
  const auto receive = [](int fd) {
    std::string text;
    char buffer[4096];
    for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;)
      text.append(buffer, static_cast<std::size_t>(n));
    close(fd);
    return text;
  };
  Captured r;
  r.out = receive(out[0]);
  r.err = receive(err[0]);
  int status = 0;
  waitpid(child, &status, 0);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace

class TestCliEngine : public QObject {
  Q_OBJECT

 private slots:
  void gpuPointOfTheFakeDeviceIsMeasured() {
    test::FakeDeviceMachine machine;
    QTemporaryDir dir;
    const std::string session = dir.filePath(QStringLiteral("fake.json")).toStdString();
    const Captured r = runCli({"run", "--kernel", "fake", "--variants", "loop,gpu", "--shape",
                               "2x3x4", "--reps", "3", "--min-time", "0", "--out", session},
                              machine.factory());
    QVERIFY2(r.exitCode == 0, r.err.c_str());
    const Session saved = readSessionFile(session);
    QCOMPARE(saved.runs.front().points.size(), std::size_t{2});
    const PointResult& gpu = saved.runs.front().points[1];
    QCOMPARE(gpu.point.variant, std::string("gpu"));
    QVERIFY2(gpu.status == PointStatus::ok, gpu.reason.c_str());
    QVERIFY(gpu.samplesS.size() >= 3);
    // The session describes the engine's machine, GPU included.
    QCOMPARE(selectedGpu(saved.runs.front().system)->name, std::string("Fake GPU"));
    QVERIFY(machine.script().prepares >= 2);
  }

  // `report --insights` and `run --insights` print under each table the engine's findings of
  // that run, in its words, one a line.
  void insightsFollowTheTable() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("sample.json")).toStdString();
    const Session session = test::sampleSession();
    writeSessionFile(session, path);
    const Captured report = runCli({"report", path, "--run", "1", "--insights"}, {});
    QVERIFY2(report.exitCode == 0, report.err.c_str());
    const std::vector<Insight> insights = findInsights(session.runs.front());
    QVERIFY(!insights.empty());
    const auto findings = report.out.find("Findings (docs/insights.md):");
    QVERIFY2(findings != std::string::npos, report.out.c_str());
    for (const Insight& insight : insights) {
      const std::string line =
          "  " + std::string(toString(insight.kind)) + ": " + describe(insight);
      QVERIFY2(report.out.find(line, findings) != std::string::npos, line.c_str());
    }
    QVERIFY(runCli({"report", path}, {}).out.find("Findings") == std::string::npos);
    QVERIFY(report.out.find("Across runs") == std::string::npos);  // one run shown

    // With two runs of a kernel, what changed between them, after the runs' own findings.
    Session repeated = session;
    repeated.runs.push_back(session.runs.front());
    repeated.runs.back().id = 9;
    const std::string both = dir.filePath(QStringLiteral("twice.json")).toStdString();
    writeSessionFile(repeated, both);
    const Captured across = runCli({"report", both, "--insights"}, {});
    QVERIFY2(across.exitCode == 0, across.err.c_str());
    const std::vector<Insight> changes =
        findInsightsAcross({&repeated.runs.front(), &repeated.runs.back()});
    QVERIFY(!changes.empty());
    const auto heading = across.out.find("\nAcross runs (docs/insights.md):\n");
    QVERIFY2(heading != std::string::npos, across.out.c_str());
    for (const Insight& change : changes)
      QVERIFY2(across.out.find("  run-change: " + describe(change), heading) != std::string::npos,
               across.out.c_str());

    // The same findings as files to share, each read back.
    const std::string json = dir.filePath(QStringLiteral("findings.json")).toStdString();
    const std::string markdown = dir.filePath(QStringLiteral("findings.md")).toStdString();
    const Captured files = runCli(
        {"report", path, "--run", "1", "--insights-json", json, "--insights-markdown", markdown},
        {});
    QVERIFY2(files.exitCode == 0, files.err.c_str());
    const auto text = [](const std::string& file) {
      std::ifstream in(file);
      return std::string(std::istreambuf_iterator<char>(in), {});
    };
    QCOMPARE(text(json), findingsToJson({session.runs.front()}));
    QCOMPARE(text(markdown), findingsToMarkdown({session.runs.front()}));
    const Captured twice = runCli({"report", path, "--json", json, "--insights-json", json}, {});
    QCOMPARE(twice.exitCode, 2);

    test::FakeDeviceMachine machine;
    const Captured run = runCli({"run", "--kernel", "fake", "--variants", "loop", "--shape",
                                 "2x3x4", "--reps", "3", "--min-time", "0", "--insights"},
                                machine.factory());
    QVERIFY2(run.exitCode == 0, run.err.c_str());
    QVERIFY2(run.out.find("\nFindings") != std::string::npos, run.out.c_str());
  }

  // Under mpirun every rank runs the command: the others measure in silence, rank 0 prints.
  void otherRanksStaySilent() {
    test::FakeDeviceMachine machine;
    auto launch = std::make_shared<test::FakeCollective>();
    launch->world = 2;
    launch->ownRank = 1;
    launch->member = false;  // of rank 0's single-process points
    const EngineFactory inLaunch = [&](EngineOptions options) {
      options.launch = launch;
      return machine.factory()(options);
    };
    const Captured r = runCli({"run", "--kernel", "fake", "--variants", "loop", "--shape", "2x3x4",
                               "--reps", "2", "--min-time", "0"},
                              inLaunch);
    QVERIFY2(r.exitCode == 0, r.err.c_str());
    QCOMPARE(r.out, std::string());
    QCOMPARE(machine.script().prepares, std::size_t{0});
    QCOMPARE(launch->count("join 1"), std::size_t{1});
  }

  // A rank that fails outside any point (here its machine probe) would leave the others waiting
  // in a collective call: it ends the launch with its message. A refusal every rank takes alike
  // does not: each rank exits 2 on its own.
  void aRankFailingOutsideAPointEndsTheLaunch() {
    test::FakeScript script;
    auto launch = std::make_shared<test::FakeCollective>();
    launch->world = 2;
    launch->ownRank = 1;
    const EngineFactory brokenProbe = [&](const EngineOptions& options) {
      auto registry = std::make_shared<Registry>();
      registry->add(std::make_unique<test::FakeKernel>(script));
      return Engine(
          std::move(registry),
          [] {
            return MemoryAvailable{1 << 30, 1 << 30};
          },
          [](const ProbeOptions&) -> SystemInfo {
            throw std::runtime_error("cannot read /proc/meminfo");
          },
          options.launch);
    };
    const EngineFactory inLaunch = [&](EngineOptions options) {
      options.launch = launch;
      return brokenProbe(options);
    };
    const Captured r = runCli({"run", "--kernel", "fake", "--variants", "loop"}, inLaunch);
    QCOMPARE(launch->count("abort cannot read /proc/meminfo"), std::size_t{1});
    QCOMPARE(script.prepares, std::size_t{0});
    // The fake launch returns from the abort, as one process does: the failure is then reported.
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.find("cannot read /proc/meminfo") != std::string::npos, r.err.c_str());

    const Captured refused = runCli({"run", "--kernel", "fake", "--ranks", "3"}, inLaunch);
    QCOMPARE(refused.exitCode, 2);
    QCOMPARE(launch->count("abort cannot read /proc/meminfo"), std::size_t{1});
  }

  void ranksBeyondTheLaunchAreRefused() {
    test::FakeDeviceMachine machine;
    auto launch = std::make_shared<test::FakeCollective>();
    launch->world = 2;
    const EngineFactory inLaunch = [&](EngineOptions options) {
      options.launch = launch;
      return machine.factory()(options);
    };
    const Captured r = runCli({"run", "--kernel", "fake", "--ranks", "3"}, inLaunch);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.find("3 ranks asked for, but the launch has 2") != std::string::npos,
             r.err.c_str());
    const Captured scaling =
        runCli({"run", "--kernel", "fake", "--scaling", "linear"}, machine.factory());
    QCOMPARE(scaling.exitCode, 2);
    QVERIFY2(scaling.err.find("invalid --scaling 'linear'") != std::string::npos,
             scaling.err.c_str());
  }

  void deviceOptionPicksTheEnginesDevice() {
    test::FakeDeviceMachine machine;
    const Captured ok = runCli({"sysinfo", "--no-bandwidth", "--device", "0"}, machine.factory());
    QVERIFY2(ok.exitCode == 0, ok.err.c_str());
    QVERIFY2(ok.out.find("Fake GPU") != std::string::npos, ok.out.c_str());
    // The conditions of the machine it runs on, whatever they are, close the details.
    const auto conditions = ok.out.find("\nConditions  ");
    QVERIFY2(conditions != std::string::npos && conditions > ok.out.find("Fake GPU"),
             ok.out.c_str());

    const Captured missing = runCli({"list", "--device", "3"}, machine.factory());
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.find("no CUDA device 3 (1 present, 0 to 0)") != std::string::npos,
             missing.err.c_str());
    QVERIFY(missing.out.empty());
  }

  void allocationFailureIsOutOfMemoryNotAFailedVerification();
  void printedPointsAreSavedFirst();
  void runOutlivesAVanishedDirectory();
  void savingResumesWhenTheDirectoryReturns();
  void oneFallbackFolderIsTriedOnce();
  void fullDiskKeepsMeasuringAndSaysWhatWasLost();
  void aSavedSessionIsNotWrittenAgain();
  void aLongCommandLineLosesNoPoint();
  void aSecondWriterOfOneSessionIsRefused();
  void aLateExportFailureLosesNothingElse();

  void paramOptionIsChecked_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QStringList mm{"run", "--kernel", "mm"};
    QTest::newRow("unknown") << mm + QStringList{"--param", "x=3"}
                             << "invalid --param: mm has no parameter 'x' (it has: n, block)";
    QTest::newRow("bad value") << mm + QStringList{"--param", "n=4,abc"}
                               << "invalid --param: n: 'abc' is not a count";
    QTest::newRow("fraction") << mm + QStringList{"--param", "n=1.5"}
                              << "invalid --param: n: '1.5' is not a whole number";
    QTest::newRow("no values") << mm + QStringList{"--param", "n="}
                               << "invalid --param: n needs at least one value";
    QTest::newRow("above max") << mm + QStringList{"--param", "n=5000"}
                               << "invalid --param: mm n=5000 is outside [1, 4096]";
    QTest::newRow("above max, scientific") << mm + QStringList{"--param", "block=1e3"}
                                           << "invalid --param: mm block=1000 is outside [1, 64]";
    QTest::newRow("duplicate") << mm + QStringList{"--param", "n=4", "--param", "n=8"}
                               << "--param n given more than once";
    QTest::newRow("duplicate in one option")
        << mm + QStringList{"--param", "n=4", "block=2", "n=8"} << "--param n given more than once";
    QTest::newRow("shape refused")
        << mm + QStringList{"--shape", "2x3x4"}
        << "--shape does not apply to kernel 'mm': it is sized by its own parameters";
    QTest::newRow("samples refused")
        << mm + QStringList{"--samples", "1e3"}
        << "--samples does not apply to kernel 'mm': it is sized by its own parameters";
    QTest::newRow("verify unknown") << QStringList{"verify", "--param", "x=3"}
                                    << "invalid --param: no kernel has a parameter 'x'";
    QTest::newRow("verify out of range") << QStringList{"verify", "--param", "n=0"}
                                         << "invalid --param: n: '0' is not a positive count";
  }
  void paramOptionIsChecked() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    HookedMachine machine(makeOwnParamsKernel);
    std::vector<std::string> argv;
    for (const QString& arg : args) argv.push_back(arg.toStdString());
    const Captured r = runCli(argv, machine.factory());
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.find("accellab-cli: error: " + message.toStdString()) != std::string::npos,
             r.err.c_str());
    QVERIFY2(r.out.empty(), r.out.c_str());  // refused before anything ran
  }

  // --param sweeps the kernel's own parameters: each value a point, the others at their
  // default; the table shows the FLOP rate and the intensity the kernel counts.
  void paramOptionSweepsTheKernelsParameters() {
    HookedMachine machine(makeOwnParamsKernel);
    QTemporaryDir dir;
    const std::string session = dir.filePath(QStringLiteral("mm.json")).toStdString();
    const Captured r =
        runCli({"run", "--kernel", "mm", "--param", "n=4,1e3", "--param", "block=2", "--variants",
                "loop", "--reps", "3", "--min-time", "0", "--out", session},
               machine.factory());
    QVERIFY2(r.exitCode == 0, r.err.c_str());
    const auto points = readSessionFile(session).runs.back().points;
    QCOMPARE(points.size(), std::size_t{2});
    QVERIFY(points[0].point.params.kernelParams == (KernelParams{{"block", 2}, {"n", 4}}));
    QVERIFY(points[1].point.params.kernelParams == (KernelParams{{"block", 2}, {"n", 1000}}));
    QCOMPARE(points[1].flops, std::uint64_t{4000});
    QVERIFY2(r.out.find("block=2 n=1000 f64") != std::string::npos, r.out.c_str());
    QVERIFY2(r.out.find("FLOP rate") != std::string::npos, r.out.c_str());
    QVERIFY2(r.out.find("0.125 FLOP/B") != std::string::npos, r.out.c_str());
    QVERIFY2(r.out.find("FLOP/s") != std::string::npos, r.out.c_str());

    // Left out, a parameter takes its default.
    const Captured defaults = runCli({"run", "--kernel", "mm", "--variants", "loop", "--reps", "3",
                                      "--min-time", "0", "--out", session},
                                     machine.factory());
    QVERIFY2(defaults.exitCode == 0, defaults.err.c_str());
    QVERIFY(readSessionFile(session).runs.back().points.front().point.params.kernelParams ==
            (KernelParams{{"block", 8}, {"n", 64}}));
  }

  void verifyTakesTheKernelsParameters() {
    HookedMachine machine(makeOwnParamsKernel);
    const Captured r = runCli({"verify", "--param", "n=3,5"}, machine.factory());
    QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
    QVERIFY2(r.out.find("PASS  mm loop block=8 n=3 f64") != std::string::npos, r.out.c_str());
    QVERIFY2(r.out.find("PASS  mm loop block=8 n=5 f32") != std::string::npos, r.out.c_str());
  }

  void listShowsTheKernelsParametersAndFlops() {
    HookedMachine machine(makeOwnParamsKernel);
    const Captured r = runCli({"list"}, machine.factory());
    QVERIFY2(r.exitCode == 0, r.err.c_str());
    for (const char* line : {"  --param n=N      default 64 (1 to 4096): matrix order\n",
                             "  --param block=N  default 8 (1 to 64): tile\n",
                             "    FLOPs: 2 FLOPs per element; 16 bytes per element (f64)\n"})
      QVERIFY2(r.out.find(line) != std::string::npos, r.out.c_str());
    QVERIFY2(r.out.find("--shape") == std::string::npos, r.out.c_str());
  }

  void gpuTimeOptionIsChecked() {
    test::FakeDeviceMachine machine;
    const Captured r = runCli({"run", "--kernel", "fake", "--gpu-time", "both"}, machine.factory());
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(
        r.err.find("invalid --gpu-time: 'both' (one of: kernel, end-to-end)") != std::string::npos,
        r.err.c_str());
  }
};

void TestCliEngine::allocationFailureIsOutOfMemoryNotAFailedVerification() {
  HookedMachine machine(
      [](test::FakeScript& script) { return std::make_unique<OutOfMemoryKernel>(script); });
  QTemporaryDir dir;
  const std::string session = dir.filePath(QStringLiteral("oom.json")).toStdString();
  const Captured r = runCli({"run", "--kernel", "fake", "--variants", "loop,fast,gpu", "--threads",
                             "1", "--reps", "2", "--min-time", "0", "--out", session},
                            machine.factory());
  QCOMPARE(r.exitCode, 3);
  QVERIFY2(r.err.find("2 of 3 points ran out of memory") != std::string::npos, r.err.c_str());
  QVERIFY2(r.err.find("failed") == std::string::npos, r.err.c_str());
  QVERIFY2(r.out.find("verification failed") == std::string::npos, r.out.c_str());
  const auto points = readSessionFile(session).runs.front().points;
  QCOMPARE(points.size(), std::size_t{3});
  QCOMPARE(points[0].reason.substr(0, 70),
           std::string("out of memory: an allocation failed while preparing its buffers; the p"));
  QVERIFY2(points[1].reason.starts_with(
               "out of memory: an allocation failed while verifying against the reference"),
           points[1].reason.c_str());
  QVERIFY(ranOutOfMemory(points[0]) && ranOutOfMemory(points[1]) && !ranOutOfMemory(points[2]));
  QVERIFY2(points[2].status == PointStatus::ok, points[2].reason.c_str());

  // verify: the same failures, the same exit code.
  const Captured verify = runCli({"verify"}, machine.factory());
  QCOMPARE(verify.exitCode, 3);
  QVERIFY2(verify.out.find("FAIL  fake loop 1x1x1 f64  out of memory: ") != std::string::npos,
           verify.out.c_str());
}

void TestCliEngine::printedPointsAreSavedFirst() {
  HookedMachine machine;
  QTemporaryDir dir;
  const fs::path session = dir.filePath(QStringLiteral("s.json")).toStdString();
  RowsSavedFirst stdout_(session);
  std::ostringstream err;
  std::streambuf* oldOut = std::cout.rdbuf(&stdout_);
  std::streambuf* oldErr = std::cerr.rdbuf(err.rdbuf());
  const int code = cli::runCli(inProcess(sweepArgs(session.string())), machine.factory());
  std::cout.rdbuf(oldOut);
  std::cerr.rdbuf(oldErr);
  QVERIFY2(code == 0, err.str().c_str());
  QCOMPARE(stdout_.rows, kSweepPoints);
  QCOMPARE(stdout_.unsavedRows, std::size_t{0});
}

void TestCliEngine::runOutlivesAVanishedDirectory() {
  QTemporaryDir dir;
  QTemporaryDir tmp;
  const fs::path runs = fs::path(dir.path().toStdString()) / "runs";
  const fs::path gone = fs::path(dir.path().toStdString()) / "gone";
  fs::create_directory(runs);
  HookedMachine machine;
  machine.onPoint = [&](int point) {
    if (point == 3) fs::rename(runs, gone);  // points 0, 1, 2 are saved
  };
  const ScopedEnv tmpdir("TMPDIR", tmp.path().toUtf8().constData());
  const fs::path target = runs / "s.json";
  const fs::path fallback = fs::path(tmp.path().toStdString()) /
                            ("accellab-unsaved-" + std::to_string(getpid()) + "-s.json");
  // Anyone can plant a link at the fallback's name in a shared /tmp: it is replaced, and the
  // file it names (a decoy for /etc/passwd) is untouched.
  const fs::path decoy = fs::path(dir.path().toStdString()) / "passwd";
  { std::ofstream(decoy) << "root:x:0:0"; }
  fs::create_symlink(decoy, fallback);
  const Captured r = runCli(sweepArgs(target.string()), machine.factory());

  QCOMPARE(r.exitCode, 4);
  QCOMPARE(rowsIn(r.out), kSweepPoints);  // measuring went on
  const QString err = QString::fromStdString(r.err);
  QCOMPARE(err.count("warning:"), 1);  // the same reason each time: said once
  QVERIFY2(err.contains("warning: cannot write " + QString::fromStdString(target.string()) +
                        ": directory '" + QString::fromStdString(runs.string()) +
                        "' does not exist; measuring goes on"),
           qPrintable(err));
  QVERIFY2(err.contains("error: the session could not be saved to " +
                        QString::fromStdString(target.string()) + " (cannot write") &&
               err.contains("; it was saved to " + QString::fromStdString(fallback.string()) +
                            " instead"),
           qPrintable(err));
  QVERIFY(!err.contains("session saved to"));
  QCOMPARE(pointsIn(fallback), kSweepPoints);
  QVERIFY(!fs::is_symlink(fallback));
  QCOMPARE(std::string(std::istreambuf_iterator<char>(std::ifstream(decoy).rdbuf()), {}),
           std::string("root:x:0:0"));
  QCOMPARE(pointsIn(gone / "s.json"), std::size_t{3});
}

void TestCliEngine::oneFallbackFolderIsTriedOnce() {
  QTemporaryDir dir;
  const QByteArray path = dir.path().toUtf8();
  const ScopedEnv tmpdir("TMPDIR", path.constData());
  const ScopedEnv home("HOME", (path + "/.").constData());  // the same folder, spelt another way
  QCOMPARE(cli::fallbackDirsFromEnvironment().size(), std::size_t{1});
}

void TestCliEngine::savingResumesWhenTheDirectoryReturns() {
  QTemporaryDir dir;
  const fs::path runs = fs::path(dir.path().toStdString()) / "runs";
  const fs::path gone = fs::path(dir.path().toStdString()) / "gone";
  fs::create_directory(runs);
  HookedMachine machine;
  machine.onPoint = [&](int point) {
    if (point == 2) fs::rename(runs, gone);
    if (point == 5) fs::rename(gone, runs);
  };
  const fs::path target = runs / "s.json";
  const Captured r = runCli(sweepArgs(target.string()), machine.factory());
  QVERIFY2(r.exitCode == 0, r.err.c_str());
  const QString err = QString::fromStdString(r.err);
  QCOMPARE(err.count("warning:"), 1);
  QVERIFY2(
      err.contains("the session is saved to " + QString::fromStdString(target.string()) + " again"),
      qPrintable(err));
  QCOMPARE(pointsIn(target), kSweepPoints);
}

void TestCliEngine::fullDiskKeepsMeasuringAndSaysWhatWasLost() {
  QTemporaryDir dir;
  const fs::path whole = fs::path(dir.path().toStdString()) / "whole.json";
  HookedMachine unlimited;
  QVERIFY(runCli(sweepArgs(whole.string()), unlimited.factory()).exitCode == 0);
  const auto limit = static_cast<rlim_t>(fs::file_size(whole) / 2);

  const fs::path target = fs::path(dir.path().toStdString()) / "full.json";
  QTemporaryDir tmp;
  QTemporaryDir home;
  const ScopedEnv tmpdir("TMPDIR", tmp.path().toUtf8().constData());
  const ScopedEnv homedir("HOME", home.path().toUtf8().constData());
  HookedMachine machine;
  const Captured r = runCliOnFullDisk(sweepArgs(target.string()), machine.factory(), limit);

  QCOMPARE(r.exitCode, 4);
  QCOMPARE(rowsIn(r.out), kSweepPoints);
  const QString err = QString::fromStdString(r.err);
  QCOMPARE(err.count("warning:"), 1);
  QVERIFY2(
      err.contains("cannot write " + QString::fromStdString(target.string()) + ": File too large"),
      qPrintable(err));
  // The fallbacks are on the same full disk: said, and what remains said too.
  QCOMPARE(err.count("failed too"), 2);
  // The file keeps the points saved before the disk filled, as they were measured, and the
  // message says so.
  const auto saved = readSessionFile(target).runs.back().points;
  const auto all = readSessionFile(whole).runs.back().points;
  QVERIFY2(!saved.empty() && saved.size() < kSweepPoints,
           qPrintable(QString::number(saved.size())));
  QVERIFY2(err.contains(QStringLiteral("%1 holds the session as last saved, with %2 of the %3 "
                                       "points of run 1: the others are lost but for the table "
                                       "printed above")
                            .arg(QString::fromStdString(target.string()))
                            .arg(saved.size())
                            .arg(kSweepPoints)),
           qPrintable(err));
  for (std::size_t i = 0; i < saved.size(); ++i) QVERIFY(saved[i].point == all[i].point);
}

// A disk so full it takes no second copy of what the target already holds: the run's end
// writes nothing more, and says the session is saved (it said "could not be saved", exit 4).
void TestCliEngine::aSavedSessionIsNotWrittenAgain() {
  QTemporaryDir dir;
  const fs::path target = fs::path(dir.path().toStdString()) / "s.json";
  HookedMachine machine;
  QVERIFY(runCli(sweepArgs(target.string()), machine.factory()).exitCode == 0);
  Session session = readSessionFile(target);
  std::ostringstream err;
  cli::SessionAutosave autosave(target, {}, err);
  autosave.save(session);
  QVERIFY2(err.str().empty(), err.str().c_str());
  const auto finishOnFullDisk = [&](const Session& finished) {
    const pid_t child = fork();
    if (child == 0) {
      signal(SIGXFSZ, SIG_IGN);
      const rlimit limit{16, 16};
      setrlimit(RLIMIT_FSIZE, &limit);
      _exit(autosave.finish(finished) ? 0 : 1);
    }
    int status = 0;
    waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  QCOMPARE(finishOnFullDisk(session), 0);
  session.runs.back().points.pop_back();  // a change: it must be written, and cannot
  QCOMPARE(finishOnFullDisk(session), 1);
}

// A command line longer than a session's text (4 KiB) costs none of what it measured: its
// origin is clipped ("cannot store origin: a text of 4597 bytes" lost every point).
void TestCliEngine::aLongCommandLineLosesNoPoint() {
  QTemporaryDir dir;
  const fs::path target = fs::path(dir.path().toStdString()) / "long.json";
  std::vector<std::string> args = sweepArgs(target.string());
  const auto shape = std::find(args.begin(), args.end(), "--shape") + 1;
  std::vector<std::string> shapes;
  for (int x = 4; x < 44; ++x) shapes.push_back(std::string(100, '0') + "2x3x" + std::to_string(x));
  args.erase(shape, shape + 3);
  args.insert(std::find(args.begin(), args.end(), "--shape") + 1, shapes.begin(), shapes.end());
  HookedMachine machine;
  const Captured r = runCli(args, machine.factory());
  QVERIFY2(r.exitCode == 0, r.err.c_str());
  const Run run = readSessionFile(target).runs.front();
  QCOMPARE(run.points.size(), shapes.size() * 4);  // 2 variants, 2 element types
  QCOMPARE(run.settings.origin.size(), kMaxTextBytes);
  QVERIFY(run.settings.origin.starts_with("accellab-cli run --kernel fake"));
  QVERIFY(run.settings.origin.ends_with("\u2026"));
}

// Two runs into one file: the second is refused at once, naming the first (both said "saved"
// and one run was gone); the file keeps the first run's points.
void TestCliEngine::aSecondWriterOfOneSessionIsRefused() {
  QTemporaryDir dir;
  const fs::path target = fs::path(dir.path().toStdString()) / "s.json";
  HookedMachine machine;
  std::optional<Captured> second;
  machine.onPoint = [&](int point) {
    if (point == 1) second = runCli(sweepArgs(target.string()), machine.factory());
  };
  std::vector<std::string> args = sweepArgs(target.string());
  const Captured first = runCli(args, machine.factory());
  QVERIFY2(first.exitCode == 0, first.err.c_str());
  QVERIFY(second.has_value());
  QCOMPARE(second->exitCode, 2);
  QVERIFY2(
      second->err.find("--out: " + target.string() + " is being written by another AccelLab (pid " +
                       std::to_string(getpid()) + ", accellab-cli run ") != std::string::npos,
      second->err.c_str());
  QCOMPARE(readSessionFile(target).runs.size(), std::size_t{1});
  QCOMPARE(pointsIn(target), kSweepPoints);
  QVERIFY(!fs::exists(SessionLock::lockFileOf(target)));  // let go at the end
  // --append after it: a second run, as before.
  args.push_back("--append");
  QCOMPARE(runCli(args, machine.factory()).exitCode, 0);
  QCOMPARE(readSessionFile(target).runs.size(), std::size_t{2});
}

void TestCliEngine::aLateExportFailureLosesNothingElse() {
  QTemporaryDir dir;
  const fs::path root(dir.path().toStdString());
  fs::create_directory(root / "exports");
  HookedMachine machine;
  machine.onPoint = [&](int point) {
    if (point == 1) fs::remove_all(root / "exports");
  };
  std::vector<std::string> args = sweepArgs((root / "s.json").string());
  const std::vector<std::string> exports{"--csv",      (root / "exports/t.csv").string(),
                                         "--markdown", (root / "t.md").string(),
                                         "--json",     (root / "t.json").string()};
  args.insert(args.end(), exports.begin(), exports.end());
  const Captured r = runCli(args, machine.factory());

  QCOMPARE(r.exitCode, 4);
  QVERIFY2(r.err.find("accellab-cli: error: cannot write " + (root / "exports/t.csv").string() +
                      ": directory '" + (root / "exports").string() + "' does not exist") !=
               std::string::npos,
           r.err.c_str());
  // The session and the other exports are complete.
  QVERIFY(r.err.find("session saved to") != std::string::npos);
  QCOMPARE(pointsIn(root / "s.json"), kSweepPoints);
  QFile markdown(QString::fromStdString((root / "t.md").string()));
  QVERIFY(markdown.open(QIODevice::ReadOnly));
  const auto rows =
      QString::fromUtf8(markdown.readAll())
          .count(QRegularExpression(R"(^\| (loop|fast) )", QRegularExpression::MultilineOption));
  QCOMPARE(static_cast<std::size_t>(rows), kSweepPoints);
  QVERIFY(fs::file_size(root / "t.json") > 0);
}

QTEST_GUILESS_MAIN(TestCliEngine)
#include "tst_cli_engine.moc"
