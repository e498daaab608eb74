// What is specific to triad: the one-ulp tolerance on hand-computed values (both roundings a
// variant may use pass, nothing further does), the counted work, and stopping.
#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

#include "arrays/array_data.h"
#include "kernel_driver.h"
#include "triad/triad_verify.h"

using namespace accellab;
using accellab::test::kernelNamed;
using kernels::triad::verifyTriad;

namespace {

Params triadParams(std::uint64_t z, std::uint64_t y, std::uint64_t x, DType dtype) {
  Params params;
  params.shape = Shape3{z, y, x};
  params.dtype = dtype;
  return params;
}

// a[1] = exact result moved by `ulps` ulps; every other element exact.
template <class T>
Verification verifyWithSecondOff(int ulps) {
  // 1.5 + 3 * 1.25 = 5.25, exactly, in [4, 8) as every triad result.
  const std::vector<T> b{1, T(1.5), 2};
  const std::vector<T> c{1, T(1.25), 1};
  std::vector<T> a{4, T(5.25), 5};
  const T direction = ulps < 0 ? T(0) : std::numeric_limits<T>::infinity();
  for (int i = 0; i < std::abs(ulps); ++i) a[1] = std::nextafter(a[1], direction);
  return verifyTriad<T>(b, c, a, Shape3{1, 1, 3});
}

}  // namespace

class TestTriad : public QObject {
  Q_OBJECT

 private slots:
  void toleranceIsOneUlp_data() {
    QTest::addColumn<int>("ulps");
    QTest::addColumn<bool>("ok");
    QTest::newRow("exact") << 0 << true;
    QTest::newRow("one ulp up") << 1 << true;
    QTest::newRow("one ulp down") << -1 << true;
    QTest::newRow("two ulps up") << 2 << false;
    QTest::newRow("two ulps down") << -2 << false;
  }

  void toleranceIsOneUlp() {
    QFETCH(int, ulps);
    QFETCH(bool, ok);
    for (const Verification& v :
         {verifyWithSecondOff<float>(ulps), verifyWithSecondOff<double>(ulps)}) {
      QCOMPARE(v.ok, ok);
      if (!ok) {
        QVERIFY2(v.detail.starts_with("1 of 3 elements off by more than 1 ulp; first at [0][0][1]"),
                 v.detail.c_str());
      }
    }
  }

  void poisonFails() {
    const std::vector<double> b{1}, c{1};
    const std::vector<double> a{std::numeric_limits<double>::quiet_NaN()};
    QVERIFY(!verifyTriad<double>(b, c, a, Shape3{1, 1, 1}).ok);
  }

  // The FMA (one rounding) and a multiply then an add (two) differ on some inputs; both are
  // what a correct variant computes, so both must pass.
  void fmaAndSeparateRoundingBothPass() {
    const std::size_t n = 4096;
    std::vector<float> b(n), c(n), fused(n), separate(n);
    kernels::fillUniform(std::span<float>(b), 7, 0);
    kernels::fillUniform(std::span<float>(c), 7, 1);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < n; ++i) {
      fused[i] = std::fma(3.0f, c[i], b[i]);
      volatile float product = 3.0f * c[i];  // rounded on its own, not contracted
      separate[i] = b[i] + product;
      differ += fused[i] != separate[i] ? 1 : 0;
    }
    QVERIFY(differ > 0);
    const Shape3 shape{1, 1, n};
    QVERIFY(verifyTriad<float>(b, c, fused, shape).ok);
    QVERIFY(verifyTriad<float>(b, c, separate, shape).ok);
  }

  void countsThreeArraysAndOneFma() {
    const Kernel& triad = kernelNamed("triad");
    const Workload f64 = triad.workload(triadParams(3, 5, 7, DType::f64));
    QCOMPARE(f64.elements, std::uint64_t{105});
    QCOMPARE(f64.bytes, std::uint64_t{105 * 3 * 8});
    QCOMPARE(f64.flops, std::uint64_t{210});
    QCOMPARE(triad.workload(triadParams(3, 5, 7, DType::f32)).bytes, std::uint64_t{105 * 3 * 4});
  }

  void stopBeforeRunCancelsAtOnce_data() {
    QTest::addColumn<QString>("variant");
    for (const char* v : {"loop", "vectorized", "parallel", "std-par", "blas"})
      QTest::newRow(v) << v;
  }

  void stopBeforeRunCancelsAtOnce() {
    QFETCH(QString, variant);
    const Kernel& triad = kernelNamed("triad");
    const std::string reason = test::unavailableReason(triad, variant.toStdString());
    if (!reason.empty()) QSKIP(reason.c_str());
    const auto run =
        triad.prepare(triadParams(64, 64, 1024, DType::f32), variant.toStdString(), {.threads = 2});
    run->poisonOutput();
    std::stop_source source;
    source.request_stop();
    QVERIFY(run->run(source.get_token()).cancelled);
    QVERIFY(!run->verify().ok);
  }

  // 64 Mi elements, 768 MiB of traffic for the scalar loop: a stop must end it in < 0.5 s.
  void stopDuringRunEndsItQuickly() {
    const auto run = kernelNamed("triad").prepare(triadParams(16, 2048, 2048, DType::f32), "loop",
                                                  {.threads = 1});
    const test::Cancellation cancellation = test::cancelMidRun(*run, std::chrono::milliseconds(20));
    QVERIFY(cancellation.cancelled);
    QVERIFY2(cancellation.secondsAfterRequest < 0.5,
             std::to_string(cancellation.secondsAfterRequest).c_str());
  }
};

QTEST_GUILESS_MAIN(TestTriad)
#include "tst_triad.moc"
