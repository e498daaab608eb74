// The stencil kernel: each CPU sweep on a field whose answer is known by hand, the boundary
// rule, the reference check's tolerance edges, the cache blocks, and stopping.
#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

#if ACCELLAB_HAS_HIGHWAY
#include <hwy/targets.h>
#endif

#include "cpu/simd.h"
#include "kernel_driver.h"
#include "stencil/stencil_blocks.h"
#include "stencil/stencil_sweep.h"
#include "stencil/stencil_verify.h"

using namespace accellab;
using namespace accellab::kernels::stencil;
using accellab::test::kernelNamed;

Q_DECLARE_METATYPE(accellab::DType)

namespace {

Params stencilParams(const Shape3& shape, DType dtype) {
  Params params;
  params.shape = shape;
  params.dtype = dtype;
  params.seed = 7;
  return params;
}

// f = x^2 + 2 y^2 + 4 z^2: each pair of neighbours along an axis sums to twice the centre
// plus twice the axis' weight, so inside, 0.25 f + 0.125 (6 f + 2 + 4 + 8) = f + 1.75. Small
// integers and quarters: exact in f32 and f64, in any order of summation.
double field(std::uint64_t z, std::uint64_t y, std::uint64_t x) {
  return double(x * x + 2 * y * y + 4 * z * z);
}

template <class T>
std::vector<T> fieldOn(const Shape3& shape) {
  std::vector<T> values;
  for (std::uint64_t z = 0; z < shape.z; ++z)
    for (std::uint64_t y = 0; y < shape.y; ++y)
      for (std::uint64_t x = 0; x < shape.x; ++x) values.push_back(T(field(z, y, x)));
  return values;
}

// The sweep of each CPU variant; the SIMD ones exist where the build has Highway.
template <class T>
bool sweepBy(const QString& variant, const T* in, T* out, const Shape3& shape) {
  if (variant == "loop") return sweepLoop(in, out, shape, {});
#if ACCELLAB_HAS_HIGHWAY
  if (variant == "vectorized")
    return sweepVectorized(in, out, shape, kernels::simd::Stores::cached, {});
  if (variant == "parallel")
    return sweepParallel(in, out, shape, 2, kernels::simd::Stores::cached, {}).complete;
#endif
  qFatal("no sweep %s", qPrintable(variant));
}

// Forces one Highway target (0: back to what the CPU has); false where the build has none.
bool forceTarget(std::int64_t target) {
#if ACCELLAB_HAS_HIGHWAY
  hwy::SetSupportedTargetsForTest(target);
  return true;
#else
  static_cast<void>(target);
  return false;
#endif
}

// The Highway targets this CPU supports, by bit; empty without Highway.
std::vector<std::int64_t> supportedTargets() {
  std::vector<std::int64_t> targets;
#if ACCELLAB_HAS_HIGHWAY
  const std::int64_t supported = hwy::SupportedTargets();
  for (std::int64_t bit = 1; bit != 0 && bit <= supported; bit <<= 1)
    if ((supported & bit) != 0) targets.push_back(bit);
#endif
  return targets;
}

// A 3x3x3 grid of ones: the one interior point is 0.25 + 0.125 * 6 = 1, a power of two,
// where an ulp is exactly epsilon.
template <class T>
struct OnesCube {
  Shape3 shape{3, 3, 3};
  std::vector<T> in = std::vector<T>(27, T(1));
  std::vector<T> out = std::vector<T>(27, T(1));
  static constexpr std::size_t kCentre = 13;  // [1][1][1]
  Verification verify() const { return verifyStencil<T>(in, out, shape); }
};

}  // namespace

class TestStencil : public QObject {
  Q_OBJECT

