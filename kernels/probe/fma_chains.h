// The inner loops of the compute-ceiling probe (compute_peak.h): kFmaChains independent
// chains acc = acc * m + a, kept in registers. Independent chains let the core overlap them:
// with at least latency x FMA ports of them in flight, the loop runs at the FMA units' peak.
#pragma once

#include <cstdint>

#include "accellab/types.h"

namespace accellab::kernels::probe {

// 12 covers the FMA latency x ports of current x86 cores (4-5 cycles x 2 ports) and, for the
// scalar loop's separate multiply and add, its 2 + 2 ports; 12 vectors and 2 constants still
// fit the 16 registers of AVX2.
inline constexpr int kFmaChains = 12;

// Every chain converges to kAddend / (1 - kMultiplier) = 250: no value overflows or turns
// subnormal, and no chain starts at that fixed point (0, 1, 2, ...), where the compiler could
// see that it never changes and drop it.
inline constexpr double kMultiplier = 0.999;
inline constexpr double kAddend = 0.25;

struct FmaWork {
  double flops = 0;     // floating-point operations done: 2 per multiply-add and lane
  double checksum = 0;  // the sum of the accumulators: used, so the loop is not optimised away
};

// Every chain `steps` long. Scalar: one lane, a separate multiply and add (the baseline ISA
// has no FMA instruction, and the file is compiled without vectorization, as the loop
// variants are). SIMD: MulAdd on the Highway target dispatched to (simd::targetName()).
FmaWork scalarFmaChains(DType dtype, std::uint64_t steps);
FmaWork simdFmaChains(DType dtype, std::uint64_t steps);

}  // namespace accellab::kernels::probe
