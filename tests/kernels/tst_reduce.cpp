// What is specific to reduce: the exact reference on hand-computed sums, tolerances that a
// plain float sum fails and the compensated one meets, a parallel sum independent of the
// thread count, the counted work, and stopping.
#include <QtTest>

#include <cmath>
#include <limits>
#include <regex>
#include <vector>

#include "arrays/array_data.h"
#include "kernel_driver.h"
#include "reduce/compensated_sum.h"
#include "reduce/reduce_verify.h"

using namespace accellab;
using accellab::test::kernelNamed;
using namespace accellab::kernels::reduce;

namespace {

Params reduceParams(std::uint64_t z, std::uint64_t y, std::uint64_t x, DType dtype) {
  Params params;
  params.shape = Shape3{z, y, x};
  params.dtype = dtype;
  return params;
}

// The sum a run reports, as its verification prints it.
std::string reportedSum(const Verification& verification) {
  std::smatch match;
  const bool found = std::regex_search(verification.detail, match, std::regex("^sum (\\S+),"));
  return found ? match[1].str() : std::string();
}

}  // namespace

class TestReduce : public QObject {
  Q_OBJECT

 private slots:
  // 1 + 1.5 + 1.25 + 1.9999999999999998 = 5.7499999999999998 exactly; the tolerance is 16 u
  // of it, 16 * 2^-53 * 5.75 (about 1e-14), so 4 ulps (of 8.9e-16) pass and 32 do not.
  void comparesWithTheExactSum_data() {
    QTest::addColumn<int>("ulps");
    QTest::addColumn<bool>("ok");
    QTest::newRow("exact") << 0 << true;
    QTest::newRow("4 ulps") << 4 << true;
    QTest::newRow("-4 ulps") << -4 << true;
    QTest::newRow("32 ulps") << 32 << false;
  }

  void comparesWithTheExactSum() {
    QFETCH(int, ulps);
    QFETCH(bool, ok);
    const double almostTwo = std::nextafter(2.0, 0.0);
    const std::vector<double> values{1, 1.5, 1.25, almostTwo};
    double sum = 3.75 + almostTwo;  // 5.75 - 2^-52: exact in double
    QCOMPARE(sum, 5.75 - std::ldexp(1.0, -52));
    const double direction = ulps < 0 ? 0.0 : 8.0;
    for (int i = 0; i < std::abs(ulps); ++i) sum = std::nextafter(sum, direction);
    const Verification v = verifyReduce<double>(values, sum, compensatedTolerance<double>());
    QCOMPARE(v.ok, ok);
    QVERIFY2(v.detail.find("exact 5.7499999999999998 over 4 elements") != std::string::npos,
             v.detail.c_str());
  }

  void poisonFails() {
    const std::vector<float> values{1.5f};
    QVERIFY(!verifyReduce<float>(values, std::numeric_limits<float>::quiet_NaN(),
                                 compensatedTolerance<float>())
                 .ok);
  }

  // 4 Mi floats near 1.5 sum to about 6e6, where a float's ulp is 0.5: a plain running sum
  // drifts far outside 16 u; the compensated one stays inside.
  void plainFloatSumFailsCompensatedPasses() {
    std::vector<float> values(std::size_t{1} << 22);
    kernels::fillUniform(std::span<float>(values), 11);
    float plain = 0;
    CompensatedSum<float> compensated;
    for (const float v : values) {
      plain += v;
      compensated.add(v);
    }
    QVERIFY(!verifyReduce<float>(values, plain, compensatedTolerance<float>()).ok);
    const Verification v =
        verifyReduce<float>(values, compensated.value(), compensatedTolerance<float>());
    QVERIFY2(v.ok, v.detail.c_str());
  }

  // Plain summation's bound grows with the block, and stops at it.
  void blockedToleranceFollowsTheBlock() {
    const double u = std::ldexp(1.0, -24);
    QCOMPARE(blockedTolerance<float>(1, 1 << 14).relative, 16 * u);
    QVERIFY(std::abs(blockedTolerance<float>(1031, 1 << 14).relative -
                     (1030 * u / (1 - 1030 * u) + 16 * u)) < 1e-12);
    QCOMPARE(blockedTolerance<float>(std::uint64_t{1} << 30, 1 << 14).relative,
             blockedTolerance<float>(1 << 14, 1 << 14).relative);
  }

  // Pieces merge in piece order: the same bits on 1 and 2 threads.
  void parallelSumDoesNotDependOnThreads() {
    const Kernel& reduce = kernelNamed("reduce");
    const std::string reason = test::unavailableReason(reduce, "parallel");
    if (!reason.empty()) QSKIP(reason.c_str());
    const Params params = reduceParams(4, 256, 1031, DType::f32);  // several pieces of 256 Ki
    const auto one = test::prepareRunVerify(reduce, params, "parallel", 1);
    const auto two = test::prepareRunVerify(reduce, params, "parallel", 2);
    QVERIFY2(one.verification.ok, one.verification.detail.c_str());
    QVERIFY(!reportedSum(one.verification).empty());
    QCOMPARE(reportedSum(two.verification), reportedSum(one.verification));
  }

  void countsOneArrayAndOneAdd() {
    const Workload f32 = kernelNamed("reduce").workload(reduceParams(3, 5, 7, DType::f32));
    QCOMPARE(f32.elements, std::uint64_t{105});
    QCOMPARE(f32.bytes, std::uint64_t{105 * 4});
    QCOMPARE(f32.flops, std::uint64_t{105});
  }

  void stopBeforeRunCancelsAtOnce_data() {
    QTest::addColumn<QString>("variant");
    for (const char* v : {"loop", "vectorized", "parallel", "std-par", "blas"})
      QTest::newRow(v) << v;
  }

  void stopBeforeRunCancelsAtOnce() {
    QFETCH(QString, variant);
    const Kernel& reduce = kernelNamed("reduce");
    const std::string reason = test::unavailableReason(reduce, variant.toStdString());
    if (!reason.empty()) QSKIP(reason.c_str());
    const auto run = reduce.prepare(reduceParams(64, 64, 1024, DType::f32), variant.toStdString(),
                                    {.threads = 2});
    run->poisonOutput();
    std::stop_source source;
    source.request_stop();
    QVERIFY(run->run(source.get_token()).cancelled);
    QVERIFY(!run->verify().ok);  // the sum stays poisoned
  }

  // 64 Mi floats through the scalar compensated loop: a stop must end it in < 0.5 s.
  void stopDuringRunEndsItQuickly() {
    const auto run = kernelNamed("reduce").prepare(reduceParams(16, 2048, 2048, DType::f32), "loop",
                                                   {.threads = 1});
    const test::Cancellation cancellation = test::cancelMidRun(*run, std::chrono::milliseconds(20));
    QVERIFY(cancellation.cancelled);
    QVERIFY2(cancellation.secondsAfterRequest < 0.5,
             std::to_string(cancellation.secondsAfterRequest).c_str());
  }
};

QTEST_GUILESS_MAIN(TestReduce)
#include "tst_reduce.moc"
