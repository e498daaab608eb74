// What is specific to matmul: its verification (hand-computed products, the tolerance's edges,
// Freivalds' check where elements are not compared), every variant against the exact product
// at the sizes where tiles and vectors end, its counted work, and stopping long runs.
#include <QtTest>

#include <cmath>
#include <vector>

#include "arrays/array_data.h"
#include "kernel_driver.h"
#include "matmul/matmul_verify.h"

using namespace accellab;
using namespace accellab::kernels::matmul;
using test::kernelNamed;

namespace {

Params matmulParams(std::uint64_t n, DType dtype) {
  Params params;
  params.dtype = dtype;
  params.kernelParams["n"] = n;
  return params;
}

// A and B as the kernel fills them, and their product in long double.
template <class T>
struct Problem {
  explicit Problem(std::size_t size) : n(size), a(n * n), b(n * n), exact(n * n, 0) {
    kernels::fillUniform(std::span<T>(a), kSeed, 0);
    kernels::fillUniform(std::span<T>(b), kSeed, 1);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = 0; k < n; ++k)
        for (std::size_t j = 0; j < n; ++j)
          exact[i * n + j] += static_cast<long double>(a[i * n + k]) * b[k * n + j];
  }
  // The exact product scaled by 1 + factor * tolerance, rounded to T.
  std::vector<T> scaled(double factor) const {
    const long double scale = 1 + factor * relativeTolerance<T>(n);
    std::vector<T> c(n * n);
    for (std::size_t i = 0; i < c.size(); ++i) c[i] = static_cast<T>(exact[i] * scale);
    return c;
  }
  Verification verify(const std::vector<T>& c) const { return verifyMatmul<T>(a, b, c, n, kSeed); }
  static constexpr std::uint64_t kSeed = 7;
  std::size_t n;
  std::vector<T> a;
  std::vector<T> b;
  std::vector<long double> exact;
};

}  // namespace

class TestMatmul : public QObject {
  Q_OBJECT

 private slots:
  void handComputedProduct() {
    const std::vector<double> a{1, 2, 3, 4};
    const std::vector<double> b{5, 6, 7, 8};
    std::vector<double> c{19, 22, 43, 50};  // [1*5+2*7, 1*6+2*8; 3*5+4*7, 3*6+4*8]
    const Verification right = verifyMatmul<double>(a, b, c, 2, 1);
    QVERIFY2(right.ok, right.detail.c_str());
    QVERIFY2(right.detail.starts_with("max relative error 0 on every element (4 elements)"),
             right.detail.c_str());
    c[2] = 44;
    const Verification wrong = verifyMatmul<double>(a, b, c, 2, 1);
    QVERIFY(!wrong.ok);
    QVERIFY2(wrong.detail.starts_with("1 of 4 elements compared differ; first C[1][0]: got 44, "
                                      "expected 43"),
             wrong.detail.c_str());
  }

  void toleranceIsNTimesEpsilon() {
    QCOMPARE(relativeTolerance<double>(2048), 2048 * 0x1p-52);
    QCOMPARE(relativeTolerance<float>(7), 7 * 0x1p-23);
  }

  // Within the tolerance passes, beyond it fails: above kEveryElementUpTo (300) through the
  // edge rows and columns and Freivalds' check alike. Off by 0.8 or 1.2 tolerances, as
  // rounding the scaled value to f32 moves it by up to half an eps.
  void toleranceEdges_data() {
    QTest::addColumn<bool>("single");
    QTest::addColumn<int>("n");
    for (const int n : {7, 130, 300}) {
      QTest::addRow("f32 n=%d", n) << true << n;
      QTest::addRow("f64 n=%d", n) << false << n;
    }
  }

  void toleranceEdges() {
    QFETCH(bool, single);
    QFETCH(int, n);
    if (single) {
      checkEdges<float>(static_cast<std::size_t>(n));
    } else {
      checkEdges<double>(static_cast<std::size_t>(n));
    }
  }

  // An element inside C (no edge row or column) of a large C is seen by Freivalds' check alone.
  void freivaldsCatchesAnInnerElement() {
    const Problem<double> problem(300);
    std::vector<double> c = problem.scaled(0);
    QVERIFY(problem.verify(c).ok);
    c[150 * 300 + 150] *= 1.1;
    Verification wrong = problem.verify(c);
    QVERIFY(!wrong.ok);
    QVERIFY2(wrong.detail.starts_with("Freivalds: row 150 of C*r"), wrong.detail.c_str());
    c[150 * 300 + 150] = std::nan("");
    QVERIFY(!problem.verify(c).ok);
  }

