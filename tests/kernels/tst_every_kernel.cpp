// Every registered kernel and variant, through the Kernel/KernelRun interface the runner
// uses: a new kernel is tested here by being registered, without a test file of its own.
// Rows are kernel x variant x element type x small awkward problem; a variant this build or
// machine cannot run skips with its reason.
#include <QtTest>

#include <map>

#include "accellab/sweep.h"
#include "kernel_driver.h"

using namespace accellab;

namespace {

// Odd extents that no vector width, chunk or block divides, and a single element.
const std::vector<Shape3> kShapes{{1, 1, 1}, {3, 5, 7}, {2, 3, 1031}};
const std::vector<std::uint64_t> kSamples{1, 123457};

// The small problems of a kernel, as `accellab-cli verify` runs them.
std::vector<Params> smallProblems(const KernelInfo& kernel) {
  SweepSpec spec;
  spec.kernel = kernel.name;
  if (kernel.problem == ProblemKind::array3d) spec.shapes = kShapes;
  if (kernel.problem == ProblemKind::samples) spec.samples = kSamples;
  for (const ParamSpec& param : kernel.parameters)
    if (!param.verifyValues.empty()) spec.parameters[param.name] = param.verifyValues;
  spec.dtypes = kernel.dtypes.empty() ? std::vector<DType>{kernel.defaults.dtype} : kernel.dtypes;
  spec.variants = {kernel.variants.front().name};
  std::vector<Params> problems;
  for (const Point& point : expandSweep(spec, test::builtinKernels()))
    problems.push_back(point.params);
  return problems;
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

}  // namespace

class TestEveryKernel : public QObject {
  Q_OBJECT

 private slots:
  // python-loop refuses a problem whose run it estimates above this limit; the stop test gives
  // it one that large on purpose.
  void initTestCase() { qputenv("ACCELLAB_PYTHON_LOOP_LIMIT_S", "1e9"); }

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
    const auto run = k.prepare(params, variant.toStdString(), threads);
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

  // Variants that agree on a fingerprint (pi's hit count) agree exactly, on every problem.
  void fingerprintsAgree() {
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      for (const Params& params : smallProblems(kernel->info())) {
        std::map<std::string, std::uint64_t> prints;
        for (const VariantInfo& variant : kernel->info().variants) {
          if (!variant.availability.available) continue;
          const auto run = kernel->prepare(params, variant.name, 1);
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
    const auto run = k.prepare(largeProblem(k.info()), variant.toStdString(), 2);
    const test::Cancellation stop = test::cancelMidRun(*run, std::chrono::milliseconds(30));
    QVERIFY2(stop.secondsAfterRequest < 0.5,
             (std::to_string(stop.secondsAfterRequest) + " s after the request").c_str());
  }

  void unknownVariantIsRefused() {
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      const Params params = smallProblems(kernel->info()).front();
      QVERIFY_THROWS_EXCEPTION(std::runtime_error, kernel->prepare(params, "no-such-variant", 1));
    }
  }
};

QTEST_APPLESS_MAIN(TestEveryKernel)
#include "tst_every_kernel.moc"
