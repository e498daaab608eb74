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

}  // namespace

class TestEveryKernel : public QObject {
  Q_OBJECT

 private slots:
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
        QCOMPARE(need.deviceBytes > 0, variant.onDevice);
      }
    }
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
