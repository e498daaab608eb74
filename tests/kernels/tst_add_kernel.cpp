// The add kernel: every CPU variant against the reference, the data helpers, and stopping.
#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

#include "add/add_verify.h"
#include "arrays/array_data.h"
#include "kernel_driver.h"

using namespace accellab;
using accellab::test::kernelNamed;

Q_DECLARE_METATYPE(accellab::DType)

namespace {

Params addParams(std::uint64_t z, std::uint64_t y, std::uint64_t x, DType dtype) {
  Params params;
  params.shape = Shape3{z, y, x};
  params.dtype = dtype;
  params.seed = 42;
  return params;
}

}  // namespace

class TestAddKernel : public QObject {
  Q_OBJECT

 private slots:
  void variantsMatchReference_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("z");
    QTest::addColumn<int>("y");
    QTest::addColumn<int>("x");
    QTest::addColumn<DType>("dtype");
    struct Run {
      const char* variant;
      int threads;
    };
    const Run runs[] = {
        {"loop", 1}, {"loop-strided", 1}, {"vectorized", 1}, {"parallel", 1}, {"parallel", 2}};
    // 2x3x1031: x is prime and > 64, a multiple of no vector width.
    const int shapes[][3] = {{1, 1, 1}, {3, 5, 7}, {17, 31, 67}, {2, 3, 1031}};
    for (const Run& run : runs) {
      for (const auto& s : shapes) {
        for (const DType dtype : {DType::f32, DType::f64}) {
          QTest::addRow("%s x%d %dx%dx%d %s", run.variant, run.threads, s[0], s[1], s[2],
                        dtype == DType::f32 ? "f32" : "f64")
              << run.variant << run.threads << s[0] << s[1] << s[2] << dtype;
        }
      }
    }
  }

  void variantsMatchReference() {
    QFETCH(QString, variant);
    QFETCH(int, threads);
    QFETCH(int, z);
    QFETCH(int, y);
    QFETCH(int, x);
    QFETCH(DType, dtype);
    const Kernel& add = kernelNamed("add");
    const std::string reason = test::unavailableReason(add, variant.toStdString());
    if (!reason.empty()) QSKIP(reason.c_str());

    const auto done =
        test::prepareRunVerify(add, addParams(z, y, x, dtype), variant.toStdString(), threads);
    QVERIFY(!done.outcome.cancelled);
    QVERIFY(!done.outcome.gpu);
    QVERIFY2(done.verification.ok, done.verification.detail.c_str());
    const auto n = static_cast<std::uint64_t>(z) * y * x;
    QCOMPARE(done.verification.detail, "max |error| 0 over " + std::to_string(n) + " elements");
    QVERIFY(!done.verification.fingerprint);
    QVERIFY(!done.isa.empty());
  }

  // A run that has not happened leaves the poison: verify must see every element of it.
  void poisonedOutputFailsVerification() {
    const auto run =
        kernelNamed("add").prepare(addParams(3, 5, 7, DType::f64), "loop", {.threads = 1});
    run->poisonOutput();
    const Verification verification = run->verify();
    QVERIFY(!verification.ok);
    QVERIFY2(verification.detail.starts_with("105 of 105 elements differ; first at [0][0][0]"),
             verification.detail.c_str());
  }

  void verifyNamesTheOnlyWrongElement_data() {
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("where");
    QTest::newRow("first") << 0 << "[0][0][0]";
    QTest::newRow("inside") << 38 << "[1][0][3]";  // 38 = 1*35 + 0*7 + 3
    QTest::newRow("last, as a kernel skipping its tail would") << 104 << "[2][4][6]";
  }

  void verifyNamesTheOnlyWrongElement() {
    QFETCH(int, index);
    QFETCH(QString, where);
    const Shape3 shape{3, 5, 7};
    std::vector<double> in(105);
    std::vector<double> out(105);
    kernels::fillUniform<double>(in, 7);
    for (std::size_t i = 0; i < in.size(); ++i) out[i] = in[i] + 2;
    QVERIFY(kernels::verifyAdd<double>(in, out, shape).ok);

    // One unit in the last place is already wrong: the comparison is exact.
    out[index] = std::nextafter(out[index], 10.0);
    const Verification verification = kernels::verifyAdd<double>(in, out, shape);
    QVERIFY(!verification.ok);
    QVERIFY2(verification.detail.starts_with("1 of 105 elements differ; first at " +
                                             where.toStdString() + ": got "),
             verification.detail.c_str());
  }

  void inputsAreSeededAndInOneToTwo() {
    std::vector<float> a(10000);
    std::vector<float> b(10000);
    std::vector<float> c(10000);
    kernels::fillUniform<float>(a, 1);
    kernels::fillUniform<float>(b, 1);
    kernels::fillUniform<float>(c, 2);
    QVERIFY(a == b);
    QVERIFY(a != c);
    float low = 2;
    float high = 1;
    for (const float v : a) {
      QVERIFY(v >= 1.0f && v < 2.0f);
      low = std::min(low, v);
      high = std::max(high, v);
    }
    QVERIFY(low < 1.01f);
    QVERIFY(high > 1.99f);
  }

  void poisonIsNaN() {
    std::vector<double> out(17, 1.0);
    kernels::poison<double>(out);
    for (const double v : out) QVERIFY(std::isnan(v));
  }

  void workloadAndMemory() {
    const Kernel& add = kernelNamed("add");
    const Params params = addParams(4, 5, 6, DType::f32);
    const Workload workload = add.workload(params);
    QCOMPARE(workload.elements, std::uint64_t{120});
    QCOMPARE(workload.bytes, std::uint64_t{2 * 120 * 4});
    QCOMPARE(add.memoryNeed(params, "loop").hostBytes, std::uint64_t{960});
    QCOMPARE(add.memoryNeed(params, "loop").deviceBytes, std::uint64_t{0});
    QCOMPARE(add.memoryNeed(params, "gpu").deviceBytes, std::uint64_t{960});
    // The Python child computes on NumPy's own copies of both arrays.
    QCOMPARE(add.memoryNeed(params, "numpy-out").hostBytes, std::uint64_t{2 * 960});
    QCOMPARE(add.memoryNeed(params, "python-loop").hostBytes, std::uint64_t{2 * 960});
  }

  void stopBeforeRunCancelsAtOnce_data() {
    QTest::addColumn<QString>("variant");
    for (const char* v : {"loop", "loop-strided", "vectorized", "parallel"}) QTest::newRow(v) << v;
  }

  void stopBeforeRunCancelsAtOnce() {
    QFETCH(QString, variant);
    const Kernel& add = kernelNamed("add");
    const std::string reason = test::unavailableReason(add, variant.toStdString());
    if (!reason.empty()) QSKIP(reason.c_str());
    const auto run =
        add.prepare(addParams(64, 64, 1024, DType::f32), variant.toStdString(), {.threads = 2});
    run->poisonOutput();
    std::stop_source source;
    source.request_stop();
    QVERIFY(run->run(source.get_token()).cancelled);
    QVERIFY(!run->verify().ok);  // nothing (or not everything) was written
  }

  // The cache-hostile loop over 128 Mi elements takes seconds; a stop must end it in < 0.5 s.
  void stopDuringRunEndsItQuickly() {
    const auto run = kernelNamed("add").prepare(addParams(1 << 13, 1 << 10, 16, DType::f32),
                                                "loop-strided", {.threads = 1});
    const test::Cancellation cancellation =
        test::cancelMidRun(*run, std::chrono::milliseconds(100));
    QVERIFY(cancellation.cancelled);
    QVERIFY2(cancellation.secondsAfterRequest < 0.5,
             std::to_string(cancellation.secondsAfterRequest).c_str());
  }

  void missingShapeIsAnError() {
    Params params;
    params.shape.reset();
    QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                             kernelNamed("add").prepare(params, "loop", {.threads = 1}));
    QVERIFY_THROWS_EXCEPTION(
        std::runtime_error,
        kernelNamed("add").prepare(addParams(1, 1, 1, DType::f64), "nope", {.threads = 1}));
  }
};

QTEST_GUILESS_MAIN(TestAddKernel)
#include "tst_add_kernel.moc"