 private slots:
  void sweepsMatchTheHandComputedField_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("z");
    QTest::addColumn<int>("y");
    QTest::addColumn<int>("x");
    QTest::addColumn<DType>("dtype");
    const Kernel& stencil = kernelNamed("stencil");
    // 3x3x3 and 4x4x4: one and eight interior points; 6x9x37: rows no vector width divides;
    // 40x60x613: several slabs of rows (stencil_blocks.h: 15 rows in f64 for a 512 KiB L2).
    const int shapes[][3] = {{3, 3, 3}, {4, 4, 4}, {6, 9, 37}, {40, 60, 613}};
    for (const VariantInfo& variant : stencil.info().variants) {
      if (variant.onDevice || !variant.availability.available) continue;
      for (const auto& s : shapes) {
        for (const DType dtype : {DType::f32, DType::f64}) {
          QTest::addRow("%s %dx%dx%d %s", variant.name.c_str(), s[0], s[1], s[2],
                        dtype == DType::f32 ? "f32" : "f64")
              << QString::fromStdString(variant.name) << s[0] << s[1] << s[2] << dtype;
        }
      }
    }
  }

  // Inside: f + 1.75 exactly; on the outermost layer: f, copied.
  void sweepsMatchTheHandComputedField() {
    QFETCH(QString, variant);
    QFETCH(int, z);
    QFETCH(int, y);
    QFETCH(int, x);
    QFETCH(DType, dtype);
    const Shape3 shape{std::uint64_t(z), std::uint64_t(y), std::uint64_t(x)};
    const auto check = [&](auto zero) {
      using T = decltype(zero);
      const std::vector<T> in = fieldOn<T>(shape);
      std::vector<T> out(in.size(), std::numeric_limits<T>::quiet_NaN());
      QVERIFY(sweepBy(variant, in.data(), out.data(), shape));
      std::size_t i = 0;
      for (std::uint64_t k = 0; k < shape.z; ++k)
        for (std::uint64_t j = 0; j < shape.y; ++j)
          for (std::uint64_t m = 0; m < shape.x; ++m, ++i) {
            const double expected = field(k, j, m) + (onBoundary(shape, k, j, m) ? 0 : 1.75);
            if (double(out[i]) != expected)
              QFAIL(qPrintable(QStringLiteral("[%1][%2][%3]: got %4, expected %5")
                                   .arg(k)
                                   .arg(j)
                                   .arg(m)
                                   .arg(double(out[i]))
                                   .arg(expected)));
          }
      const Verification verification = verifyStencil<T>(in, out, shape);
      QVERIFY2(verification.ok, verification.detail.c_str());
    };
    if (dtype == DType::f32) {
      check(0.0f);
    } else {
      check(0.0);
    }
  }

  void cleanup() { forceTarget(0); }

  // Every Highway target this CPU supports, not only the best: another machine dispatches to
  // another (the GPU machine's AVX3, say). Both store modes, on rows whose starts fall off
  // every vector boundary (the streaming head).
  void everyTargetSweepsTheField_data() {
    QTest::addColumn<qint64>("target");
#if ACCELLAB_HAS_HIGHWAY
    for (const std::int64_t target : supportedTargets())
      QTest::newRow(hwy::TargetName(target)) << qint64(target);
#endif
  }

  void everyTargetSweepsTheField() {
    QFETCH(qint64, target);
    QVERIFY(forceTarget(target));
    const std::string name = kernels::simd::targetName();
#if ACCELLAB_HAS_HIGHWAY
    if (name != hwy::TargetName(target)) QSKIP(("not compiled in; runs " + name).c_str());
#endif
    const Shape3 shape{5, 6, 37};
    const Block whole{0, shape.y, 0, shape.z};
    const auto check = [&](auto zero) {
      using T = decltype(zero);
      const std::vector<T> in = fieldOn<T>(shape);
      for (const auto stores : {kernels::simd::Stores::cached, kernels::simd::Stores::streaming}) {
        std::vector<T> out(in.size(), std::numeric_limits<T>::quiet_NaN());
        sweepBlock(in.data(), out.data(), shape, whole, stores);
        std::size_t i = 0;
        for (std::uint64_t k = 0; k < shape.z; ++k)
          for (std::uint64_t j = 0; j < shape.y; ++j)
            for (std::uint64_t m = 0; m < shape.x; ++m, ++i)
              QCOMPARE(double(out[i]), field(k, j, m) + (onBoundary(shape, k, j, m) ? 0 : 1.75));
      }
    };
    check(0.0f);
    check(0.0);
  }

  // The 3x3x3 case by hand: ones everywhere but a centre of 9 and its +x neighbour of 3
  // (a boundary point): 0.25 * 9 + 0.125 * (3 + 5 * 1) = 3.25; the 26 others are copied.
  void threeCubeByHand() {
    std::vector<double> in(27, 1.0);
    in[13] = 9;
    in[14] = 3;
    std::vector<double> out(27, std::numeric_limits<double>::quiet_NaN());
    QVERIFY(sweepLoop(in.data(), out.data(), Shape3{3, 3, 3}, {}));
    QCOMPARE(out[13], 3.25);
    for (std::size_t i = 0; i < 27; ++i)
      if (i != 13) QCOMPARE(out[i], in[i]);
    QVERIFY(verifyStencil<double>(in, out, Shape3{3, 3, 3}).ok);
  }

  // The tolerance is kToleranceUlp relative: at it passes, one ulp beyond fails, and the
  // detail says where and by how much.
  void toleranceEdges() {
    OnesCube<float> cube;
    cube.out[cube.kCentre] = 1 + 4 * std::numeric_limits<float>::epsilon();
    Verification at = cube.verify();
    QVERIFY2(at.ok, at.detail.c_str());
    QVERIFY2(at.detail.starts_with("max relative error 4 ulp over 1 interior points"),
             at.detail.c_str());
    QVERIFY2(at.detail.ends_with("26 boundary points copied exactly"), at.detail.c_str());

    cube.out[cube.kCentre] = 1 + 5 * std::numeric_limits<float>::epsilon();
    const Verification beyond = cube.verify();
    QVERIFY(!beyond.ok);
    QVERIFY2(beyond.detail.starts_with("1 of 27 points differ beyond 4 ulp; first at [1][1][1]"),
             beyond.detail.c_str());

    OnesCube<double> wide;
    wide.out[wide.kCentre] = 1 - 4 * std::numeric_limits<double>::epsilon();
    QVERIFY(wide.verify().ok);
    wide.out[wide.kCentre] = 1 - 5 * std::numeric_limits<double>::epsilon();
    QVERIFY(!wide.verify().ok);
  }

  // The boundary is copied bit for bit: one ulp off, or a NaN left there, fails.
  void boundaryMustBeCopiedExactly() {
    OnesCube<double> cube;
    cube.out[26] = std::nextafter(1.0, 2.0);
    Verification off = cube.verify();
    QVERIFY(!off.ok);
    QVERIFY2(off.detail.starts_with("1 of 27 points differ beyond 4 ulp; first at [2][2][2]"),
             off.detail.c_str());
    cube.out[26] = 1;
    cube.out[0] = std::numeric_limits<double>::quiet_NaN();
    QVERIFY(!cube.verify().ok);
    cube.out[0] = 1;
    QVERIFY(cube.verify().ok);
  }

  // The blocks cover every row of every plane once, hold three planes of (rows + 2) rows in
  // half the cache, and march at least 16 planes where the grid has them.
  void blocksPartitionTheGrid_data() {
    QTest::addColumn<int>("z");
    QTest::addColumn<int>("y");
    QTest::addColumn<int>("x");
    QTest::addColumn<int>("cacheKiB");
    QTest::newRow("one block") << 3 << 5 << 7 << 512;
    QTest::newRow("rows limited by the cache") << 40 << 100 << 613 << 64;
    QTest::newRow("a row beyond the cache") << 20 << 7 << 100000 << 256;
    QTest::newRow("planes in several runs") << 300 << 20 << 613 << 512;
  }

  void blocksPartitionTheGrid() {
    QFETCH(int, z);
    QFETCH(int, y);
    QFETCH(int, x);
    QFETCH(int, cacheKiB);
    const Shape3 shape{std::uint64_t(z), std::uint64_t(y), std::uint64_t(x)};
    const std::uint64_t cache = std::uint64_t(cacheKiB) << 10;
    const Blocking blocking = blockingFor(shape, sizeof(double), cache);
    if (blocking.rows > 1) QVERIFY(3 * (blocking.rows + 2) * shape.x * 8 <= cache / 2);
    QVERIFY(blocking.planes >= std::min<std::uint64_t>(16, shape.z));
    std::vector<int> visits(shape.z * shape.y, 0);
    for (std::uint64_t b = 0; b < blocking.count(); ++b) {
      const Block block = blocking.block(b);
      QVERIFY(block.y0 < block.y1 && block.y1 <= shape.y);
      QVERIFY(block.z0 < block.z1 && block.z1 <= shape.z);
      for (std::uint64_t k = block.z0; k < block.z1; ++k)
        for (std::uint64_t j = block.y0; j < block.y1; ++j) ++visits[k * shape.y + j];
    }
    QVERIFY(std::all_of(visits.begin(), visits.end(), [](int n) { return n == 1; }));
  }

  // Through the Kernel interface on random inputs larger than one block.
  void variantsVerifyOnSeveralBlocks_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<DType>("dtype");
    for (const char* v : {"loop", "vectorized", "parallel"})
      for (const DType dtype : {DType::f32, DType::f64})
        QTest::addRow("%s %s", v, dtype == DType::f32 ? "f32" : "f64") << v << dtype;
  }

  void variantsVerifyOnSeveralBlocks() {
    QFETCH(QString, variant);
    QFETCH(DType, dtype);
    const Kernel& stencil = kernelNamed("stencil");
    const std::string reason = test::unavailableReason(stencil, variant.toStdString());
    if (!reason.empty()) QSKIP(reason.c_str());
    const Shape3 shape{300, 20, 613};
    const auto done =
        test::prepareRunVerify(stencil, stencilParams(shape, dtype), variant.toStdString(), 2);
    QVERIFY(!done.outcome.cancelled);
    QVERIFY2(done.verification.ok, done.verification.detail.c_str());
    QVERIFY(!done.isa.empty());
  }

  void workloadFollowsTheIssuesRule() {
    const Kernel& stencil = kernelNamed("stencil");
    const Workload f64 = stencil.workload(stencilParams({3, 5, 7}, DType::f64));
    QCOMPARE(f64.elements, std::uint64_t{105});
    QCOMPARE(f64.bytes, std::uint64_t{105 * 16});
    QCOMPARE(f64.flops, std::uint64_t{105 * 8});
    QCOMPARE(stencil.workload(stencilParams({3, 5, 7}, DType::f32)).bytes, std::uint64_t{105 * 8});
  }

  void stopDuringRunEndsItQuickly_data() {
    QTest::addColumn<QString>("variant");
    for (const char* v : {"loop", "vectorized", "parallel"}) QTest::newRow(v) << v;
  }

  // 128 Mi points: the scalar loop takes about a second; a stop must end any sweep in < 0.5 s.
  void stopDuringRunEndsItQuickly() {
    QFETCH(QString, variant);
    const Kernel& stencil = kernelNamed("stencil");
    const std::string reason = test::unavailableReason(stencil, variant.toStdString());
    if (!reason.empty()) QSKIP(reason.c_str());
    const auto run = stencil.prepare(stencilParams({512, 512, 512}, DType::f32),
                                     variant.toStdString(), {.threads = 2});
    const test::Cancellation cancellation = test::cancelMidRun(*run, std::chrono::milliseconds(50));
    QVERIFY(cancellation.cancelled);
    QVERIFY2(cancellation.secondsAfterRequest < 0.5,
             std::to_string(cancellation.secondsAfterRequest).c_str());
  }
};

QTEST_APPLESS_MAIN(TestStencil)
#include "tst_stencil.moc"
