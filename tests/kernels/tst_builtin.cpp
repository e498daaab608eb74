// What makeBuiltinEngine offers: kernels, availability with reasons, and the machine probe.
#include <QtTest>

#include "kernel_driver.h"

using namespace accellab;
using accellab::test::kernelNamed;

namespace {

std::vector<std::string> variantNames(const Kernel& kernel) {
  std::vector<std::string> names;
  for (const VariantInfo& variant : kernel.info().variants) names.push_back(variant.name);
  return names;
}

}  // namespace

class TestBuiltin : public QObject {
  Q_OBJECT

 private slots:
  void registersTheKernels() {
    const auto kernels = test::builtinKernels().kernels();
    QCOMPARE(kernels.size(), std::size_t{3});
    QCOMPARE(kernels[0]->info().name, std::string("add"));
    QCOMPARE(kernels[1]->info().name, std::string("pi"));
    QCOMPARE(kernels[2]->info().name, std::string("stencil"));
    QCOMPARE(variantNames(*kernels[0]),
             (std::vector<std::string>{"loop", "loop-strided", "vectorized", "parallel", "gpu"}));
    QCOMPARE(variantNames(*kernels[1]),
             (std::vector<std::string>{"loop", "vectorized", "parallel", "gpu"}));
    QCOMPARE(variantNames(*kernels[2]),
             (std::vector<std::string>{"loop", "vectorized", "parallel", "gpu"}));
  }

  void addDefaultsToTheTutorialArray() {
    const KernelInfo& info = kernelNamed("add").info();
    QCOMPARE(info.defaults.shape, std::optional<Shape3>(Shape3{1024, 1024, 512}));
    QCOMPARE(info.dtypes, (std::vector<DType>{DType::f32, DType::f64}));
    QCOMPARE(info.problem, ProblemKind::array3d);
  }

  void onlyParallelTakesThreadsOnlyGpuRunsOnDevice() {
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      for (const VariantInfo& variant : kernel->info().variants) {
        QCOMPARE(variant.usesThreads, variant.name == "parallel");
        QCOMPARE(variant.onDevice, variant.name == "gpu");
        QVERIFY(!variant.description.empty());
      }
    }
  }

  // The scalar loop runs everywhere; parallel too, but for a kernel whose SIMD rows exist in
  // Highway alone (stencil), in a build without it.
  void cpuVariantsAreAvailable() {
    const SystemInfo system = test::builtinEngine().probeSystem({.measureBandwidth = false});
    const bool highway = !system.simdAvailable.empty();
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      QVERIFY(kernel->info().variant("loop")->availability.available);
      const Availability& parallel = kernel->info().variant("parallel")->availability;
      QVERIFY2(
          parallel.available || (!highway && parallel.reason == "built without Google Highway"),
          kernel->info().name.c_str());
    }
  }

  // Without CUDA the build says so; with CUDA but no device, CUDA's own words say why.
  void gpuAvailabilityNamesTheReason() {
    const SystemInfo system = test::builtinEngine().probeSystem({.measureBandwidth = false});
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      const Availability& gpu = kernel->info().variant("gpu")->availability;
      QCOMPARE(gpu.available, selectedGpu(system) != nullptr);
      if (!system.cudaBuilt) QCOMPARE(gpu.reason, std::string("built without CUDA"));
      if (system.cudaBuilt && system.gpus.empty()) {
        QVERIFY2(gpu.reason.starts_with("no CUDA device"), gpu.reason.c_str());
      }
      QCOMPARE(gpu.reason, system.gpuReason);
      if (!gpu.available) {
        Params params = kernel->info().defaults;
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, kernel->prepare(params, "gpu", 1));
      }
    }
  }

  void vectorizedAvailabilityFollowsTheBuild() {
    const SystemInfo system = test::builtinEngine().probeSystem({.measureBandwidth = false});
    const Availability& vectorized = kernelNamed("add").info().variant("vectorized")->availability;
    if (system.simdAvailable.empty()) {  // built without Highway
      QVERIFY(!vectorized.available);
      QCOMPARE(vectorized.reason, std::string("built without Google Highway"));
      QCOMPARE(system.simdSelected, std::string("compiler SIMD"));
    } else {
      QVERIFY(vectorized.available);
      // The dispatched target is one this CPU supports.
      QVERIFY(std::find(system.simdAvailable.begin(), system.simdAvailable.end(),
                        system.simdSelected) != system.simdAvailable.end());
    }
  }

  void probeCompletesTheHostProbe() {
    const SystemInfo system = test::builtinEngine().probeSystem({.measureBandwidth = false});
    QVERIFY(system.logicalCores > 0);
    QVERIFY2(QRegularExpression(QStringLiteral(R"(^\d\.\d \(\d{6}\)$)"))
                 .match(QString::fromStdString(system.openmpVersion))
                 .hasMatch(),
             system.openmpVersion.c_str());
    QCOMPARE(system.bandwidthCeilingBytesPerS, 0.0);
    QVERIFY(system.bandwidthMethod.empty());
  }

  void bandwidthIsMeasured() {
    const SystemInfo system = test::builtinEngine().probeSystem({});
    // Any machine that runs these tests copies faster than 100 MB/s and slower than 100 TB/s.
    QVERIFY(system.bandwidthCeilingBytesPerS > 1e8);
    QVERIFY(system.bandwidthCeilingBytesPerS < 1e14);
    QVERIFY2(system.bandwidthMethod.starts_with("STREAM copy a[i] = b[i]"),
             system.bandwidthMethod.c_str());
  }

  void memoryProbeAddsTheDevice() {
    const MemoryAvailable memory = test::builtinEngine().memoryAvailable();
    QVERIFY(memory.hostBytes > 0);
    const SystemInfo system = test::builtinEngine().probeSystem({.measureBandwidth = false});
    QCOMPARE(memory.deviceBytes.has_value(), selectedGpu(system) != nullptr);
  }
};

QTEST_GUILESS_MAIN(TestBuiltin)
#include "tst_builtin.moc"
