// The triad through Google Highway, dispatched at run time to the best ISA of this CPU, and
// its OpenMP form: threads over the pieces of cpu/parallel.h, each running the SIMD loop.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "triad/triad_highway.cpp"
#include <hwy/cache_control.h>
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "cpu/parallel.h"
#include "triad/triad_variants.h"

HWY_BEFORE_NAMESPACE();
namespace accellab {
namespace kernels {
namespace triad {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// a[i] = b[i] + kScale * c[i]. Streaming stores need aligned addresses: a scalar head runs
// up to the first aligned element of a; loads stay unaligned.
template <bool kStreaming, class T>
void TriadBody(const T* HWY_RESTRICT b, const T* HWY_RESTRICT c, T* HWY_RESTRICT a, size_t i,
               size_t n) {
  const hn::ScalableTag<T> d;
  const size_t lanes = hn::Lanes(d);
  const auto scale = hn::Set(d, T(kScale));
  for (; i + lanes <= n; i += lanes) {
    const auto v = hn::MulAdd(scale, hn::LoadU(d, c + i), hn::LoadU(d, b + i));
    if constexpr (kStreaming) {
      hn::Stream(v, d, a + i);
    } else {
      hn::StoreU(v, d, a + i);
    }
  }
  for (; i < n; ++i) a[i] = b[i] + T(kScale) * c[i];
  // Streaming stores are weakly ordered: fence them before anyone reads a.
  if constexpr (kStreaming) hwy::FlushStream();
}

template <class T>
void TriadImpl(const T* b, const T* c, T* a, size_t n, bool streaming) {
  const size_t vectorBytes = hn::Lanes(hn::ScalableTag<T>()) * sizeof(T);
  const size_t misaligned = reinterpret_cast<uintptr_t>(a) % vectorBytes;
  if (!streaming || misaligned % sizeof(T) != 0) return TriadBody<false>(b, c, a, 0, n);
  const size_t head = std::min(n, misaligned == 0 ? 0 : (vectorBytes - misaligned) / sizeof(T));
  for (size_t i = 0; i < head; ++i) a[i] = b[i] + T(kScale) * c[i];
  TriadBody<true>(b, c, a, head, n);
}

void TriadF32(const float* b, const float* c, float* a, size_t n, bool streaming) {
  TriadImpl(b, c, a, n, streaming);
}
void TriadF64(const double* b, const double* c, double* a, size_t n, bool streaming) {
  TriadImpl(b, c, a, n, streaming);
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace triad
}  // namespace kernels
}  // namespace accellab
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <algorithm>

namespace accellab::kernels::triad {
namespace {

HWY_EXPORT(TriadF32);
HWY_EXPORT(TriadF64);

void simdPiece(const float* b, const float* c, float* a, std::size_t n, simd::Stores stores) {
  HWY_DYNAMIC_DISPATCH(TriadF32)(b, c, a, n, stores == simd::Stores::streaming);
}
void simdPiece(const double* b, const double* c, double* a, std::size_t n, simd::Stores stores) {
  HWY_DYNAMIC_DISPATCH(TriadF64)(b, c, a, n, stores == simd::Stores::streaming);
}

}  // namespace

template <class T>
void triadSimd(const T* b, const T* c, T* a, std::size_t n, simd::Stores stores) {
  simdPiece(b, c, a, n, stores);
}

template <class T>
PiecesDone triadParallel(const T* b, const T* c, T* a, std::size_t n, int threads,
                         simd::Stores stores, std::uint64_t splitFromBytes,
                         const std::stop_token& stop) {
  return forEachPiece(splitFor(n, threads, streamGrain<T>(3, splitFromBytes)), stop,
                      [&](std::uint64_t, std::uint64_t first, std::uint64_t last) {
                        simdPiece(b + first, c + first, a + first, last - first, stores);
                      });
}

template void triadSimd(const float*, const float*, float*, std::size_t, simd::Stores);
template void triadSimd(const double*, const double*, double*, std::size_t, simd::Stores);
template PiecesDone triadParallel(const float*, const float*, float*, std::size_t, int,
                                  simd::Stores, std::uint64_t, const std::stop_token&);
template PiecesDone triadParallel(const double*, const double*, double*, std::size_t, int,
                                  simd::Stores, std::uint64_t, const std::stop_token&);

}  // namespace accellab::kernels::triad
#endif  // HWY_ONCE
