// add through Google Highway, dispatched at run time to the best ISA of this CPU, and its
// OpenMP form: threads over the pieces of cpu/parallel.h, each running the SIMD loop.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "add/add_highway.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "add/add_verify.h"
#include "cpu/simd_transform-inl.h"

HWY_BEFORE_NAMESPACE();
namespace accellab {
namespace kernels {
namespace add {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

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

void AddF32(const float* in, float* out, size_t n, bool streaming) {
  simd::HWY_NAMESPACE::TransformImpl(in, out, n, streaming, AddConstant());
}
void AddF64(const double* in, double* out, size_t n, bool streaming) {
  simd::HWY_NAMESPACE::TransformImpl(in, out, n, streaming, AddConstant());
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace add
}  // namespace kernels
}  // namespace accellab
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "add/add_variants.h"
#include "cpu/parallel.h"

namespace accellab::kernels::add {
namespace {

HWY_EXPORT(AddF32);
HWY_EXPORT(AddF64);

void simdPiece(const float* in, float* out, std::size_t n, simd::Stores stores) {
  HWY_DYNAMIC_DISPATCH(AddF32)(in, out, n, stores == simd::Stores::streaming);
}
void simdPiece(const double* in, double* out, std::size_t n, simd::Stores stores) {
  HWY_DYNAMIC_DISPATCH(AddF64)(in, out, n, stores == simd::Stores::streaming);
}

}  // namespace

template <class T>
void addSimd(const T* in, T* out, std::size_t n, simd::Stores stores) {
  simdPiece(in, out, n, stores);
}

template <class T>
PiecesDone addParallel(const T* in, T* out, std::size_t n, int threads, simd::Stores stores,
                       std::uint64_t splitFromBytes, const std::stop_token& stop) {
  return forEachPiece(splitFor(n, threads, streamGrain<T>(2, splitFromBytes)), stop,
                      [&](std::uint64_t, std::uint64_t first, std::uint64_t last) {
                        simdPiece(in + first, out + first, last - first, stores);
                      });
}

template void addSimd(const float*, float*, std::size_t, simd::Stores);
template void addSimd(const double*, double*, std::size_t, simd::Stores);
template PiecesDone addParallel(const float*, float*, std::size_t, int, simd::Stores, std::uint64_t,
                                const std::stop_token&);
template PiecesDone addParallel(const double*, double*, std::size_t, int, simd::Stores,
                                std::uint64_t, const std::stop_token&);

}  // namespace accellab::kernels::add
#endif  // HWY_ONCE
