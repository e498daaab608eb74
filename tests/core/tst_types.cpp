// Value types, parameter validation, the registry and point names.
#include <QtTest>

#include "accellab/registry.h"
#include "accellab/result.h"
#include "fake_kernel.h"

using namespace accellab;

namespace {

Params shapeParams(Shape3 shape, DType dtype = DType::f64) {
  Params params;
  params.shape = shape;
  params.dtype = dtype;
  return params;
}

Params sampleParams(std::uint64_t samples) {
  Params params;
  params.samples = samples;
  return params;
}

}  // namespace

class TestTypes : public QObject {
  Q_OBJECT

 private slots:
  void dtypes() {
    QCOMPARE(toString(DType::f32), std::string_view("f32"));
    QVERIFY(parseDType("f64") == DType::f64);
    QVERIFY(!parseDType("f16"));
    QCOMPARE(sizeOf(DType::f32), std::size_t{4});
    QCOMPARE(sizeOf(DType::f64), std::size_t{8});
  }

  void sizes() {
    QCOMPARE(checkedMul(1ull << 32, 1ull << 31), std::optional(1ull << 63));
    QCOMPARE(checkedMul(1ull << 32, 1ull << 32), std::optional<std::uint64_t>());
    QCOMPARE(checkedMul(0, ~0ull), std::optional<std::uint64_t>(0));
    QCOMPARE(elementCount({3, 5, 7}), std::optional<std::uint64_t>(105));
    QCOMPARE(elementCount({1ull << 32, 1ull << 32, 1}), std::optional<std::uint64_t>());
    QCOMPARE(boundedElementCount({1ull << 20, 1ull << 20, 1ull << 19}),
             std::optional(kMaxElements));  // 2^59: the largest allowed
    QCOMPARE(boundedElementCount({1ull << 20, 1ull << 20, (1ull << 19) + 1}),
             std::optional<std::uint64_t>());
    QCOMPARE(boundedElementCount({1ull << 32, 1ull << 32, 1}), std::optional<std::uint64_t>());
    QCOMPARE(toString(Shape3{1024, 1024, 512}), std::string("1024x1024x512"));
  }

  void describeParams() {
    QCOMPARE(describe(shapeParams({1024, 1024, 512}, DType::f32)),
             std::string("1024x1024x512 f32"));
    QCOMPARE(describe(sampleParams(1000000000)), std::string("1e9 samples"));
    QCOMPARE(problemSize(shapeParams({3, 5, 7})), std::uint64_t{105});
    QCOMPARE(problemSize(sampleParams(42)), std::uint64_t{42});
  }

  void describePoint() {
    const Params params = shapeParams({1024, 1024, 512});
    QCOMPARE(describe(Point{"add", "parallel", params, 2}),
             std::string("add parallel 1024x1024x512 f64 x2 threads"));
    QCOMPARE(describe(Point{"add", "loop", params, 1}), std::string("add loop 1024x1024x512 f64"));
    QCOMPARE(describe(Point{"add", "mpi", params, 1, 2}),
             std::string("add mpi 1024x1024x512 f64 x2 ranks x1 thread"));
    QCOMPARE(describe(Point{"add", "mpi", params, 2, 4}),
             std::string("add mpi 1024x1024x512 f64 x4 ranks x2 threads"));
    QCOMPARE(describe(Point{"add", "mpi", params, 2, 1}),
             std::string("add mpi 1024x1024x512 f64 x2 threads"));
  }

  void pointStatus() {
    for (auto status :
         {PointStatus::ok, PointStatus::skipped, PointStatus::failed, PointStatus::cancelled})
      QVERIFY(parsePointStatus(toString(status)) == status);
    QCOMPARE(toString(PointStatus::skipped), std::string_view("skipped"));
    QVERIFY(!parsePointStatus("done"));
  }

  void validateParams_data() {
    QTest::addColumn<bool>("sampling");
    QTest::addColumn<quint64>("z");
    QTest::addColumn<quint64>("samples");
    QTest::addColumn<int>("dtype");
    QTest::addColumn<QString>("problem");
    const auto f64 = static_cast<int>(DType::f64);
    QTest::newRow("good shape") << false << quint64(3) << quint64(0) << f64 << QString();
    QTest::newRow("zero extent") << false << quint64(0) << quint64(0) << f64
                                 << "shape 0x5x7 has a zero extent";
    QTest::newRow("overflow") << false << quint64(1ull << 62) << quint64(0) << f64
                              << "shape 4611686018427387904x5x7 product overflows 64 bits";
    QTest::newRow("too many bytes") << false << quint64(1ull << 58) << quint64(0) << f64
                                    << "shape 288230376151711744x5x7 has more than 2^59 elements: "
                                       "its bytes overflow 64-bit offsets";
    QTest::newRow("good samples") << true << quint64(0) << quint64(1000) << f64 << QString();
    QTest::newRow("zero samples") << true << quint64(0) << quint64(0) << f64
                                  << "samples must be positive";
    QTest::newRow("samples over 2^63")
        << true << quint64(0) << quint64((1ull << 63) + 1) << f64 << "samples must not exceed 2^63";
  }
  void validateParams() {
    QFETCH(bool, sampling);
    QFETCH(quint64, z);
    QFETCH(quint64, samples);
    QFETCH(int, dtype);
    QFETCH(QString, problem);
    test::FakeScript script;
    const test::FakeKernel kernel(script, "k",
                                  sampling ? ProblemKind::samples : ProblemKind::array3d);
    Params params;
    params.dtype = static_cast<DType>(dtype);
    if (sampling)
      params.samples = samples;
    else
      params.shape = Shape3{z, 5, 7};
    const auto result = accellab::validateParams(kernel.info(), params);
    QCOMPARE(QString::fromStdString(result.value_or("")), problem);
  }

  void validateParamsNeedsTheRightSize() {
    test::FakeScript script;
    const test::FakeKernel array(script, "arr");
    const test::FakeKernel sampling(script, "pi", ProblemKind::samples);
    QCOMPARE(accellab::validateParams(array.info(), sampleParams(5)),
             std::optional<std::string>("arr needs a shape (ZxYxX)"));
    QCOMPARE(accellab::validateParams(sampling.info(), shapeParams({})),
             std::optional<std::string>("pi needs a sample count"));
  }

  void variantLookup() {
    test::FakeScript script;
    const test::FakeKernel kernel(script);
    QVERIFY(kernel.info().variant("gpu") != nullptr);
    QVERIFY(kernel.info().variant("gpu")->onDevice);
    QCOMPARE(kernel.info().variant("warp"), nullptr);
  }

  void registry() {
    test::FakeScript script;
    Registry registry;
    registry.add(std::make_unique<test::FakeKernel>(script, "add"));
    registry.add(std::make_unique<test::FakeKernel>(script, "pi", ProblemKind::samples));
    QCOMPARE(registry.kernels().size(), std::size_t{2});
    QCOMPARE(registry.kernels()[0]->info().name, std::string("add"));
    QCOMPARE(registry.find("pi")->info().name, std::string("pi"));
    QCOMPARE(registry.find("mul"), nullptr);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             registry.add(std::make_unique<test::FakeKernel>(script, "add")));
    QCOMPARE(registry.kernels().size(), std::size_t{2});
  }
};

QTEST_APPLESS_MAIN(TestTypes)
#include "tst_types.moc"
