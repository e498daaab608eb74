// Engine: the one way front ends get a runner. It refuses to exist without its probes, and
// its runners guard memory with its own probe, GPU included.
#include <QtTest>

#include <stdexcept>

#include "accellab/engine.h"
#include "fake_engine.h"
#include "fake_kernel.h"

using namespace accellab;

namespace {

constexpr std::uint64_t GiB = std::uint64_t{1} << 30;

SystemInfo noSystem(const ProbeOptions&) { return {}; }

Point gpuPoint() {
  Point point;
  point.kernel = "fake";
  point.variant = "gpu";
  point.params.shape = Shape3{2, 3, 4};
  return point;
}

MeasureConfig quick() {
  MeasureConfig config;
  config.minReps = 3;
  config.minTimeS = 0;
  config.minSampleS = 0;
  return config;
}

}  // namespace

class TestEngine : public QObject {
  Q_OBJECT

 private slots:
  void refusesMissingParts() {
    auto registry = std::make_shared<Registry>();
    const MemoryProbe memory = [] { return MemoryAvailable{GiB, GiB}; };
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Engine(nullptr, memory, noSystem));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Engine(registry, nullptr, noSystem));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Engine(registry, memory, nullptr));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Runner(*registry, nullptr));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Runner(*registry, memory, nullptr));
  }

  // The same fake kernel, measured through engines that differ only in their memory probe:
  // the probe decides, so a front end with a host-only probe would skip every gpu point.
  void runnersGuardMemoryWithTheEnginesProbe_data() {
    QTest::addColumn<bool>("deviceSeen");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("reason");
    QTest::newRow("GPU seen") << true << "ok"
                              << "";
    QTest::newRow("host-only probe") << false << "skipped"
                                     << "no GPU present";
  }

  void runnersGuardMemoryWithTheEnginesProbe() {
    QFETCH(bool, deviceSeen);
    QFETCH(QString, status);
    QFETCH(QString, reason);
    test::FakeClock clock;
    test::FakeScript script;
    script.clock = &clock;
    script.timedS = 0.001;
    script.need = {GiB, GiB};
    auto registry = std::make_shared<Registry>();
    registry->add(std::make_unique<test::FakeKernel>(script));
    const Engine engine(
        registry,
        [deviceSeen] {
          return MemoryAvailable{16 * GiB, deviceSeen ? std::optional(8 * GiB) : std::nullopt};
        },
        noSystem);
    const PointResult result = engine.runner(clock.clock()).runPoint(gpuPoint(), quick());
    QCOMPARE(QString::fromUtf8(toString(result.status).data()), status);
    QVERIFY2(result.reason.find(reason.toStdString()) != std::string::npos, result.reason.c_str());
  }

  void copiesShareTheKernels() {
    test::FakeDeviceMachine machine;
    const Engine engine = machine.factory()({.gpuDevice = 0});
    const Engine copy = engine;
    QCOMPARE(&copy.registry(), &engine.registry());
    QCOMPARE(copy.probeSystem({}).gpus.size(), std::size_t{1});
    QCOMPARE(*copy.memoryAvailable().deviceBytes, 8 * GiB);
  }
};

QTEST_APPLESS_MAIN(TestEngine)
#include "tst_engine.moc"
