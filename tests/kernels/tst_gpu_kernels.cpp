// The CUDA variants against the reference and against the CPU. Skips, with the reason,
// where there is no CUDA build or no device.
#include <QtTest>

#include "kernel_driver.h"

using namespace accellab;
using accellab::test::kernelNamed;

Q_DECLARE_METATYPE(accellab::DType)

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
    Params params;
    params.shape = Shape3{std::uint64_t(z), std::uint64_t(y), std::uint64_t(x)};
    params.dtype = dtype;
    const auto run = kernelNamed("add").prepare(params, "gpu", 1);
    // Twice: the second repetition reuses the buffers and must be as right as the first.
    for (int repetition = 0; repetition < 2; ++repetition) {
      run->poisonOutput();
      QVERIFY(!run->verify().ok);
      const RunOutcome outcome = run->run({});
      QVERIFY(!outcome.cancelled);
      const Verification verification = run->verify();
      QVERIFY2(verification.ok, verification.detail.c_str());
      QVERIFY(outcome.gpu && outcome.timedS);
      QCOMPARE(*outcome.timedS, outcome.gpu->kernelS);
      QVERIFY(outcome.gpu->kernelS > 0);
      QVERIFY(outcome.gpu->h2dS > 0 && outcome.gpu->d2hS > 0);
      QVERIFY(outcome.gpu->endToEndS >=
              0.99 * (outcome.gpu->h2dS + outcome.gpu->kernelS + outcome.gpu->d2hS));
    }
  }

  void piHitsEqualTheCpu_data() {
    QTest::addColumn<qulonglong>("samples");
    for (const qulonglong n : {1ull, 7ull, 1031ull, 1000003ull, (1ull << 26) + 5}) {
      QTest::addRow("%llu", n) << n;
    }
  }

  void piHitsEqualTheCpu() {
    QFETCH(qulonglong, samples);
    Params params;
    params.samples = samples;
    const auto cpu = test::prepareRunVerify(kernelNamed("pi"), params, "loop", 1);
    const auto gpu = test::prepareRunVerify(kernelNamed("pi"), params, "gpu", 1);
    QVERIFY(!gpu.outcome.cancelled);
    QVERIFY2(gpu.verification.ok, gpu.verification.detail.c_str());
    QCOMPARE(gpu.verification.fingerprint, cpu.verification.fingerprint);
    QVERIFY(gpu.outcome.gpu);
    QCOMPARE(gpu.outcome.gpu->h2dS, 0.0);
  }

  void piStopsQuickly() {
    Params params;
    params.samples = 1'000'000'000'000ull;  // minutes even on a large GPU
    const auto run = kernelNamed("pi").prepare(params, "gpu", 1);
    const test::Cancellation cancellation = test::cancelMidRun(*run, std::chrono::milliseconds(50));
    QVERIFY(cancellation.cancelled);
    QVERIFY(cancellation.secondsAfterRequest < 0.5);
  }
};

QTEST_GUILESS_MAIN(TestGpuKernels)
#include "tst_gpu_kernels.moc"
