// The CUDA variants on device 0, through the kernels' public path (the built-in engine),
// against the reference and against the CPU; the device probe and copy ceiling of device 0.
// Skips, with the reason, where there is no CUDA build or no device.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include <regex>
#include <stdexcept>
#include <string>

#include "cuda/gpu.h"
#include "kernel_driver.h"

using namespace accellab;
using accellab::test::kernelNamed;

Q_DECLARE_METATYPE(accellab::DType)

namespace {

Params addParams(std::uint64_t z, std::uint64_t y, std::uint64_t x, DType dtype) {
  Params params;
  params.shape = Shape3{z, y, x};
  params.dtype = dtype;
  return params;
}

// What every completed gpu run of add must report: each phase timed, the kernel inside the
// end-to-end time, and the end-to-end time holding the three phases (events recorded back to
// back, so only the events' resolution of about a microsecond separates the two sides).
// Callers look at QTest::currentTestFailed() after it.
void checkAddTiming(const RunOutcome& outcome) {
  QVERIFY(outcome.gpu && outcome.timedS);
  const GpuTiming& t = *outcome.gpu;
  QCOMPARE(*outcome.timedS, t.kernelS);
  QVERIFY(t.kernelS > 0);
  QVERIFY(t.h2dS > 0 && t.d2hS > 0);
  QVERIFY2(t.kernelS < t.endToEndS,
           qPrintable(QString("kernel %1 s, end to end %2 s").arg(t.kernelS).arg(t.endToEndS)));
  QVERIFY(t.endToEndS >= 0.99 * (t.h2dS + t.kernelS + t.d2hS) - 2e-6);
  QVERIFY(t.h2dPageableS > 0 && t.d2hPageableS > 0);
}

// One uncancelled run of a prepared gpu add that verifies and times as checkAddTiming
// expects. Callers look at QTest::currentTestFailed() after it.
void runVerifiedWithHonestTiming(KernelRun& run) {
  const RunOutcome outcome = run.run({});
  QVERIFY(!outcome.cancelled);
  const Verification verification = run.verify();
  QVERIFY2(verification.ok, verification.detail.c_str());
  checkAddTiming(outcome);
}

}  // namespace

