// Two runs of the same sweep with every kind of change: the data of the comparison tests
// (core and CLI) and of the golden files tests/data/compare/comparison*.
#pragma once

#include <array>

#include "accellab/session.h"
#include "sample_session.h"

namespace accellab::test {

// Ten samples around `median`, spread by up to `spread` of it either way, in a fixed order.
inline std::vector<double> samplesAround(double median, double spread = 0.03) {
  constexpr std::array<double, 10> kOffsets = {-1, 0.4, -0.6, 0.1, 1, -0.2, 0.7, -0.3, 0, 0.3};
  std::vector<double> samples;
  for (double offset : kOffsets) samples.push_back(median * (1 + spread * offset));
  return samples;
}

inline Run comparedRun(int id, std::string created, std::vector<PointResult> points) {
  Run run;
  run.id = id;
  run.name = "run " + std::to_string(id);
  run.created = std::move(created);
  run.system.cpuModel = "Example CPU @ 3.00GHz";
  run.system.logicalCores = 2;
  run.system.buildType = "Release";
  run.points = std::move(points);
  return run;
}

inline PointResult timed(Point point, std::vector<double> samples) {
  return measuredPoint(std::move(point), std::move(samples), {1000, 16000});
}

inline const Params kAdd = arrayParams({64, 64, 64});
inline const Params kAddLarge = arrayParams({128, 128, 128});
inline const Params kPi = sampleParams(1000000);

inline Run baseRun() {
  return comparedRun(1, "2026-12-01T10:00:00Z",
                     {timed({"add", "loop", kAdd, 1}, samplesAround(4e-3)),
                      timed({"add", "vectorized", kAdd, 1}, samplesAround(1e-3)),
                      timed({"add", "parallel", kAdd, 2}, samplesAround(0.5e-3)),
                      refusedPoint({"add", "gpu", kAdd, 1}, PointStatus::skipped, "no CUDA device"),
                      timed({"add", "loop", kAddLarge, 1}, samplesAround(32e-3)),
                      timed({"pi", "loop", kPi, 1}, samplesAround(10e-3, 0.01)),
                      timed({"pi", "vectorized", kPi, 1}, {2.5e-3, 2.6e-3, 2.4e-3}),
                      refusedPoint({"pi", "parallel", kPi, 2}, PointStatus::failed,
                                   "fingerprint 785401 differs from loop's 785402")});
}

// Against baseRun(): add loop unchanged (and unstable), vectorized 25 % slower, parallel
// 20 % faster, gpu measured where the base skipped it, a new loop-strided variant, the
// large add gone, pi loop 2 % slower (significant, below the threshold), pi vectorized
// twice as slow on 3 samples, pi parallel measured where the base failed.
inline Run newRun() {
  Run run = comparedRun(2, "2026-12-01T11:00:00Z",
                        {timed({"add", "loop", kAdd, 1}, samplesAround(4.004e-3)),
                         timed({"add", "vectorized", kAdd, 1}, samplesAround(1.25e-3)),
                         timed({"add", "parallel", kAdd, 2}, samplesAround(0.4e-3)),
                         timed({"add", "gpu", kAdd, 1}, samplesAround(0.2e-3)),
                         timed({"add", "loop-strided", kAdd, 1}, samplesAround(9e-3)),
                         timed({"pi", "loop", kPi, 1}, samplesAround(10.2e-3, 0.005)),
                         timed({"pi", "vectorized", kPi, 1}, {5.0e-3, 5.2e-3, 4.8e-3}),
                         timed({"pi", "parallel", kPi, 2}, samplesAround(5.1e-3))});
  run.points[0].flags.unstable = true;
  return run;
}

}  // namespace accellab::test
