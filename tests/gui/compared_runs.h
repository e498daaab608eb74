// Two runs of the same points with every verdict between them: with six samples a side the
// U test can reach p < 0.05 (three a side never can).
#pragma once

#include "sample_session.h"

namespace accellab::test {

inline std::vector<double> scaled(std::vector<double> samples, double factor) {
  for (double& s : samples) s *= factor;
  return samples;
}

inline Run comparedRun(int id, double vectorizedFactor, double parallelFactor) {
  const Params add = arrayParams({64, 64, 64});
  const Workload work{262144, 262144 * 16};
  const std::vector<double> loop{0.0040, 0.0041, 0.0039, 0.0042, 0.0040, 0.0041};
  const std::vector<double> vectorized{0.0010, 0.00101, 0.00099, 0.00102, 0.0010, 0.00098};
  const std::vector<double> parallel{0.0005, 0.00052, 0.00049, 0.00051, 0.0005, 0.00048};
  Run run;
  run.id = id;
  run.created = "2026-11-30T04:33:24Z";
  run.name = "add, run " + std::to_string(id);
  run.system = sampleSystem();
  run.points.push_back(measuredPoint({"add", "loop", add, 1}, loop, work));
  run.points.push_back(
      measuredPoint({"add", "vectorized", add, 1}, scaled(vectorized, vectorizedFactor), work));
  run.points.push_back(
      measuredPoint({"add", "parallel", add, 2}, scaled(parallel, parallelFactor), work));
  return run;
}

// The base; the new run has vectorized half again as slow, parallel twice as fast, loop
// unchanged, no pi point but a gpu point, and another CPU.
inline Run comparedBase() {
  Run run = comparedRun(1, 1, 1);
  run.points.push_back(
      measuredPoint({"pi", "loop", sampleParams(1000000), 1}, {0.01, 0.011, 0.0105}, {1000000, 0}));
  return run;
}

inline Run comparedNew() {
  Run run = comparedRun(2, 1.5, 0.5);
  run.points.push_back(measuredPoint({"add", "gpu", arrayParams({64, 64, 64}), 1},
                                     {0.0002, 0.00021, 0.0002}, {262144, 262144 * 16}));
  run.system.cpuModel = "Other CPU @ 4.00GHz";
  return run;
}

}  // namespace accellab::test
