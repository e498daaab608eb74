// The compute-ceiling probe: one entry per type and way of running, each a rate. No timing
// thresholds: how fast this machine is, is not for a unit test to say.
#include <QtTest>

#include <omp.h>

#include <cmath>
#include <stop_token>

#include "cpu/simd.h"
#include "probe/compute_peak.h"
#include "probe/fma_chains.h"

using namespace accellab;
using namespace accellab::kernels;

Q_DECLARE_METATYPE(accellab::DType)

class TestComputePeak : public QObject {
  Q_OBJECT

 private slots:
  void hostHasScalarSimdAndAllThreadsPerType() {
    const std::vector<ComputeCeiling> ceilings = probe::measureHostComputeCeilings();
    const std::string simdIsa = simd::targetName();
    const int threads = omp_get_max_threads();
    const std::vector<ComputeCeiling> expected = {
        {DType::f32, "scalar", 1, -1, 0},      {DType::f32, simdIsa, 1, -1, 0},
        {DType::f32, simdIsa, threads, -1, 0}, {DType::f64, "scalar", 1, -1, 0},
        {DType::f64, simdIsa, 1, -1, 0},       {DType::f64, simdIsa, threads, -1, 0}};
    QCOMPARE(ceilings.size(), expected.size());
    for (std::size_t i = 0; i < ceilings.size(); ++i) {
      const ComputeCeiling& c = ceilings[i];
      qInfo("%s %s x%d: %.2f GFLOP/s", toString(c.dtype).data(), c.isa.c_str(), c.threads,
            c.flopsPerS / 1e9);
      QVERIFY(c.dtype == expected[i].dtype);
      QCOMPARE(c.isa, expected[i].isa);
      QCOMPARE(c.threads, expected[i].threads);
      QCOMPARE(c.gpuIndex, -1);
      QVERIFY2(std::isfinite(c.flopsPerS) && c.flopsPerS > 0, std::to_string(c.flopsPerS).c_str());
    }
  }

  void aStopRequestMeasuresNothing() {
    std::stop_source stop;
    stop.request_stop();
    QVERIFY(probe::measureHostComputeCeilings(stop.get_token()).empty());
    QVERIFY(probe::measureComputeCeilings({}, stop.get_token()).empty());
  }

  // Device 99 exists nowhere: refused by a CUDA build and by one without CUDA alike.
  void aRefusingDeviceKeepsNoEntry() {
    GpuInfo absent;
    absent.index = 99;
    const std::vector<ComputeCeiling> ceilings = probe::measureComputeCeilings({absent});
    QCOMPARE(ceilings.size(), std::size_t{6});
    for (const ComputeCeiling& c : ceilings) QCOMPARE(c.gpuIndex, -1);
  }

  // Every multiply-add counted: 2 FLOPs per chain and step, times the lanes for SIMD.
  void chainsCountTheirFlops_data() {
    QTest::addColumn<DType>("dtype");
    QTest::newRow("f32") << DType::f32;
    QTest::newRow("f64") << DType::f64;
  }
  void chainsCountTheirFlops() {
    QFETCH(DType, dtype);
    const std::uint64_t steps = 1000;
    const probe::FmaWork scalar = probe::scalarFmaChains(dtype, steps);
    QCOMPARE(scalar.flops, 2.0 * probe::kFmaChains * steps);
    QVERIFY(std::isfinite(scalar.checksum) && scalar.checksum > 0);
    const probe::FmaWork vector = probe::simdFmaChains(dtype, steps);
    const double lanes = vector.flops / (2.0 * probe::kFmaChains * steps);
    QVERIFY2(lanes >= 1 && lanes == std::floor(lanes), std::to_string(lanes).c_str());
    QVERIFY(std::isfinite(vector.checksum) && vector.checksum > 0);
  }
};

QTEST_GUILESS_MAIN(TestComputePeak)
#include "tst_compute_peak.moc"
