// What makeBuiltinEngine offers: kernels, availability with reasons, and the machine probe.
#include <QtTest>

#include <QTemporaryDir>

#include <fstream>
#include <set>

#include "accellab/sweep.h"
#include "cuda/cuda_source.h"
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
  // A user's CUDA source joins its kernel as a variant named after its entry, on the device,
  // available where the gpu variant is (and NVRTC loads); the kernels that take none, a name
  // taken and a kernel that is not there are refused before anything is compiled.
  void aCudaSourceIsAVariantOfItsKernel() {
    QTemporaryDir dir;
    // A CUDA build compiles the source at once: its kernel cache goes here.
    qputenv("XDG_CACHE_HOME", dir.path().toLocal8Bit());
    const std::string file = dir.filePath("twice.cu").toStdString();
    std::ofstream(file) << "template <typename T>\n"
                           "__global__ void twice(const T* b, const T* c, T* a,\n"
                           "                      unsigned long long n, T s) {\n"
                           "  const unsigned long long i = blockIdx.x * 256ull + threadIdx.x;\n"
                           "  if (i < n) a[i] = b[i] + s * c[i];\n"
                           "}\n";
    const Engine engine = kernels::makeBuiltinEngine(
        {.cudaSources = {{.kernel = "triad", .file = file, .entry = "twice"}}});
    const KernelInfo& triad = engine.registry().find("triad")->info();
    QCOMPARE(variantNames(*engine.registry().find("triad")).back(), std::string("twice"));
    const VariantInfo& variant = *triad.variant("twice");
    QVERIFY(variant.onDevice);
    QVERIFY(!variant.usesThreads);
    QCOMPARE(
        variant.description,
        std::string("your CUDA kernel from twice.cu, compiled by NVRTC at run time; copies and "
                    "timing as gpu"));
    QVERIFY(triad.sourceSignature.starts_with("template <typename T> __global__ void ENTRY("));
    const VariantInfo& gpu = *triad.variant("gpu");
    if (!gpu.availability.available) QCOMPARE(variant.availability.reason, gpu.availability.reason);
    // The other kernels are as they were.
    QCOMPARE(variantNames(*engine.registry().find("add")), variantNames(test::kernelNamed("add")));
    QVERIFY(engine.registry().find("pi")->info().sourceSignature.empty());

    const auto refusal = [&](CudaSourceChoice choice) -> std::string {
      try {
        kernels::makeBuiltinEngine({.cudaSources = {std::move(choice)}});
      } catch (const kernels::gpu::CudaSourceError& error) {
        return error.what();
      }
      return "accepted";
    };
    const std::string named = "--cuda-source " + file + ": ";
    QCOMPARE(refusal({"pi", file, "twice"}),
             named +
                 "kernel 'pi' takes no CUDA source ('accellab-cli list' shows the signature "
                 "of each kernel that does)");
    QCOMPARE(refusal({"triad", file, "gpu"}),
             named + "triad already has a variant 'gpu': give the entry another name");
    QCOMPARE(refusal({"saxpy", file, "twice"}), named + "no built-in kernel 'saxpy' to add it to");
    QVERIFY(
        refusal({"triad", file, "twice<float>"})
            .ends_with(
                "--entry 'twice<float>' is no C++ identifier (the name of a __global__ function "
                "template)"));
  }

  void registersTheKernels() {
    const auto kernels = test::builtinKernels().kernels();
    std::vector<std::string> names;
    for (const Kernel* kernel : kernels) names.push_back(kernel->info().name);
    QCOMPARE(names,
             (std::vector<std::string>{"add", "pi", "triad", "stencil", "reduce", "matmul"}));
    QCOMPARE(
        variantNames(*kernels[0]),
        (std::vector<std::string>{"loop", "loop-strided", "vectorized", "parallel", "gpu",
                                  "gpu-lib", "std-par", "mpi", "python-loop", "numpy", "numpy-out",
                                  "numba", "numba-prange", "dask", "numba-cuda"}));
    QCOMPARE(variantNames(*kernels[1]),
             (std::vector<std::string>{"loop", "vectorized", "parallel", "gpu", "gpu-lib",
                                       "std-par", "mpi", "python-loop", "numpy", "numba",
                                       "numba-prange", "numba-cuda"}));
    QCOMPARE(variantNames(*kernels[3]),
             (std::vector<std::string>{"loop", "vectorized", "parallel", "gpu"}));
    for (const Kernel* kernel : {kernels[2], kernels[4]}) {
      QCOMPARE(variantNames(*kernel),
               (std::vector<std::string>{"loop", "vectorized", "parallel", "gpu", "gpu-lib",
                                         "std-par", "blas", "mpi"}));
    }
    QCOMPARE(variantNames(*kernels[5]),
             (std::vector<std::string>{"loop", "blocked", "vectorized", "parallel", "gpu",
                                       "gpu-lib", "blas"}));
  }

  // A default experiment leaves the opt-in variants out (the tutorial's strided order, the
  // Python ones); named, they run.
  void defaultSweepLeavesOptInVariantsOut() {
    SweepSpec spec;
    spec.kernel = "add";
    spec.shapes = {{1, 1, 8}};
    std::set<std::string> defaults;
    for (const Point& point : expandSweep(spec, test::builtinKernels()))
      defaults.insert(point.variant);
    for (const VariantInfo& variant : test::kernelNamed("add").info().variants)
      QCOMPARE(defaults.contains(variant.name), !variant.optIn);
    QVERIFY(test::kernelNamed("add").info().variant("loop-strided")->optIn);
    QVERIFY(test::kernelNamed("add").info().variant("numba")->optIn);
    spec.variants = {"loop-strided"};
    QCOMPARE(expandSweep(spec, test::builtinKernels()).size(), std::size_t{1});
  }

  void addDefaultsToTheTutorialArray() {
    const KernelInfo& info = kernelNamed("add").info();
    QCOMPARE(info.defaults.shape, std::optional<Shape3>(Shape3{1024, 1024, 512}));
    QCOMPARE(info.dtypes, (std::vector<DType>{DType::f32, DType::f64}));
    QCOMPARE(info.problem, ProblemKind::array3d);
  }

  // The thread axis applies to the variants that start threads: parallel always, std-par
  // (TBB), numba-prange, and blas where the library's own threads run it (not reduce's, which
  // sums blocks on one thread). The device variants are named gpu*, so a table or chart tells
  // them apart; numba-cuda times itself in Python and reports no GpuTiming.
  void threadsAndDeviceFollowTheNames() {
    const std::set<std::string> threaded{
        "add std-par", "pi std-par",       "triad std-par",   "triad blas", "reduce std-par",
        "matmul blas", "add numba-prange", "pi numba-prange", "add dask",   "add mpi",
        "pi mpi",      "triad mpi",        "reduce mpi"};
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      for (const VariantInfo& variant : kernel->info().variants) {
        QCOMPARE(variant.usesThreads,
                 variant.name == "parallel" ||
                     threaded.contains(kernel->info().name + " " + variant.name));
        QCOMPARE(variant.onDevice, variant.name.rfind("gpu", 0) == 0);
        QVERIFY(!variant.description.empty());
      }
    }
  }

  // The mpi variants alone are distributed, one per kernel of issue 11; opt-in, since outside
  // mpirun they run as one rank, parallel's code again.
  void mpiVariantsAreTheDistributedOnes() {
    std::set<std::string> distributed;
    for (const Kernel* kernel : test::builtinKernels().kernels())
      for (const VariantInfo& variant : kernel->info().variants)
        if (variant.distributed) {
          distributed.insert(kernel->info().name + " " + variant.name);
          QVERIFY(variant.optIn);
        }
    QCOMPARE(distributed, (std::set<std::string>{"add mpi", "pi mpi", "triad mpi", "reduce mpi"}));
  }

  // The loops need nothing; parallel needs nothing for add and pi (the compiler's SIMD stands
  // in for Highway), but the others' are OpenMP x Highway.
  void cpuVariantsAreAvailable() {
    const SystemInfo system = test::builtinEngine().probeSystem({.measureBandwidth = false});
    const bool highway = !system.simdAvailable.empty();
    for (const Kernel* kernel : test::builtinKernels().kernels()) {
      QVERIFY(kernel->info().variant("loop")->availability.available);
      const Availability& parallel = kernel->info().variant("parallel")->availability;
      const bool needsHighway = kernel->info().name != "add" && kernel->info().name != "pi";
      QCOMPARE(parallel.available, highway || !needsHighway);
      if (!parallel.available)
        QCOMPARE(parallel.reason, std::string("built without Google Highway"));
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
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 kernel->prepare(params, "gpu", {.threads = 1}));
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
    QVERIFY(system.computeCeilings.empty());
  }

  // The BLAS the blas variants call, as the library says: its build and the core it runs,
  // the same core the blas rows' note names.
  void probeNamesTheBlasCore() {
    const SystemInfo system = test::builtinEngine().probeSystem({.measureBandwidth = false});
    const std::string reason = test::unavailableReason(test::kernelNamed("matmul"), "blas");
    if (!reason.empty()) {
      QVERIFY(system.blasLibrary.empty());
      QSKIP(reason.c_str());
    }
    QVERIFY2(system.blasLibrary.starts_with("OpenBLAS "), system.blasLibrary.c_str());
    // And how it runs its threads (issue 19: the thread layer where it matters).
    QVERIFY2(system.blasLibrary.find("; its own pthreads") != std::string::npos ||
                 system.blasLibrary.find("; OpenMP threads") != std::string::npos ||
                 system.blasLibrary.find("; sequential") != std::string::npos,
             system.blasLibrary.c_str());
    QVERIFY(!system.blasCore.empty());
    Params params;
    params.dtype = DType::f32;
    params.kernelParams["n"] = 8;
    const auto done = test::prepareRunVerify(test::kernelNamed("matmul"), params, "blas", 1);
    QCOMPARE(done.isa, "OpenBLAS " + system.blasCore);
  }

  void bandwidthIsMeasured() {
    const SystemInfo system = test::builtinEngine().probeSystem({});
    // Any machine that runs these tests copies faster than 100 MB/s and slower than 100 TB/s.
    QVERIFY(system.bandwidthCeilingBytesPerS > 1e8);
    QVERIFY(system.bandwidthCeilingBytesPerS < 1e14);
    QVERIFY2(system.bandwidthMethod.starts_with("STREAM copy a[i] = b[i]"),
             system.bandwidthMethod.c_str());
    // Measured with it: the host's six, then two per GPU that accepted the kernel.
    QVERIFY(system.computeCeilings.size() >= 6);
    QVERIFY(system.computeCeilings.size() <= 6 + 2 * system.gpus.size());
    for (const ComputeCeiling& ceiling : system.computeCeilings) QVERIFY(ceiling.flopsPerS > 0);
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
