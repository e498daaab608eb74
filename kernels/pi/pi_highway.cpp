// pi's count through Google Highway on 64-bit lanes, dispatched at run time to the best ISA of
// this CPU, and its OpenMP form: threads over the pieces of cpu/parallel.h, each running the
// SIMD loop. Bit for bit the scalar loop's count on every target.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "pi/pi_highway.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "pi/pi_sampler.h"

HWY_BEFORE_NAMESPACE();
namespace accellab {
namespace kernels {
namespace pi {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using D64 = hn::ScalableTag<uint64_t>;
using V64 = hn::Vec<D64>;

// x * y for x, y < 2^32 held in u64 lanes: one 32x32->64 multiply on every target.
HWY_INLINE V64 MulLow32(V64 x, V64 y) {
#if HWY_TARGET == HWY_SCALAR
  return hn::Mul(x, y);  // one lane: no 32-bit halves to pair up
#else
  const hn::Repartition<uint32_t, D64> d32;
  return hn::MulEven(hn::BitCast(d32, x), hn::BitCast(d32, y));
#endif
}

// Low 64 bits of v * k. AVX3 has a native 64-bit multiply (AVX-512DQ); the other x86
// targets build it from three 32x32->64 multiplies.
HWY_INLINE V64 MulConst(V64 v, uint64_t k) {
  const D64 d;
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL || HWY_TARGET == HWY_EMU128 || \
    HWY_TARGET == HWY_SCALAR
  return hn::Mul(v, hn::Set(d, k));
#else
  const V64 kLow = hn::Set(d, k & 0xFFFFFFFFu);
  const V64 kHigh = hn::Set(d, k >> 32);
  const V64 cross = hn::Add(MulLow32(v, kHigh), MulLow32(hn::ShiftRight<32>(v), kLow));
  return hn::Add(MulLow32(v, kLow), hn::ShiftLeft<32>(cross));
#endif
}

HWY_INLINE V64 Mix(V64 z) {
  z = MulConst(hn::Xor(z, hn::ShiftRight<30>(z)), rng::kMix1);
  z = MulConst(hn::Xor(z, hn::ShiftRight<27>(z)), rng::kMix2);
  return hn::Xor(z, hn::ShiftRight<31>(z));
}

HWY_INLINE V64 Outside(V64 state, V64 low31) {
  const V64 bits = Mix(state);
  const V64 x = hn::ShiftRight<33>(bits);
  const V64 y = hn::And(bits, low31);
  return hn::ShiftRight<62>(hn::Add(MulLow32(x, x), MulLow32(y, y)));
}

uint64_t CountOutside(uint64_t key, uint64_t begin, uint64_t end) {
  const D64 d;
  const size_t lanes = hn::Lanes(d);
  const V64 low31 = hn::Set(d, kLow31);
  // Lane j holds the state of sample i + j; all lanes advance by lanes samples per step.
  const V64 step = hn::Set(d, static_cast<uint64_t>(lanes) * rng::kGamma);
  V64 state =
      hn::Add(hn::Set(d, key + (begin + 1) * rng::kGamma), MulConst(hn::Iota(d, 0), rng::kGamma));
  // Two accumulators hide the latency of the dependent adds.
  V64 count0 = hn::Zero(d);
  V64 count1 = hn::Zero(d);
  uint64_t i = begin;
  for (; i + 2 * lanes <= end; i += 2 * lanes) {
    count0 = hn::Add(count0, Outside(state, low31));
    state = hn::Add(state, step);
    count1 = hn::Add(count1, Outside(state, low31));
    state = hn::Add(state, step);
  }
  uint64_t count = hn::GetLane(hn::SumOfLanes(d, hn::Add(count0, count1)));
  for (; i < end; ++i) count += outside(key, i);
  return count;
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace pi
}  // namespace kernels
}  // namespace accellab
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <atomic>

#include "cpu/parallel.h"
#include "pi/pi_variants.h"

namespace accellab::kernels::pi {
namespace {

HWY_EXPORT(CountOutside);

// 4 Ki samples are a few microseconds of the SIMD loop; 2^20 under a millisecond.
constexpr Grain kPiGrain{.smallest = 4096, .largest = std::uint64_t{1} << 20, .align = 64};

}  // namespace

std::uint64_t countOutsideSimd(std::uint64_t key, std::uint64_t begin, std::uint64_t end) {
  return HWY_DYNAMIC_DISPATCH(CountOutside)(key, begin, end);
}

PiecesDone countOutsideParallel(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                                int threads, const std::stop_token& stop, std::uint64_t& outside) {
  std::atomic<std::uint64_t> count{0};
  const PiecesDone done =
      forEachPiece(splitFor(end - begin, threads, kPiGrain), stop,
                   [&](std::uint64_t, std::uint64_t first, std::uint64_t last) {
                     count.fetch_add(countOutsideSimd(key, begin + first, begin + last),
                                     std::memory_order_relaxed);
                   });
  outside = count.load();
  return done;
}

}  // namespace accellab::kernels::pi
#endif  // HWY_ONCE
