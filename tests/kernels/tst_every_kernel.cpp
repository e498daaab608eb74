// Every registered kernel and variant, through the Kernel/KernelRun interface the runner
// uses: a new kernel is tested here by being registered, without a test file of its own.
// Rows are kernel x variant x element type x small awkward problem; a variant this build or
// machine cannot run skips with its reason.
#include <QtTest>

#include <algorithm>
#include <map>
#include <optional>

#include "accellab/runner.h"
#include "accellab/sweep.h"
#include "kernel_driver.h"

using namespace accellab;

namespace {

// The small problems of a kernel: those `accellab-cli verify` runs (verifySweep).
std::vector<Params> smallProblems(const KernelInfo& kernel) {
  SweepSpec spec = verifySweep(kernel);
  spec.variants = {kernel.variants.front().name};
  spec.threads = {1};
  std::vector<Params> problems;
  for (const Point& point : expandSweep(spec, test::builtinKernels()))
    problems.push_back(point.params);
  return problems;
}

// python-loop refuses a run it estimates above ACCELLAB_PYTHON_LOOP_LIMIT_S, as it says in
// its description: verify's 10^7 samples are minutes of the interpreter. Empty when `variant`
// prepared, else its refusal.
std::string refusedAsTooSlow(const Kernel& kernel, const Params& params, const std::string& variant,
                             int threads, std::unique_ptr<KernelRun>& run) {
  try {
    run = kernel.prepare(params, variant, {.threads = threads});
  } catch (const std::runtime_error& refused) {
    const std::string message = refused.what();
    if (variant != "python-loop" || message.find("above the limit") == std::string::npos) throw;
    return message;
  }
  return {};
}

// A problem that takes the slowest variants seconds: 64 Mi f32 elements per array, 1e10
// samples, or the kernel's own defaults (matmul's n = 2048).
Params largeProblem(const KernelInfo& kernel) {
  Params params;
  params.dtype = kernel.dtypes.empty() ? kernel.defaults.dtype : kernel.dtypes.front();
  if (kernel.problem == ProblemKind::array3d) params.shape = Shape3{16, 2048, 2048};
  if (kernel.problem == ProblemKind::samples) params.samples = 10'000'000'000ull;
  for (const ParamSpec& param : kernel.parameters)
    params.kernelParams[param.name] = param.defaultValue;
  return params;
}

// A problem that two threads split with work to spare (each gets several pieces), yet
// small: 1 Mi elements (4 MiB in f32), 2^20 samples, n = 256 (three row blocks).
Params splittableProblem(const KernelInfo& kernel) {
  Params params;
  params.dtype = kernel.dtypes.empty() ? kernel.defaults.dtype : kernel.dtypes.front();
  if (kernel.problem == ProblemKind::array3d) params.shape = Shape3{64, 64, 256};
  if (kernel.problem == ProblemKind::samples) params.samples = std::uint64_t{1} << 20;
  for (const ParamSpec& param : kernel.parameters)
    params.kernelParams[param.name] = std::clamp<std::uint64_t>(256, param.min, param.max);
  return params;
}

// The threads a run of `variant` on `threads` threads put to work, as it counted them.
std::optional<int> threadsWorked(const Kernel& kernel, const Params& params,
                                 const std::string& variant, int threads) {
  const auto done = test::prepareRunVerify(kernel, params, variant, threads);
  if (!done.verification.ok) qWarning("%s", done.verification.detail.c_str());
  return done.verification.ok ? done.outcome.threadsWorked : std::optional<int>(-1);
}

}  // namespace

class TestEveryKernel : public QObject {
  Q_OBJECT

 private slots:
  // python-loop refuses a problem whose run it estimates above this limit: 1 s here, so
  // that verify's largest problems cost the suite seconds; the stop test lifts it.
  void initTestCase() { qputenv("ACCELLAB_PYTHON_LOOP_LIMIT_S", "1"); }

