// The pi kernel: the generator against SplitMix64's published stream, identical hit counts
// across variants and thread counts, the 5-standard-error check, and stopping.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "kernel_driver.h"
#include "pi/pi_estimate.h"
#include "pi/pi_sampler.h"
#include "pi/pi_variants.h"

using namespace accellab;
using accellab::test::kernelNamed;

namespace {

Params piParams(std::uint64_t samples, std::uint64_t seed = 20261130) {
  Params params;
  params.shape.reset();
  params.samples = samples;
  params.seed = seed;
  return params;
}

struct VariantRun {
  const char* variant;
  int threads;
};
constexpr VariantRun kCpuRuns[] = {{"loop", 1},     {"vectorized", 1}, {"parallel", 1},
                                   {"parallel", 2}, {"parallel", 3},   {"std-par", 1},
                                   {"std-par", 2}};

}  // namespace

class TestPiKernel : public QObject {
  Q_OBJECT

 private slots:
  // SplitMix64 seeded with 1234567 (Vigna's reference code) starts with these outputs.
  void samplerIsSplitMix64() {
    const std::uint64_t expected[] = {6457827717110365317ull, 3203168211198807973ull,
                                      9817491932198370423ull, 4593380528125082431ull,
                                      16408922859458223821ull};
    std::uint64_t state = 1234567;
    for (const std::uint64_t value : expected) {
      state += kernels::rng::kGamma;
      QCOMPARE(kernels::rng::mix(state), value);
    }
  }

  void outsideIsTheExactQuarterCircleTest() {
    // Sample i is outside iff x*x + y*y >= 2^62 for its x = top 31 bits, y = low 31 bits.
    const std::uint64_t key = kernels::rng::streamKey(5);
    int outside = 0;
    for (std::uint64_t i = 0; i < 1000; ++i) {
      const std::uint64_t bits = kernels::rng::mix(key + (i + 1) * kernels::rng::kGamma);
      const double x = std::ldexp(static_cast<double>(bits >> 33), -31);
      const double y = std::ldexp(static_cast<double>(bits & 0x7FFFFFFF), -31);
      const std::uint64_t got = kernels::pi::outside(key, i);
      QCOMPARE(got, x * x + y * y >= 1.0 ? 1u : 0u);
      outside += static_cast<int>(got);
    }
    QVERIFY(outside > 150 && outside < 280);  // 1 - pi/4 = 21.5 %
  }

  void hitCountsIdenticalAcrossVariants_data() {
    QTest::addColumn<qulonglong>("samples");
    // 1, odd sizes that fill no vector, and sizes across several kPiChunkSamples chunks.
    for (const qulonglong n :
         {1ull, 2ull, 7ull, 63ull, 1031ull, 100003ull, (1ull << 24) + 5, (3ull << 23) + 11}) {
      QTest::addRow("%llu", n) << n;
    }
  }

  void hitCountsIdenticalAcrossVariants() {
    QFETCH(qulonglong, samples);
    const Kernel& pi = kernelNamed("pi");
    const std::uint64_t key = kernels::rng::streamKey(piParams(samples).seed);
    const std::uint64_t reference = samples - kernels::pi::countOutsideLoop(key, 0, samples);
    for (const VariantRun& run : kCpuRuns) {
      if (!test::unavailableReason(pi, run.variant).empty()) continue;
      const auto done = test::prepareRunVerify(pi, piParams(samples), run.variant, run.threads);
      QVERIFY(!done.outcome.cancelled);
      QVERIFY2(done.verification.fingerprint == reference,
               (std::string(run.variant) + " x" + std::to_string(run.threads)).c_str());
      QVERIFY2(done.verification.ok, done.verification.detail.c_str());
    }
  }

  void seedChangesTheSamples() {
    const Kernel& pi = kernelNamed("pi");
    const auto a = test::prepareRunVerify(pi, piParams(100000, 1), "loop", 1);
    const auto b = test::prepareRunVerify(pi, piParams(100000, 2), "loop", 1);
    QVERIFY(a.verification.fingerprint != b.verification.fingerprint);
  }

