// The SIMD inner loops through Google Highway: compiled once per x86 target (SSSE3 ...
// AVX3_DL), and HWY_DYNAMIC_DISPATCH picks the best one this CPU supports at run time.
// That is why the build never passes -march=native.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "cpu/simd_highway.cpp"
#include <hwy/cache_control.h>
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "add/add_verify.h"
#include "pi/pi_sampler.h"

HWY_BEFORE_NAMESPACE();
namespace accellab {
namespace kernels {
namespace simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// out[i] = op(in[i]). Streaming stores need aligned addresses: a scalar head runs up to
// the first aligned output element; loads stay unaligned (in and out may differ in
// alignment).
template <class T, class Op>
void TransformImpl(const T* HWY_RESTRICT in, T* HWY_RESTRICT out, size_t n, bool streaming, Op op) {
  const hn::ScalableTag<T> d;
  const size_t lanes = hn::Lanes(d);
  size_t i = 0;
  if (streaming) {
    const size_t misaligned = reinterpret_cast<uintptr_t>(out) % (lanes * sizeof(T));
    if (misaligned % sizeof(T) == 0) {
      const size_t head = misaligned == 0 ? 0 : lanes - misaligned / sizeof(T);
      for (; i < head && i < n; ++i) out[i] = op.Scalar(in[i]);
    } else {
      streaming = false;  // not even element-aligned: no aligned address to stream to
    }
  }
  const auto store = [&](auto v, T* p) HWY_ATTR {
    if (streaming) {
      hn::Stream(v, d, p);
    } else {
      hn::StoreU(v, d, p);
    }
  };
  for (; i + 4 * lanes <= n; i += 4 * lanes) {
    const auto v0 = hn::LoadU(d, in + i);
    const auto v1 = hn::LoadU(d, in + i + lanes);
    const auto v2 = hn::LoadU(d, in + i + 2 * lanes);
    const auto v3 = hn::LoadU(d, in + i + 3 * lanes);
    store(op(d, v0), out + i);
    store(op(d, v1), out + i + lanes);
    store(op(d, v2), out + i + 2 * lanes);
    store(op(d, v3), out + i + 3 * lanes);
  }
  for (; i + lanes <= n; i += lanes) store(op(d, hn::LoadU(d, in + i)), out + i);
  for (; i < n; ++i) out[i] = op.Scalar(in[i]);  // the tail: the same IEEE operation
  // Streaming stores are weakly ordered: fence them before anyone reads the output.
  if (streaming) hwy::FlushStream();
}

struct AddConstant {
  template <class D, class V>
  HWY_INLINE V operator()(D d, V v) const {
    return hn::Add(v, hn::Set(d, hn::TFromD<D>(kAddend)));
  }
  template <class T>
  T Scalar(T x) const {
    return x + T(kAddend);
  }
};

struct Identity {
  template <class D, class V>
  HWY_INLINE V operator()(D, V v) const {
    return v;
  }
  template <class T>
  T Scalar(T x) const {
    return x;
  }
};

void AddF32(const float* in, float* out, size_t n, bool streaming) {
  TransformImpl(in, out, n, streaming, AddConstant());
}
void AddF64(const double* in, double* out, size_t n, bool streaming) {
  TransformImpl(in, out, n, streaming, AddConstant());
}
void CopyF64(const double* in, double* out, size_t n, bool streaming) {
  TransformImpl(in, out, n, streaming, Identity());
}

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
  const V64 low31 = hn::Set(d, pi::kLow31);
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
  for (; i < end; ++i) count += pi::outside(key, i);
  return count;
}

const char* TargetName() { return hwy::TargetName(HWY_TARGET); }

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace simd
}  // namespace kernels
}  // namespace accellab
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <string>
#include <vector>

#include "simd.h"

namespace accellab::kernels::simd {

HWY_EXPORT(AddF32);
HWY_EXPORT(AddF64);
HWY_EXPORT(CopyF64);
HWY_EXPORT(CountOutside);
HWY_EXPORT(TargetName);

void add(const float* in, float* out, std::size_t n, Stores stores) {
  HWY_DYNAMIC_DISPATCH(AddF32)(in, out, n, stores == Stores::streaming);
}
void add(const double* in, double* out, std::size_t n, Stores stores) {
  HWY_DYNAMIC_DISPATCH(AddF64)(in, out, n, stores == Stores::streaming);
}
void copy(const double* in, double* out, std::size_t n, Stores stores) {
  HWY_DYNAMIC_DISPATCH(CopyF64)(in, out, n, stores == Stores::streaming);
}

std::uint64_t countOutside(std::uint64_t key, std::uint64_t begin, std::uint64_t end) {
  return HWY_DYNAMIC_DISPATCH(CountOutside)(key, begin, end);
}

std::string targetName() { return HWY_DYNAMIC_DISPATCH(TargetName)(); }

std::vector<std::string> targetsAvailable() {
  std::vector<std::string> names;
  // Target bits: a lower bit is a better target.
  const std::int64_t supported = hwy::SupportedTargets();
  for (std::int64_t bit = 1; bit != 0 && bit <= supported; bit <<= 1) {
    if ((supported & bit) != 0) names.emplace_back(hwy::TargetName(bit));
  }
  return names;
}

Availability vectorizedAvailability() { return Availability::yes(); }

}  // namespace accellab::kernels::simd
#endif  // HWY_ONCE
