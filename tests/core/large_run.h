// A run whose points all share one problem group (threads 1, 2, ... over four variants): the
// worst case for anything that works per group, for the report's size test and benchmark.
#pragma once

#include "sample_session.h"

namespace accellab::test {

inline Run largeGroupRun(std::size_t count) {
  static constexpr const char* kVariants[] = {"loop", "vectorized", "parallel", "gpu"};
  const Params params = arrayParams({64, 64, 64});
  const Workload work{262144, 262144 * 16};
  Run run = sampleRun();
  run.points.clear();
  run.points.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const double medianS = 1e-3 / static_cast<double>(1 + i % 97);
    const Point point{"add", kVariants[i % 4], params, static_cast<int>(1 + i / 4)};
    run.points.push_back(measuredPoint(point, {medianS, 1.01 * medianS, 0.99 * medianS}, work));
    run.points.back().flags.cold = i % 10 == 9;
  }
  return run;
}

}  // namespace accellab::test