  void estimateWithinFiveStandardErrors() {
    const auto done = test::prepareRunVerify(kernelNamed("pi"), piParams(3'000'000), "parallel", 2);
    QVERIFY2(done.verification.ok, done.verification.detail.c_str());
    const double hits = static_cast<double>(*done.verification.fingerprint);
    const double standardError =
        4 * std::sqrt(std::numbers::pi / 4 * (1 - std::numbers::pi / 4) / 3e6);
    QVERIFY(std::abs(4 * hits / 3e6 - std::numbers::pi) <= 5 * standardError);
  }

  void verifyJudgesTheEstimate_data() {
    QTest::addColumn<qulonglong>("hits");
    QTest::addColumn<qulonglong>("samples");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("detail");
    QTest::newRow("on pi") << 785398163ull << 1000000000ull << true
                           << "785398163 hits, pi ~ 3.14159265 (0.0 SE)";
    QTest::newRow("4.8 SE low") << 785336163ull << 1000000000ull << true
                                << "785336163 hits, pi ~ 3.14134465 (4.8 SE)";
    QTest::newRow("4.99 SE high") << 785463063ull << 1000000000ull << true
                                  << "785463063 hits, pi ~ 3.14185225 (5.0 SE)";
    QTest::newRow("5.01 SE high")
        << 785463163ull << 1000000000ull << false
        << "785463163 hits, pi ~ 3.14185265 (5.0 SE): more than 5 SE from pi";
    QTest::newRow("far off")
        << 780000000ull << 1000000000ull << false
        << "780000000 hits, pi ~ 3.12000000 (415.8 SE): more than 5 SE from pi";
    QTest::newRow("all hits") << 1000ull << 1000ull << false
                              << "1000 hits, pi ~ 4.00000000 (16.5 SE): more than 5 SE from pi";
  }

  void verifyJudgesTheEstimate() {
    QFETCH(qulonglong, hits);
    QFETCH(qulonglong, samples);
    QFETCH(bool, ok);
    QFETCH(QString, detail);
    const Verification verification = kernels::verifyPi(hits, samples);
    QCOMPARE(verification.ok, ok);
    QCOMPARE(QString::fromStdString(verification.detail), detail);
    QCOMPARE(verification.fingerprint, std::optional<std::uint64_t>(hits));
  }

  void noRunNoVerification() {
    const auto run = kernelNamed("pi").prepare(piParams(10), "loop", {.threads = 1});
    run->poisonOutput();
    QVERIFY(!run->verify().ok);
    QVERIFY(!run->verify().fingerprint);
  }

  void infoAndWorkload() {
    const Kernel& pi = kernelNamed("pi");
    QVERIFY(pi.info().dtypes.empty());
    QCOMPARE(pi.info().problem, ProblemKind::samples);
    QCOMPARE(pi.info().defaults.samples, std::optional<std::uint64_t>(30'000'000));
    QCOMPARE(pi.workload(piParams(12345)).elements, std::uint64_t{12345});
    QCOMPARE(pi.workload(piParams(12345)).bytes, std::uint64_t{0});
    QVERIFY(pi.info().variant("loop-strided") == nullptr);
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, pi.prepare(piParams(0), "loop", {.threads = 1}));
  }

  // 1e10 samples take minutes: a stop request must end every CPU variant within 0.5 s.
  void stopDuringRunEndsItQuickly_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("threads");
    for (const VariantRun& run : kCpuRuns) {
      QTest::addRow("%s x%d", run.variant, run.threads) << run.variant << run.threads;
    }
  }

  void stopDuringRunEndsItQuickly() {
    QFETCH(QString, variant);
    QFETCH(int, threads);
    const Kernel& pi = kernelNamed("pi");
    const std::string reason = test::unavailableReason(pi, variant.toStdString());
    if (!reason.empty()) QSKIP(reason.c_str());
    const auto run =
        pi.prepare(piParams(10'000'000'000ull), variant.toStdString(), {.threads = threads});
    const test::Cancellation cancellation = test::cancelMidRun(*run, std::chrono::milliseconds(50));
    QVERIFY(cancellation.cancelled);
    QVERIFY2(cancellation.secondsAfterRequest < 0.5,
             std::to_string(cancellation.secondsAfterRequest).c_str());
    QVERIFY(!run->verify().ok);
  }
};

QTEST_GUILESS_MAIN(TestPiKernel)
#include "tst_pi_kernel.moc"
