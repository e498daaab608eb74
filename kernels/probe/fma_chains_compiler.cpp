// The SIMD chains of the compute-ceiling probe without Google Highway: the compiler
// vectorizes them (`omp simd`) for the baseline ISA of the build, as cpu/simd_compiler.cpp
// does the vectorized variant's loops.
#include <array>

#include "fma_chains.h"

namespace accellab::kernels::probe {
namespace {

// Lanes per chain: one 128-bit register, the width of the x86-64 baseline (SSE2), so the
// chains stay in its 16 registers.
template <class T>
FmaWork chains(std::uint64_t steps) {
  constexpr int kLanes = 16 / sizeof(T);
  const T m = T(kMultiplier);
  const T a = T(kAddend);
  std::array<std::array<T, kLanes>, kFmaChains> acc{};
  for (int k = 0; k < kFmaChains; ++k)
    for (int lane = 0; lane < kLanes; ++lane) acc[k][lane] = T(k + lane);
  for (std::uint64_t step = 0; step < steps; ++step) {
    for (auto& chain : acc) {
#pragma omp simd
      for (int lane = 0; lane < kLanes; ++lane) chain[lane] = chain[lane] * m + a;
    }
  }
  double sum = 0;
  for (const auto& chain : acc)
    for (T value : chain) sum += double(value);
  return {2.0 * kFmaChains * kLanes * static_cast<double>(steps), sum};
}

}  // namespace

FmaWork simdFmaChains(DType dtype, std::uint64_t steps) {
  return forDType(dtype, [&]<class T>(T) { return chains<T>(steps); });
}

}  // namespace accellab::kernels::probe
