// The machine's compute ceilings: peak multiply-add throughput in FLOP/s, measured with
// independent chains in registers (fma_chains.h), the compute counterpart of the copy
// bandwidth ceiling (src/bandwidth.h) and measured, cached and re-measured with it.
#pragma once

#include <stop_token>
#include <vector>

#include "accellab/sysinfo.h"

namespace accellab::kernels::probe {

// For f32 and f64, in this order: scalar on 1 thread ("scalar"), the SIMD target the
// vectorized variant dispatches to on 1 thread (isa simd::targetName()), and that on
// omp_get_max_threads() threads. Each the best of five ~15 ms runs: a few tenths of a
// second in all. A stop request returns nothing measured.
std::vector<ComputeCeiling> measureHostComputeCeilings(std::stop_token stop = {});

// The host's ceilings, then f32 and f64 on each device in `gpus` (isa "CUDA", threads 0). A
// device that refuses keeps no entry, as its copy ceiling stays unmeasured.
std::vector<ComputeCeiling> measureComputeCeilings(const std::vector<GpuInfo>& gpus,
                                                   std::stop_token stop = {});

}  // namespace accellab::kernels::probe