class TestGpuKernels : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    const std::string reason = test::unavailableReason(kernelNamed("add"), "gpu");
    if (!reason.empty()) QSKIP(reason.c_str());
  }

  void addMatchesReference_data() {
    QTest::addColumn<int>("z");
    QTest::addColumn<int>("y");
    QTest::addColumn<int>("x");
    QTest::addColumn<DType>("dtype");
    const int shapes[][3] = {{1, 1, 1}, {3, 5, 7}, {17, 31, 67}, {2, 3, 1031}, {64, 512, 513}};
    for (const auto& s : shapes) {
      for (const DType dtype : {DType::f32, DType::f64}) {
        QTest::addRow("%dx%dx%d %s", s[0], s[1], s[2], dtype == DType::f32 ? "f32" : "f64")
            << s[0] << s[1] << s[2] << dtype;
      }
    }
  }

  void addMatchesReference() {
    QFETCH(int, z);
    QFETCH(int, y);
    QFETCH(int, x);
    QFETCH(DType, dtype);
    const auto run = kernelNamed("add").prepare(addParams(z, y, x, dtype), "gpu", {.threads = 1});
    // Twice: the second repetition reuses the buffers and must be as right as the first.
    for (int repetition = 0; repetition < 2; ++repetition) {
      run->poisonOutput();
      QVERIFY(!run->verify().ok);
      runVerifiedWithHonestTiming(*run);
      if (QTest::currentTestFailed()) return;
    }
  }

  // A refused allocation must not fail the next point: its error once stayed behind as the
  // runtime's last error, and the next launch check reported it.
  void refusedAllocationDoesNotFailTheNextRun() {
    const Kernel& add = kernelNamed("add");
    try {
      add.prepare(addParams(std::uint64_t{1} << 20, std::uint64_t{1} << 20, 16, DType::f64), "gpu",
                  {.threads = 1});  // 128 TiB per array
      QFAIL("a 128 TiB array was allocated");
    } catch (const std::runtime_error& error) {
      QVERIFY2(std::string(error.what()).find("out of memory") != std::string::npos, error.what());
    }
    const auto done = test::prepareRunVerify(add, addParams(3, 5, 7, DType::f32), "gpu", 1);
    QVERIFY(!done.outcome.cancelled);
    QVERIFY2(done.verification.ok, done.verification.detail.c_str());
  }

  // A stop in either phase leaves the stream idle and the buffers free: the same run then
  // completes and verifies.
  void addStopsThenRunsAgain() {
    const auto run = kernelNamed("add").prepare(addParams(256, 1024, 1024, DType::f32), "gpu",
                                                {.threads = 1});  // 1 GiB
    for (const int afterMs : {0, 20, 60}) {
      run->poisonOutput();
      const test::Cancellation cancellation =
          test::stopAfter(*run, std::chrono::milliseconds(afterMs));
      QVERIFY2(cancellation.secondsAfterRequest < 0.5,
               qPrintable(QString::number(cancellation.secondsAfterRequest)));
      run->poisonOutput();
      runVerifiedWithHonestTiming(*run);
      if (QTest::currentTestFailed()) return;
    }
  }

  // The stencil's tiles on ragged grids, and on grids taller (y) or deeper (z) than the 65535
  // blocks a launch may have there, whose tiles the blocks loop over. Twice, as for add.
  void stencilMatchesReference_data() {
    QTest::addColumn<int>("z");
    QTest::addColumn<int>("y");
    QTest::addColumn<int>("x");
    QTest::addColumn<DType>("dtype");
    const int shapes[][3] = {{1, 1, 1},    {3, 5, 7},       {70, 9, 1031},
                             {33, 17, 65}, {3, 600'000, 3}, {2'100'000, 3, 3}};
    for (const auto& s : shapes) {
      for (const DType dtype : {DType::f32, DType::f64}) {
        QTest::addRow("%dx%dx%d %s", s[0], s[1], s[2], dtype == DType::f32 ? "f32" : "f64")
            << s[0] << s[1] << s[2] << dtype;
      }
    }
  }

  void stencilMatchesReference() {
    QFETCH(int, z);
    QFETCH(int, y);
    QFETCH(int, x);
    QFETCH(DType, dtype);
    const auto run =
        kernelNamed("stencil").prepare(addParams(z, y, x, dtype), "gpu", {.threads = 1});
    for (int repetition = 0; repetition < 2; ++repetition) {
      run->poisonOutput();
      QVERIFY(!run->verify().ok);
      const RunOutcome outcome = run->run({});
      QVERIFY(!outcome.cancelled);
      const Verification verification = run->verify();
      QVERIFY2(verification.ok, verification.detail.c_str());
      QVERIFY(outcome.gpu && outcome.timedS);
      const GpuTiming& t = *outcome.gpu;
      QCOMPARE(*outcome.timedS, t.kernelS);
      QVERIFY(t.kernelS > 0 && t.h2dS > 0 && t.d2hS > 0);
      QVERIFY(t.kernelS < t.endToEndS);
      QCOMPARE(t.h2dPageableS, 0.0);  // the stencil times no pageable copies
      QCOMPARE(t.d2hPageableS, 0.0);
    }
  }

  void piHitsEqualTheCpu_data() {
    QTest::addColumn<qulonglong>("samples");
    // The last two take 2 and 3 launches: the queue-ahead loop and its last launch.
    for (const qulonglong n :
         {1ull, 7ull, 1031ull, 1000003ull, (1ull << 26) + 5, (1ull << 32) + 1, 3ull << 32}) {
      QTest::addRow("%llu", n) << n;
    }
  }

  void piHitsEqualTheCpu() {
    QFETCH(qulonglong, samples);
    Params params;
    params.samples = samples;
    // The scalar loop is the reference, but would take minutes on 2^33 samples: the parallel
    // variant draws the same ones.
    const char* reference = samples < 100'000'000 ? "loop" : "parallel";
    const auto cpu = test::prepareRunVerify(kernelNamed("pi"), params, reference, 0);
    const auto gpu = test::prepareRunVerify(kernelNamed("pi"), params, "gpu", 1);
    QVERIFY(!gpu.outcome.cancelled);
    QVERIFY2(gpu.verification.ok, gpu.verification.detail.c_str());
    QCOMPARE(gpu.verification.fingerprint, cpu.verification.fingerprint);
    QVERIFY(gpu.outcome.gpu);
    const GpuTiming& t = *gpu.outcome.gpu;
    QCOMPARE(t.h2dS, 0.0);
    QCOMPARE(t.h2dPageableS, 0.0);
    QCOMPARE(t.d2hPageableS, 0.0);
    QVERIFY(t.kernelS > 0 && t.d2hS > 0);
    QVERIFY(t.kernelS < t.endToEndS);
  }

  void piStopsQuickly() {
    Params params;
    params.samples = 1'000'000'000'000ull;  // minutes even on a large GPU
    const auto run = kernelNamed("pi").prepare(params, "gpu", {.threads = 1});
    const test::Cancellation cancellation = test::cancelMidRun(*run, std::chrono::milliseconds(50));
    QVERIFY(cancellation.cancelled);
    QVERIFY(cancellation.secondsAfterRequest < 0.5);
  }

  void probeDescribesDevice0() {
    const kernels::gpu::DeviceProbe probe = kernels::gpu::probeDevices();
    QVERIFY(probe.built);
    QVERIFY(!probe.devices.empty());
    const GpuInfo& device = probe.devices.front();
    QCOMPARE(device.index, 0);
    QVERIFY(!device.name.empty());
    QVERIFY(device.smCount > 0 && device.memoryBytes > 0 && device.clockMHz > 0);
    QVERIFY(!device.computeCapability.empty() && !device.runtimeVersion.empty());
    QVERIFY2(std::regex_match(device.pciBusId,
                              std::regex("[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]")),
             device.pciBusId.c_str());
  }

  void copyCeilingIsMeasured() {
    const double bytesPerS = kernels::gpu::measureCopyBandwidth(0);
    qInfo("device 0 copies %.0f GB/s (read + written)", bytesPerS * 1e-9);
    QVERIFY(bytesPerS > 0);
    QVERIFY(bytesPerS < 1e14);  // beyond any memory: a copy that never left the cache
  }

  // A user's CUDA source (--cuda-source), compiled by NVRTC for this device and launched on
  // the gpu variant's stream: verified against the reference and timed as gpu is, its compile
  // and load reported; a wrong kernel fails verification; the second prepare reads the
  // compiled code back from the kernel cache.
  void cudaSourcesRunAndVerify() {
    QTemporaryDir dir;
    qputenv("XDG_CACHE_HOME", dir.filePath("cache").toLocal8Bit());
    const auto write = [&](const char* name, const std::string& text) {
      const std::string file = dir.filePath(name).toStdString();
      std::ofstream(file) << text;
      return file;
    };
    const std::string add = R"(template <typename T>
__global__ void ENTRY(const T* in, T* out, unsigned long long n, T addend) {
  const unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] + addend OFF;
}
)";
    const auto named = [](std::string text, const std::string& entry, const std::string& off) {
      text.replace(text.find("ENTRY"), 5, entry);
      text.replace(text.find("OFF"), 3, off);
      return text;
    };
    const std::string triad = R"(template <typename T>
__global__ void my_triad(const T* b, const T* c, T* a, unsigned long long n, T scale) {
  const unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + scale * c[i];
}
)";
    const Engine engine = kernels::makeBuiltinEngine(
        {.cudaSources = {{"add", write("my_add.cu", named(add, "my_add", "")), "my_add"},
                         {"add", write("wrong.cu", named(add, "wrong", "+ 1")), "wrong"},
                         {"triad", write("my_triad.cu", triad), "my_triad"}}});
    const Kernel& addKernel = *engine.registry().find("add");
    const Availability nvrtc = addKernel.info().variant("my_add")->availability;
    if (!nvrtc.available) QSKIP(nvrtc.reason.c_str());
    for (const DType dtype : {DType::f32, DType::f64}) {
      for (const Params& params : {addParams(3, 5, 7, dtype), addParams(64, 512, 513, dtype)}) {
        const auto run = addKernel.prepare(params, "my_add", {.threads = 1});
        const std::optional<CodeBuild> build = run->codeBuild();
        QVERIFY(build && build->compileS > 0 && build->loadS > 0);
        QVERIFY2(build->how.find(" of my_add.cu (SHA-256 ") != std::string::npos,
                 build->how.c_str());
        run->poisonOutput();
        QVERIFY(!run->verify().ok);
        runVerifiedWithHonestTiming(*run);
        if (QTest::currentTestFailed()) return;
      }
    }
    const auto again = addKernel.prepare(addParams(3, 5, 7, DType::f64), "my_add", {.threads = 1});
    QVERIFY2(again->codeBuild()->how.ends_with(", from the kernel cache"),
             again->codeBuild()->how.c_str());
    const auto wrong =
        test::prepareRunVerify(addKernel, addParams(3, 5, 7, DType::f64), "wrong", 1);
    QVERIFY(!wrong.verification.ok);
    Params triadParams = addParams(17, 31, 67, DType::f64);
    const auto triadDone =
        test::prepareRunVerify(*engine.registry().find("triad"), triadParams, "my_triad", 1);
    QVERIFY2(triadDone.verification.ok, triadDone.verification.detail.c_str());
  }

  void absentDeviceIsNamed() {
    const int present = static_cast<int>(kernels::gpu::probeDevices().devices.size());
    const Availability availability = kernels::gpu::availability(present);
    QVERIFY(!availability.available);
    QCOMPARE(availability.reason, "no CUDA device " + std::to_string(present) + " (" +
                                      std::to_string(present) + " present)");
  }
};

QTEST_GUILESS_MAIN(TestGpuKernels)
#include "tst_gpu_kernels.moc"
