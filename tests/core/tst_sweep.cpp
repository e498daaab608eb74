// Sweep expansion: order, thread rules, defaults and errors.
#include <QtTest>

#include "accellab/session.h"
#include "accellab/sweep.h"
#include "fake_collective.h"
#include "fake_kernel.h"

using namespace accellab;

namespace {

std::vector<std::string> names(const std::vector<Point>& points) {
  std::vector<std::string> out;
  for (const auto& p : points) out.push_back(describe(p));
  return out;
}

SweepSpec specFor(const std::string& kernel, std::vector<std::string> variants = {}) {
  SweepSpec spec;
  spec.kernel = kernel;
  spec.variants = std::move(variants);
  return spec;
}

}  // namespace

class TestSweep : public QObject {
  Q_OBJECT

  test::FakeScript script_;
  Registry registry_;

 private slots:
  void initTestCase() {
    registry_.add(std::make_unique<test::FakeKernel>(script_, "fake"));
    registry_.add(std::make_unique<test::FakeKernel>(script_, "count", ProblemKind::samples));
    registry_.add(std::make_unique<test::FakeKernel>(script_, "mm", ProblemKind::parameters));
    registry_.add(std::make_unique<test::DistributedFakeKernel>(script_, "dist"));
    registry_.add(
        std::make_unique<test::DistributedFakeKernel>(script_, "dcount", ProblemKind::samples));
  }

  // The one verify sweep: `verify` and the tests of every kernel both run it, so neither can
  // drop a problem (the tests once lacked 17x31x67); every variant, opt-in too, on 1 and 2
  // threads, each parameter at its verify values.
  void verifySweepRunsTheOddProblems() {
    const KernelInfo& array = registry_.find("fake")->info();
    const SweepSpec shapes = verifySweep(array);
    QCOMPARE(shapes.shapes,
             (std::vector<Shape3>{{1, 1, 1}, {3, 5, 7}, {17, 31, 67}, {2, 3, 1031}}));
    QVERIFY(shapes.samples.empty());
    QCOMPARE(shapes.threads, (std::vector<int>{1, 2}));
    QCOMPARE(shapes.variants.size(), array.variants.size());
    QCOMPARE(verifySweep(registry_.find("count")->info()).samples,
             (std::vector<std::uint64_t>{1, 1000, 123457, 10'000'000}));
    const KernelInfo& own = registry_.find("mm")->info();
    for (const ParamSpec& param : own.parameters)
      if (!param.verifyValues.empty())
        QCOMPARE(verifySweep(own).parameters.at(param.name), param.verifyValues);
    QVERIFY(!expandSweep(verifySweep(own), registry_).empty());
  }

  // "Run Again with These Settings" reads a run's sweep back from its points: expanding it
  // gives the same points, for every kind of problem, every axis, and distributed variants.
  void aRunsPointsGiveBackTheirSweep() {
    const auto roundTrips = [&](SweepSpec spec, int worldSize = 1) {
      const std::vector<Point> points = expandSweep(spec, registry_, worldSize);
      const SweepSpec back = sweepOf(points, registry_.find(spec.kernel)->info());
      return expandSweep(back, registry_, worldSize) == points;
    };
    SweepSpec shapes = specFor("fake");
    shapes.shapes = {{2, 3, 4}, {1, 1, 9}};
    shapes.dtypes = registry_.find("fake")->info().dtypes;
    shapes.threads = {3, 1};
    shapes.seed = 7;
    QVERIFY(roundTrips(shapes));
    SweepSpec samples = specFor("count");
    samples.samples = {1000, 10};
    QVERIFY(roundTrips(samples));
    SweepSpec own = specFor("mm", {"loop"});
    own.parameters = {{"n", {128, 256}}, {"block", {16}}};
    QVERIFY(roundTrips(own));
    SweepSpec ranks = specFor("dist");
    ranks.shapes = {{4, 4, 4}};
    ranks.ranks = {1, 2};
    ranks.threads = {2};
    QVERIFY(roundTrips(ranks, 2));
    // The threads of a variant that uses none are not an axis: 1 stays out of {2}.
    const SweepSpec back =
        sweepOf(expandSweep(ranks, registry_, 2), registry_.find("dist")->info());
    QCOMPARE(back.threads, (std::vector<int>{2}));
    QCOMPARE(back.shapes, (std::vector<Shape3>{{4, 4, 4}}));
  }

