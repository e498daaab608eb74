#include "compute_peak.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <string>

#include "cpu/simd.h"
#include "cuda/gpu.h"
#include "fma_chains.h"

namespace accellab::kernels::probe {
namespace {

// Steps double until a run takes this long, then grow to kRunSeconds: short enough for the
// whole probe to stay well under a second, long enough for the clock and the thread start.
constexpr double kCalibrationSeconds = 0.005;
constexpr double kRunSeconds = 0.015;
constexpr int kRuns = 5;  // the best of them: interruptions only ever slow a run down
constexpr std::uint64_t kFirstSteps = 1024;

struct Timed {
  double seconds = 0;
  double flops = 0;
};

template <class Chains>
Timed timed(const Chains& chains, std::uint64_t steps) {
  const auto start = std::chrono::steady_clock::now();
  const FmaWork work = chains(steps);
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
  // A volatile store is a side effect the compiler must keep, and with it the chains.
  volatile double sink = work.checksum;
  static_cast<void>(sink);
  return {seconds.count(), work.flops};
}

// The steps that make `chains` run about kRunSeconds; 0 when stopped.
template <class Chains>
std::uint64_t calibratedSteps(const Chains& chains, const std::stop_token& stop) {
  std::uint64_t steps = kFirstSteps;
  Timed run = timed(chains, steps);
  while (run.seconds < kCalibrationSeconds) {
    if (stop.stop_requested()) return 0;
    steps *= 2;
    run = timed(chains, steps);
  }
  return std::max(
      steps, static_cast<std::uint64_t>(static_cast<double>(steps) * kRunSeconds / run.seconds));
}

// FLOP/s of the fastest of kRuns runs of `steps`; 0 when stopped.
template <class Chains>
double peak(const Chains& chains, std::uint64_t steps, const std::stop_token& stop) {
  double best = 0;
  for (int i = 0; i < kRuns; ++i) {
    if (stop.stop_requested()) return 0;
    const Timed run = timed(chains, steps);
    best = std::max(best, run.flops / run.seconds);
  }
  return best;
}

// Every thread runs the same chains; the slowest one ends the parallel region and the run.
FmaWork parallelFmaChains(DType dtype, std::uint64_t steps) {
  double flops = 0;
  double checksum = 0;
#pragma omp parallel reduction(+ : flops, checksum)
  {
    const FmaWork work = simdFmaChains(dtype, steps);
    flops += work.flops;
    checksum += work.checksum;
  }
  return {flops, checksum};
}

}  // namespace

std::vector<ComputeCeiling> measureHostComputeCeilings(std::stop_token stop) {
  const std::string simdIsa = simd::targetName();
  const int threads = omp_get_max_threads();
  std::vector<ComputeCeiling> ceilings;
  for (const DType dtype : {DType::f32, DType::f64}) {
    const auto scalar = [dtype](std::uint64_t steps) { return scalarFmaChains(dtype, steps); };
    const auto vector = [dtype](std::uint64_t steps) { return simdFmaChains(dtype, steps); };
    const auto parallel = [dtype](std::uint64_t steps) { return parallelFmaChains(dtype, steps); };
    ceilings.push_back({dtype, "scalar", 1, -1, peak(scalar, calibratedSteps(scalar, stop), stop)});
    // Each thread runs the single thread's steps: calibrating on the parallel region itself
    // would stop at a few steps whenever a thread starts late on a busy machine, and time the
    // region's start rather than the chains.
    const std::uint64_t steps = calibratedSteps(vector, stop);
    ceilings.push_back({dtype, simdIsa, 1, -1, peak(vector, steps, stop)});
    ceilings.push_back({dtype, simdIsa, threads, -1, peak(parallel, steps, stop)});
  }
  if (stop.stop_requested()) return {};
  return ceilings;
}

std::vector<ComputeCeiling> measureComputeCeilings(const std::vector<GpuInfo>& gpus,
                                                   std::stop_token stop) {
  std::vector<ComputeCeiling> ceilings = measureHostComputeCeilings(stop);
  for (const GpuInfo& device : gpus) {
    for (const DType dtype : {DType::f32, DType::f64}) {
      if (stop.stop_requested()) return {};
      try {
        ceilings.push_back(
            {dtype, "CUDA", 0, device.index, gpu::measureFmaThroughput(device.index, dtype)});
      } catch (const std::exception&) {
        // Refused: no entry, as the device's copy ceiling stays 0; its variants say why.
      }
    }
  }
  return ceilings;
}

}  // namespace accellab::kernels::probe
