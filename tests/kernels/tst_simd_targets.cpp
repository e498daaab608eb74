// The SIMD loops on every Highway target this CPU can run, not only the best one: the
// GPU machine or a user's CPU may dispatch to another (AVX2 builds the 64-bit multiply
// of pi from 32-bit halves). Each target must match the scalar loops bit for bit.
#include <QtTest>

#include <hwy/targets.h>

#include <algorithm>
#include <span>
#include <vector>

#include "add/add_variants.h"
#include "add/add_verify.h"
#include "arrays/array_data.h"
#include "cpu/simd.h"
#include "matmul/matmul_multiply.h"
#include "matmul/matmul_verify.h"
#include "pi/pi_sampler.h"
#include "pi/pi_variants.h"
#include "reduce/reduce_variants.h"
#include "reduce/reduce_verify.h"
#include "triad/triad_variants.h"
#include "triad/triad_verify.h"

using namespace accellab;

class TestSimdTargets : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { hwy::SetSupportedTargetsForTest(0); }  // back to what the CPU has

  void everyTargetMatchesTheScalarLoops_data() {
    QTest::addColumn<qint64>("target");
    const std::int64_t supported = hwy::SupportedTargets();
    for (std::int64_t bit = 1; bit != 0 && bit <= supported; bit <<= 1) {
      if ((supported & bit) != 0) QTest::newRow(hwy::TargetName(bit)) << qint64(bit);
    }
  }

  void everyTargetMatchesTheScalarLoops() {
    QFETCH(qint64, target);
    hwy::SetSupportedTargetsForTest(target);
    const std::string name = kernels::simd::targetName();
    // A target this build did not compile (AVX3_DL, EMU128) falls back to another: skipped.
    if (name != hwy::TargetName(target)) QSKIP(("not compiled in; runs " + name).c_str());

    const std::uint64_t key = kernels::rng::streamKey(99);
    for (const std::uint64_t n : {1ull, 5ull, 1031ull, 100003ull}) {
      QCOMPARE(kernels::pi::countOutsideSimd(key, 3, 3 + n),
               kernels::pi::countOutsideLoop(key, 3, 3 + n));
    }
    // Every store mode, and outputs that start off a vector boundary (the streaming head).
    const Shape3 shape{1, 3, 1031};
    const std::size_t n = 3093;
    for (const auto stores : {kernels::simd::Stores::cached, kernels::simd::Stores::streaming}) {
      for (const std::size_t offset : {0, 1, 3, 7}) {
        std::vector<double> in(n);
        std::vector<double> out(n + offset);
        const std::span<double> target = std::span(out).subspan(offset, n);
        kernels::fillUniform<double>(in, 5);
        kernels::poison<double>(target);
        kernels::add::addSimd(in.data(), target.data(), n, stores);
        const Verification verification = kernels::verifyAdd<double>(in, target, shape);
        QVERIFY2(verification.ok, verification.detail.c_str());
        kernels::simd::copy(in.data(), target.data(), n, stores);
        QVERIFY(std::equal(in.begin(), in.end(), target.begin()));
      }
    }
  }

  // triad (its streaming head included) within its ulp and reduce within its tolerance, on
  // every target and every start of the output off a vector boundary.
  void triadAndReduceOnEveryTarget_data() { everyTargetMatchesTheScalarLoops_data(); }

  void triadAndReduceOnEveryTarget() {
    QFETCH(qint64, target);
    hwy::SetSupportedTargetsForTest(target);
    const std::string name = kernels::simd::targetName();
    if (name != hwy::TargetName(target)) QSKIP(("not compiled in; runs " + name).c_str());
    const std::size_t n = 3093;
    std::vector<float> b(n), c(n);
    kernels::fillUniform<float>(b, 5, kernels::triad::kStreamB);
    kernels::fillUniform<float>(c, 5, kernels::triad::kStreamC);
    for (const auto stores : {kernels::simd::Stores::cached, kernels::simd::Stores::streaming}) {
      for (const std::size_t offset : {0, 1, 3, 7}) {
        std::vector<float> out(n + offset);
        const std::span<float> a = std::span(out).subspan(offset, n);
        kernels::poison<float>(a);
        kernels::triad::triadSimd(b.data(), c.data(), a.data(), n, stores);
        const Verification verification =
            kernels::triad::verifyTriad<float>(b, c, a, Shape3{1, 1, n});
        QVERIFY2(verification.ok, verification.detail.c_str());
      }
    }
    for (const std::size_t count : {std::size_t{1}, std::size_t{63}, n}) {
      const std::span<const float> values(b.data(), count);
      const float sum = kernels::reduce::sumSimd(values.data(), count).value();
      const Verification verification = kernels::reduce::verifyReduce<float>(
          values, sum, kernels::reduce::compensatedTolerance<float>());
      QVERIFY2(verification.ok, verification.detail.c_str());
    }
  }

  // matmul's micro-kernel on every target: panel widths differ (2 to 16 columns in f64), and
  // SSE targets have no FMA. Sizes below, at and past a 6-row tile, a panel and a 256-deep
  // block; one and two threads.
  void matmulOnEveryTarget_data() { everyTargetMatchesTheScalarLoops_data(); }

  void matmulOnEveryTarget() {
    QFETCH(qint64, target);
    hwy::SetSupportedTargetsForTest(target);
    for (const std::size_t n : {1, 7, 33, 257}) {
      checkMatmul<float>(n);
      checkMatmul<double>(n);
    }
  }

 private:
  template <class T>
  void checkMatmul(std::size_t n) {
    std::vector<T> a(n * n);
    std::vector<T> b(n * n);
    std::vector<T> c(n * n);
    kernels::fillUniform<T>(a, 3, 0);
    kernels::fillUniform<T>(b, 3, 1);
    for (const int threads : {1, 2}) {
      kernels::poison<T>(c);
      QVERIFY(kernels::matmul::multiplySimd(a.data(), b.data(), c.data(), n, threads, {}).complete);
      const Verification verification = kernels::matmul::verifyMatmul<T>(a, b, c, n, 3);
      QVERIFY2(verification.ok, verification.detail.c_str());
    }
  }
};

QTEST_GUILESS_MAIN(TestSimdTargets)
#include "tst_simd_targets.moc"