  // A kernel's own parameters are axes in the order the kernel declares them (the first
  // outermost), a left-out one at its default, every point naming all of them.
  void ownParametersAreAxes() {
    SweepSpec spec = specFor("mm", {"loop"});
    QCOMPARE(names(expandSweep(spec, registry_)),
             (std::vector<std::string>{"mm loop block=8 n=64 f64"}));
    spec.parameters = {{"n", {128, 256}}, {"block", {16, 32}}};
    const auto points = expandSweep(spec, registry_);
    QCOMPARE(names(points), (std::vector<std::string>{
                                "mm loop block=16 n=128 f64", "mm loop block=32 n=128 f64",
                                "mm loop block=16 n=256 f64", "mm loop block=32 n=256 f64"}));
    QCOMPARE(problemSize(points[1].params), std::uint64_t{32 * 128});
  }

  void ownParametersRefused_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("name");
    QTest::addColumn<quint64>("value");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown") << "mm"
                             << "m" << quint64{4} << "mm has no parameter 'm'";
    QTest::newRow("above max") << "mm"
                               << "n" << quint64{5000} << "mm n=5000 is outside [1, 4096]";
    QTest::newRow("below min") << "mm"
                               << "block" << quint64{0} << "mm block=0 is outside [1, 64]";
    QTest::newRow("kernel without") << "fake"
                                    << "n" << quint64{4} << "fake has no parameter 'n'";
  }

  void ownParametersRefused() {
    QFETCH(QString, kernel);
    QFETCH(QString, name);
    QFETCH(quint64, value);
    QFETCH(QString, error);
    SweepSpec spec = specFor(kernel.toStdString());
    spec.parameters[name.toStdString()] = {value};
    try {
      expandSweep(spec, registry_);
      QFAIL("expected a SweepError");
    } catch (const SweepError& e) {
      QCOMPARE(QString::fromStdString(e.what()), error);
    }
  }

  void parametersKernelRefusesShapes() {
    SweepSpec spec = specFor("mm");
    spec.shapes = {{1, 1, 8}};
    QVERIFY_THROWS_EXCEPTION(SweepError, expandSweep(spec, registry_));
  }

  void ranksAreAnAxisOfDistributedVariantsOnly() {
    SweepSpec spec = specFor("dist", {"loop", "mpi"});
    spec.ranks = {1, 2, 2, 4};
    spec.threads = {1, 2};
    std::vector<std::pair<std::string, std::pair<int, int>>> got;
    for (const Point& p : expandSweep(spec, registry_, 4))
      got.push_back({p.variant, {p.ranks, p.threads}});
    const std::vector<std::pair<std::string, std::pair<int, int>>> expected{
        {"loop", {1, 1}}, {"mpi", {1, 1}}, {"mpi", {1, 2}}, {"mpi", {2, 1}},
        {"mpi", {2, 2}},  {"mpi", {4, 1}}, {"mpi", {4, 2}}};
    QCOMPARE(got, expected);
  }

  void strongScalingKeepsTheTotal() {
    SweepSpec spec = specFor("dcount", {"mpi"});
    spec.samples = {1000};
    spec.ranks = {1, 2};
    for (const Point& p : expandSweep(spec, registry_, 2))
      QCOMPARE(*p.params.samples, std::uint64_t{1000});
  }

  void weakScalingGivesEachRankTheSize() {
    SweepSpec spec = specFor("dcount", {"loop", "mpi"});
    spec.samples = {1000};
    spec.ranks = {1, 2, 4};
    spec.scaling = Scaling::weak;
    std::vector<std::uint64_t> samples;
    for (const Point& p : expandSweep(spec, registry_, 4)) samples.push_back(*p.params.samples);
    QCOMPARE(samples, (std::vector<std::uint64_t>{1000, 1000, 2000, 4000}));

    SweepSpec arrays = specFor("dist", {"mpi"});
    arrays.shapes = {Shape3{3, 5, 7}};
    arrays.ranks = {2};
    arrays.scaling = Scaling::weak;
    QCOMPARE(toString(*expandSweep(arrays, registry_, 2).front().params.shape),
             std::string("6x5x7"));
  }

  void rankCountsAreChecked_data() {
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("world");
    QTest::addColumn<QString>("message");
    QTest::newRow("zero") << 0 << 4 << "rank count 0 is below 1";
    QTest::newRow("beyond the launch")
        << 3 << 2 << "3 ranks asked for, but the launch has 2 (start it with mpirun -np 3 or more)";
    QTest::newRow("no launch") << 2 << 1
                               << "2 ranks asked for, but the launch has 1 (start it with "
                                  "mpirun -np 2 or more)";
  }

  void rankCountsAreChecked() {
    QFETCH(int, ranks);
    QFETCH(int, world);
    QFETCH(QString, message);
    SweepSpec spec = specFor("dist", {"mpi"});
    spec.ranks = {ranks};
    try {
      expandSweep(spec, registry_, world);
      QFAIL("no SweepError");
    } catch (const SweepError& error) {
      QCOMPARE(QString::fromStdString(error.what()), message);
    }
  }

  void defaults() {
    const auto points = expandSweep(specFor("fake"), registry_);
    QCOMPARE(names(points), (std::vector<std::string>{"fake loop 2x3x4 f64", "fake fast 2x3x4 f64",
                                                      "fake gpu 2x3x4 f64", "fake off 2x3x4 f64"}));
    QCOMPARE(points[0].params.seed, Params{}.seed);
  }

  void orderSizeDtypeVariantThreads() {
    SweepSpec spec;
    spec.kernel = "fake";
    spec.shapes = {{1, 1, 8}, {1, 1, 16}};
    spec.dtypes = {DType::f32, DType::f64};
    spec.variants = {"gpu", "fast", "loop"};  // kernel order wins: the baseline comes first
    spec.threads = {1, 2, 2};
    spec.seed = 7;
    const auto points = expandSweep(spec, registry_);
    QCOMPARE(names(points),
             (std::vector<std::string>{
                 "fake loop 1x1x8 f32", "fake fast 1x1x8 f32", "fake fast 1x1x8 f32 x2 threads",
                 "fake gpu 1x1x8 f32", "fake loop 1x1x8 f64", "fake fast 1x1x8 f64",
                 "fake fast 1x1x8 f64 x2 threads", "fake gpu 1x1x8 f64", "fake loop 1x1x16 f32",
                 "fake fast 1x1x16 f32", "fake fast 1x1x16 f32 x2 threads", "fake gpu 1x1x16 f32",
                 "fake loop 1x1x16 f64", "fake fast 1x1x16 f64", "fake fast 1x1x16 f64 x2 threads",
                 "fake gpu 1x1x16 f64"}));
    for (const auto& point : points) QCOMPARE(point.params.seed, std::uint64_t{7});
  }

  // A baseline later in the kernel's order is measured first, so that rows printed as they
  // arrive know their speedups.
  void baselineFirst() {
    SweepSpec spec;
    spec.kernel = "fake";
    spec.shapes = {{1, 1, 8}};
    spec.variants = {"loop", "fast", "gpu"};
    spec.threads = {1, 2};
    spec.baseline = "gpu";
    QCOMPARE(names(expandSweep(spec, registry_)),
             (std::vector<std::string>{"fake gpu 1x1x8 f64", "fake loop 1x1x8 f64",
                                       "fake fast 1x1x8 f64", "fake fast 1x1x8 f64 x2 threads"}));
    spec.baseline = "not among the variants";
    QCOMPARE(expandSweep(spec, registry_).front().variant, std::string("loop"));
  }

  void samplingKernel() {
    SweepSpec spec;
    spec.kernel = "count";
    spec.samples = {10000, 1000000000};
    spec.variants = {"loop"};
    const auto points = expandSweep(spec, registry_);
    QCOMPARE(names(points),
             (std::vector<std::string>{"count loop 1e4 samples", "count loop 1e9 samples"}));
    QVERIFY(!points[0].params.shape);
  }

  void unavailableVariantsAreKept() {
    const auto points = expandSweep(specFor("fake", {"off"}), registry_);
    QCOMPARE(points.size(), std::size_t{1});
    QCOMPARE(points[0].variant, std::string("off"));
  }

  void errors_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("threads");
    QTest::addColumn<bool>("zeroShape");
    QTest::addColumn<bool>("withSamples");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown kernel")
        << "mul"
        << "" << 1 << false << false
        << "unknown kernel 'mul' (known: fake, count, mm, dist, dcount)";
    QTest::newRow("unknown variant")
        << "fake"
        << "warp" << 1 << false << false
        << "unknown variant 'warp' of fake (known: loop, fast, gpu, off)";
    QTest::newRow("zero threads") << "fake"
                                  << "" << 0 << false << false << "thread count 0 is below 1";
    QTest::newRow("zero shape") << "fake"
                                << "" << 1 << true << false << "shape 0x1x1 has a zero extent";
    QTest::newRow("samples for an array")
        << "fake"
        << "" << 1 << false << true << "fake takes shapes, not sample counts";
    QTest::newRow("shape for samples")
        << "count"
        << "" << 1 << true << false << "count takes sample counts, not shapes";
  }
  void errors() {
    QFETCH(QString, kernel);
    QFETCH(QString, variant);
    QFETCH(int, threads);
    QFETCH(bool, zeroShape);
    QFETCH(bool, withSamples);
    QFETCH(QString, error);
    SweepSpec spec;
    spec.kernel = kernel.toStdString();
    if (!variant.isEmpty()) spec.variants = {variant.toStdString()};
    spec.threads = {threads};
    if (zeroShape) spec.shapes = {{0, 1, 1}};
    if (withSamples) spec.samples = {5};
    try {
      expandSweep(spec, registry_);
      QFAIL("no SweepError");
    } catch (const SweepError& e) {
      QCOMPARE(QString::fromStdString(e.what()), error);
    }
  }

  void sweepsTooLargeForOneRunAreRefusedUpFront() {
    // fast uses threads: 100 000 thread counts make 100 000 points, the most one run holds;
    // one more count is refused with the reason.
    SweepSpec spec = specFor("fake", {"fast"});
    for (int t = 1; t <= static_cast<int>(kMaxRunPoints); ++t) spec.threads.push_back(t);
    QCOMPARE(expandSweep(spec, registry_).size(), kMaxRunPoints);
    spec.threads.push_back(static_cast<int>(kMaxRunPoints) + 1);
    try {
      expandSweep(spec, registry_);
      QFAIL("no SweepError");
    } catch (const SweepError& e) {
      QVERIFY2(QString(e.what()).startsWith("a sweep of 100001 points is more than one run may "
                                            "hold (100000)"),
               e.what());
    }
  }

  void samplingKernelKeepsGivenDtype() {
    SweepSpec spec;
    spec.kernel = "count";
    spec.dtypes = {DType::f32};
    // The sampling fake has no dtype axis: any element type passes through unchanged.
    QVERIFY(expandSweep(spec, registry_).front().params.dtype == DType::f32);
  }
};

QTEST_APPLESS_MAIN(TestSweep)
#include "tst_sweep.moc"
