// The SIMD chains of the compute-ceiling probe through Google Highway, dispatched as the
// vectorized variant's loops are (cpu/simd_highway.cpp): the ceiling is that of the target
// those loops run on.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "probe/fma_chains_highway.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "probe/fma_chains.h"

HWY_BEFORE_NAMESPACE();
namespace accellab {
namespace kernels {
namespace probe {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Targets without an FMA
// instruction (SSE2 ... SSE4) do MulAdd as a multiply and an add: the same 2 FLOPs.
template <class T>
FmaWork Chains(uint64_t steps) {
  const hn::ScalableTag<T> d;
  const auto m = hn::Set(d, T(kMultiplier));
  const auto a = hn::Set(d, T(kAddend));
  // An array of vectors: fine on the fixed-size x86 targets this build dispatches to.
  hn::Vec<decltype(d)> acc[kFmaChains];
  for (int k = 0; k < kFmaChains; ++k) acc[k] = hn::Add(hn::Iota(d, T(0)), hn::Set(d, T(k)));
  for (uint64_t step = 0; step < steps; ++step) {
    for (auto& value : acc) value = hn::MulAdd(value, m, a);
  }
  auto sum = acc[0];
  for (int k = 1; k < kFmaChains; ++k) sum = hn::Add(sum, acc[k]);
  const double lanes = static_cast<double>(hn::Lanes(d));
  return {2.0 * kFmaChains * lanes * static_cast<double>(steps),
          static_cast<double>(hn::GetLane(hn::SumOfLanes(d, sum)))};
}

FmaWork ChainsF32(uint64_t steps) { return Chains<float>(steps); }
FmaWork ChainsF64(uint64_t steps) { return Chains<double>(steps); }

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace probe
}  // namespace kernels
}  // namespace accellab
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace accellab::kernels::probe {

HWY_EXPORT(ChainsF32);
HWY_EXPORT(ChainsF64);

FmaWork simdFmaChains(DType dtype, std::uint64_t steps) {
  return dtype == DType::f32 ? HWY_DYNAMIC_DISPATCH(ChainsF32)(steps)
                             : HWY_DYNAMIC_DISPATCH(ChainsF64)(steps);
}

}  // namespace accellab::kernels::probe
#endif  // HWY_ONCE
