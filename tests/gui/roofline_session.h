// A hand-made session for the roofline, the cache lines and the Amdahl fit: kernels that count
// their FLOPs, on a machine with measured compute roofs, caches and (optionally) a GPU.
#pragma once

#include <string>
#include <vector>

#include "accellab/session.h"
#include "chart_sessions.h"

namespace accellab::testing {

inline constexpr double kRoofBandwidth = 40e9;  // host copy ceiling, B/s

// An ok point of `kernel` taking `medianS` per run, with these counts.
inline PointResult counted(const std::string& kernel, const std::string& variant,
                           const Params& params, double medianS, std::uint64_t flops,
                           std::uint64_t bytes, int threads = 1) {
  PointResult r = measured(variant, params, {medianS * 0.99, medianS, medianS * 1.01}, threads);
  r.point.kernel = kernel;
  r.elements = problemSize(params);
  r.bytes = bytes;
  r.flops = flops;
  r.elementsPerS = static_cast<double>(r.elements) / medianS;
  r.bytesPerS = static_cast<double>(bytes) / medianS;
  r.flopsPerS = static_cast<double>(flops) / medianS;
  return r;
}

inline SystemInfo roofMachine() {
  SystemInfo system;
  system.cpuModel = "Roof CPU";
  system.logicalCores = 4;
  system.bandwidthCeilingBytesPerS = kRoofBandwidth;
  system.caches = {{1, "Data", 48 * 1024},
                   {1, "Instruction", 32 * 1024},
                   {2, "Unified", 2 * 1024 * 1024},
                   {3, "Unified", 32 * 1024 * 1024}};
  system.computeCeilings = {{DType::f64, "scalar", 1, -1, 4e9},
                            {DType::f64, "AVX2", 1, -1, 16e9},
                            {DType::f64, "AVX2", 4, -1, 64e9},
                            {DType::f32, "AVX2", 4, -1, 128e9}};
  return system;
}

// triad (a = b + s c: 2 FLOPs over 24 bytes per f64 element) on four array lengths, every CPU
// variant; parallel at 1, 2 and 4 threads with a serial fraction of 10 %.
inline Session triadSession() {
  std::vector<PointResult> points;
  for (std::uint64_t n : {1u << 12, 1u << 16, 1u << 19, 1u << 22}) {
    const Params params = shape(1, 1, n);
    const double perElement = 1e-9;  // loop: 1 ns per element
    const double t1 = perElement * static_cast<double>(n);
    points.push_back(counted("triad", "loop", params, t1, 2 * n, 24 * n));
    points.push_back(counted("triad", "vectorized", params, t1 / 2.5, 2 * n, 24 * n));
    for (int threads : {1, 2, 4})
      points.push_back(counted("triad", "parallel", params, t1 / 3 * (0.1 + 0.9 / threads), 2 * n,
                               24 * n, threads));
  }
  Session session;
  session.runs.push_back(run(1, std::move(points)));
  session.runs[0].system = roofMachine();
  return session;
}

// matmul (2 n^3 FLOPs over 3 n^2 f64 elements): compute-bound, right of the ridge; and pi,
// which moves no memory.
inline Session matmulAndPi() {
  Session session = triadSession();
  Params matrix;
  matrix.kernelParams = {{"n", 256}};
  const std::uint64_t n = 256;
  const std::uint64_t flops = 2 * n * n * n;
  const std::uint64_t bytes = 3 * n * n * 8;
  std::vector<PointResult>& points = session.runs[0].points;
  points.push_back(counted("matmul", "loop", matrix, double(flops) / 2e9, flops, bytes));
  points.push_back(counted("matmul", "vectorized", matrix, double(flops) / 12e9, flops, bytes));
  points.push_back(counted("matmul", "parallel", matrix, double(flops) / 40e9, flops, bytes, 4));
  Params samples;
  samples.samples = 1000000;
  points.push_back(counted("pi", "loop", samples, 0.01, 4000000, 0));
  return session;
}

}  // namespace accellab::testing