  void describesItself() {
    QVERIFY(test::builtinKernels().kernels().size() >= 2);
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      const KernelInfo& info = kernel->info();
      QVERIFY2(!info.description.empty() && !info.intensityNote.empty(), info.name.c_str());
      QVERIFY(!info.variants.empty());
      QVERIFY2(!validateParams(info, smallProblems(info).front()), info.name.c_str());
      for (const VariantInfo& variant : info.variants) {
        QVERIFY2(!variant.description.empty(), variant.name.c_str());
        QVERIFY2(variant.availability.available || !variant.availability.reason.empty(),
                 (info.name + " " + variant.name).c_str());
      }
      if (info.problem == ProblemKind::parameters) QVERIFY(!info.parameters.empty());
    }
  }

  void runsAndVerifies_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("problem");
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      const auto problems = smallProblems(kernel->info());
      for (const VariantInfo& variant : kernel->info().variants) {
        for (std::size_t i = 0; i < problems.size(); ++i) {
          const std::string name =
              kernel->info().name + " " + variant.name + " " + describe(problems[i]);
          QTest::newRow(name.c_str())
              << QString::fromStdString(kernel->info().name) << QString::fromStdString(variant.name)
              << static_cast<int>(i);
        }
      }
    }
  }

  // Poisoned output fails verification; a run repairs it; a second run after poisoning again
  // verifies too (a run must not depend on what the previous one left).
  void runsAndVerifies() {
    QFETCH(QString, kernel);
    QFETCH(QString, variant);
    QFETCH(int, problem);
    const Kernel& k = test::kernelNamed(kernel.toStdString().c_str());
    const std::string reason = test::unavailableReason(k, variant.toStdString());
    if (!reason.empty()) QSKIP(reason.c_str());
    const Params params = smallProblems(k.info())[static_cast<std::size_t>(problem)];
    const int threads = k.info().variant(variant.toStdString())->usesThreads ? 2 : 1;
    std::unique_ptr<KernelRun> run;
    const std::string slow = refusedAsTooSlow(k, params, variant.toStdString(), threads, run);
    if (!slow.empty()) QSKIP(slow.c_str());
    run->poisonOutput();
    QVERIFY2(!run->verify().ok, "a poisoned output must not verify");
    for (int pass = 0; pass < 2; ++pass) {
      run->poisonOutput();
      const RunOutcome outcome = run->run({});
      QVERIFY(!outcome.cancelled);
      const Verification verdict = run->verify();
      QVERIFY2(verdict.ok, verdict.detail.c_str());
      QVERIFY(!verdict.detail.empty());
    }
  }

  // Every kernel's parallel variant puts both of two threads to work on a small problem
  // that splits (issue: a 512 KiB add once ran on one), and says it ran on one where the
  // problem is a single element.
  void parallelPutsEveryThreadToWork() {
    int kernels = 0;
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      const VariantInfo* parallel = kernel->info().variant("parallel");
      if (!parallel) continue;
      const std::string name = kernel->info().name;
      if (!parallel->availability.available) {
        qInfo("%s parallel: %s", name.c_str(), parallel->availability.reason.c_str());
        continue;
      }
      ++kernels;
      // However busy the machine: a thread the OS wakes late still gets its share.
      const auto splittable =
          threadsWorked(*kernel, splittableProblem(kernel->info()), "parallel", 2);
      QVERIFY2(splittable == 2, (name + ": " + std::to_string(splittable.value_or(0))).c_str());
      const auto single =
          threadsWorked(*kernel, smallProblems(kernel->info()).front(), "parallel", 2);
      QVERIFY2(single == 1, (name + ": " + std::to_string(single.value_or(0))).c_str());
    }
    if (kernels == 0) QSKIP("no kernel's parallel variant is available in this build");
  }

  // What the runner does untimed between timed calls (poisoning the output, and before it
  // filling the inputs and checking them) leaves no thread busy: a 1-thread loop timed right
  // after keeps one core busy, not two. OpenMP's pool, spinning on after a poisoning region,
  // made this VM's add loop read 1.95 cores and run 15 % slower.
  void untimedWorkLeavesNoThreadBusy() {
    // The pool of the tests before (their parallel variants) stops spinning first: what is
    // measured here is this test's own untimed work.
    QTest::qSleep(200);
    int kernels = 0;
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      const VariantInfo* loop = kernel->info().variant("loop");
      if (!loop || !loop->availability.available) continue;
      ++kernels;
      const std::unique_ptr<KernelRun> run =
          kernel->prepare(splittableProblem(kernel->info()), "loop", {.threads = 1});
      run->poisonOutput();
      QVERIFY(!run->run({}).cancelled);
      QVERIFY(run->verify().ok);
      double cpuS = 0;
      double wallS = 0;
      // Several calls, each after its poisoning, long enough for the clocks' resolution.
      while (wallS < 0.05) {
        run->poisonOutput();
        const double cpuStart = processCpuSeconds();
        const double start = steadySeconds();
        QVERIFY(!run->run({}).cancelled);
        wallS += steadySeconds() - start;
        cpuS += processCpuSeconds() - cpuStart;
      }
      QVERIFY2(cpuS / wallS < 1.3,
               (kernel->info().name + ": " + std::to_string(cpuS / wallS) + " cores").c_str());
    }
    QVERIFY(kernels > 0);
  }

  // The streaming loops' parallel variants split as the machine's measured crossover says: a
  // problem below it runs on one thread, one at it on both.
  void splitFollowsTheCrossover() {
    int kernels = 0;
    for (const char* name : {"add", "triad", "reduce"}) {
      const Kernel& kernel = test::kernelNamed(name);
      const std::string reason = test::unavailableReason(kernel, "parallel");
      if (!reason.empty()) {
        qInfo("%s parallel: %s", name, reason.c_str());
        continue;
      }
      ++kernels;
      const Params params = splittableProblem(kernel.info());
      const std::uint64_t touched = kernel.workload(params).bytes;
      for (const auto& [from, threads] :
           {std::pair<std::uint64_t, int>{touched, 2}, {2 * touched + 64, 1}}) {
        const auto done = test::prepareRunVerify(kernel, params, "parallel",
                                                 {.threads = 2, .splitFromBytes = from});
        QVERIFY2(done.verification.ok, done.verification.detail.c_str());
        QCOMPARE(done.outcome.threadsWorked, std::optional<int>(threads));
      }
    }
    if (kernels == 0) QSKIP("no streaming kernel's parallel variant is available in this build");
  }

  // The streaming loops write as the machine's crossover says (PrepareOptions), say which, and
  // are right either way; the variants that do not choose say nothing.
  void storesFollowTheCrossover() {
    const std::map<std::string, std::vector<std::string>> choosing{
        {"add", {"vectorized", "parallel"}},
        {"triad", {"vectorized", "parallel"}},
        {"stencil", {"vectorized", "parallel"}}};
    int chose = 0;
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      const KernelInfo& info = kernel->info();
      const auto chooses = choosing.find(info.name);
      for (const VariantInfo& variant : info.variants) {
        if (!variant.availability.available || variant.onDevice || variant.distributed) continue;
        if (variant.name.starts_with("python") || variant.name.starts_with("numba") ||
            variant.name.starts_with("numpy"))
          continue;  // the child's time is not this test's
        const bool expected =
            chooses != choosing.end() &&
            std::ranges::find(chooses->second, variant.name) != chooses->second.end();
        const Params params = splittableProblem(info);
        for (const auto& [from, stores] : {std::pair<std::uint64_t, std::string>{1, "streaming"},
                                           {std::uint64_t{1} << 60, "cached"}}) {
          const auto done = test::prepareRunVerify(*kernel, params, variant.name,
                                                   {.threads = 2, .streamingFromBytes = from});
          const std::string row = info.name + " " + variant.name + " from " + std::to_string(from);
          QVERIFY2(done.verification.ok, (row + ": " + done.verification.detail).c_str());
          QCOMPARE(done.stores, expected ? stores : std::string());
          chose += expected ? 1 : 0;
        }
      }
    }
    // Highway builds: the vectorized and parallel variants of three kernels, both ways.
    if (chose == 0) QSKIP("no variant that chooses its stores is available in this build");
    QCOMPARE(chose, 12);
  }

  // Variants that agree on a fingerprint (pi's hit count) agree exactly, on every problem.
  void fingerprintsAgree() {
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      for (const Params& params : smallProblems(kernel->info())) {
        std::map<std::string, std::uint64_t> prints;
        for (const VariantInfo& variant : kernel->info().variants) {
          if (!variant.availability.available) continue;
          std::unique_ptr<KernelRun> run;
          if (!refusedAsTooSlow(*kernel, params, variant.name, 1, run).empty()) continue;
          run->poisonOutput();
          run->run({});
          if (auto print = run->verify().fingerprint) prints[variant.name] = *print;
        }
        for (const auto& [name, print] : prints)
          QVERIFY2(print == prints.begin()->second,
                   (kernel->info().name + " " + name + " " + describe(params)).c_str());
      }
    }
  }

  // The work a point reports is what its kernel documents: bytes for every array kernel, and
  // FLOPs only where the note counts them.
  void workloadIsCounted() {
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      const KernelInfo& info = kernel->info();
      const Params params = smallProblems(info).back();
      const Workload work = kernel->workload(params);
      QVERIFY2(work.elements > 0, info.name.c_str());
      if (info.problem != ProblemKind::samples) QVERIFY2(work.bytes > 0, info.name.c_str());
      for (const VariantInfo& variant : info.variants) {
        const MemoryNeed need = kernel->memoryNeed(params, variant.name);
        if (info.problem != ProblemKind::samples) QVERIFY(need.hostBytes > 0);
        QVERIFY2((need.deviceBytes > 0) == variant.onDevice,
                 (info.name + " " + variant.name).c_str());
      }
    }
  }

  void answersAStopWithinHalfASecond_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("variant");
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      for (const VariantInfo& variant : kernel->info().variants) {
        const std::string name = kernel->info().name + " " + variant.name;
        QTest::newRow(name.c_str())
            << QString::fromStdString(kernel->info().name) << QString::fromStdString(variant.name);
      }
    }
  }

  // Whether the stop lands mid-run or the run was nearly done, run() returns within 0.5 s of
  // the request: a loop that never looks at the token fails this on a problem this large.
  void answersAStopWithinHalfASecond() {
    QFETCH(QString, kernel);
    QFETCH(QString, variant);
    const Kernel& k = test::kernelNamed(kernel.toStdString().c_str());
    const std::string reason = test::unavailableReason(k, variant.toStdString());
    if (!reason.empty()) QSKIP(reason.c_str());
    qputenv("ACCELLAB_PYTHON_LOOP_LIMIT_S", "1e9");  // a problem that large on purpose
    const auto restore = qScopeGuard([] { qputenv("ACCELLAB_PYTHON_LOOP_LIMIT_S", "1"); });
    const auto run = k.prepare(largeProblem(k.info()), variant.toStdString(), {.threads = 2});
    const test::Cancellation stop = test::cancelMidRun(*run, std::chrono::milliseconds(30));
    QVERIFY2(stop.secondsAfterRequest < 0.5,
             (std::to_string(stop.secondsAfterRequest) + " s after the request").c_str());
  }

  void unknownVariantIsRefused() {
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      const Params params = smallProblems(kernel->info()).front();
      QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                               kernel->prepare(params, "no-such-variant", {.threads = 1}));
    }
  }
};

QTEST_APPLESS_MAIN(TestEveryKernel)
#include "tst_every_kernel.moc"