  void poisonedOutputFailsEveryElement() {
    const auto run =
        kernelNamed("matmul").prepare(matmulParams(7, DType::f32), "loop", {.threads = 1});
    run->poisonOutput();
    const Verification verification = run->verify();
    QVERIFY(!verification.ok);
    QVERIFY2(verification.detail.starts_with("49 of 49 elements compared differ; first C[0][0]"),
             verification.detail.c_str());
  }

  // The sizes where a tile, a vector or a block ends exactly or one past it; every element
  // compared with the exact product.
  void everyVariantMatchesTheExactProduct_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("dtype");
    for (const VariantInfo& variant : kernelNamed("matmul").info().variants) {
      for (const int n : {2, 6, 12, 96, 97, 128, 192, 256}) {
        for (const DType dtype : {DType::f32, DType::f64}) {
          QTest::addRow("%s n=%d %s", variant.name.c_str(), n, std::string(toString(dtype)).c_str())
              << QString::fromStdString(variant.name) << n << static_cast<int>(dtype);
        }
      }
    }
  }

  void everyVariantMatchesTheExactProduct() {
    QFETCH(QString, variant);
    QFETCH(int, n);
    QFETCH(int, dtype);
    const Kernel& matmul = kernelNamed("matmul");
    const std::string reason = test::unavailableReason(matmul, variant.toStdString());
    if (!reason.empty()) QSKIP(reason.c_str());
    const auto done = test::prepareRunVerify(
        matmul, matmulParams(static_cast<std::uint64_t>(n), static_cast<DType>(dtype)),
        variant.toStdString(), 2);
    QVERIFY(!done.outcome.cancelled);
    QVERIFY2(done.verification.ok, done.verification.detail.c_str());
    QVERIFY2(done.verification.detail.find("on every element (" + std::to_string(n * n) +
                                           " elements)") != std::string::npos,
             done.verification.detail.c_str());
    QVERIFY(!done.isa.empty());
  }

  void workloadCountsTheCompulsoryTraffic() {
    const Kernel& matmul = kernelNamed("matmul");
    const Workload f64 = matmul.workload(matmulParams(2048, DType::f64));
    QCOMPARE(f64.elements, std::uint64_t{2048} * 2048);
    QCOMPARE(f64.bytes, std::uint64_t{3} * 2048 * 2048 * 8);
    QCOMPARE(f64.flops, std::uint64_t{2} * 2048 * 2048 * 2048);
    QCOMPARE(matmul.workload(matmulParams(2048, DType::f32)).bytes, f64.bytes / 2);
    QCOMPARE(matmul.workload(Params{}).elements, std::uint64_t{2048} * 2048);  // the default n
    QCOMPARE(matmul.memoryNeed(matmulParams(100, DType::f64), "gpu").deviceBytes,
             std::uint64_t{3} * 100 * 100 * 8);
    QCOMPARE(matmul.memoryNeed(matmulParams(100, DType::f64), "parallel").deviceBytes,
             std::uint64_t{0});
  }

  // Runs of seconds (the loop variant at n = 2048 takes minutes) end < 0.5 s after a stop.
  void stopDuringRunEndsItQuickly_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("n");
    QTest::newRow("loop") << "loop" << 2048;
    QTest::newRow("blocked") << "blocked" << 2048;
    QTest::newRow("vectorized") << "vectorized" << 4096;
    QTest::newRow("parallel") << "parallel" << 4096;
    QTest::newRow("blas") << "blas" << 4096;
  }

  void stopDuringRunEndsItQuickly() {
    QFETCH(QString, variant);
    QFETCH(int, n);
    const Kernel& matmul = kernelNamed("matmul");
    const std::string reason = test::unavailableReason(matmul, variant.toStdString());
    if (!reason.empty()) QSKIP(reason.c_str());
    const auto run = matmul.prepare(matmulParams(static_cast<std::uint64_t>(n), DType::f32),
                                    variant.toStdString(), {.threads = 1});
    const test::Cancellation cancellation =
        test::cancelMidRun(*run, std::chrono::milliseconds(100));
    QVERIFY(cancellation.cancelled);
    QVERIFY2(cancellation.secondsAfterRequest < 0.5,
             std::to_string(cancellation.secondsAfterRequest).c_str());
  }

 private:
  template <class T>
  void checkEdges(std::size_t n) {
    const Problem<T> problem(n);
    for (const double factor : {0.8, -0.8}) {
      const Verification within = problem.verify(problem.scaled(factor));
      QVERIFY2(within.ok, within.detail.c_str());
    }
    for (const double factor : {1.2, -1.2}) {
      const Verification beyond = problem.verify(problem.scaled(factor));
      QVERIFY2(!beyond.ok, beyond.detail.c_str());
      QVERIFY2(beyond.detail.find("tolerance n*eps") != std::string::npos, beyond.detail.c_str());
    }
  }
};

QTEST_GUILESS_MAIN(TestMatmul)
#include "tst_matmul.moc"
