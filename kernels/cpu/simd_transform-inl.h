// out[i] = op(in[i]) through Google Highway, for every target a file compiles (Highway's
// "-inl.h" convention: included after hwy/foreach_target.h, once per target, so it has no
// #pragma once but a guard toggled with HWY_TARGET_TOGGLE). Shared by add's loop and the
// bandwidth probe's copy, which differ in `op` only.

// NOLINTNEXTLINE(llvm-header-guard)
#if defined(ACCELLAB_CPU_SIMD_TRANSFORM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ACCELLAB_CPU_SIMD_TRANSFORM_INL_H_
#undef ACCELLAB_CPU_SIMD_TRANSFORM_INL_H_
#else
#define ACCELLAB_CPU_SIMD_TRANSFORM_INL_H_
#endif

#include <hwy/cache_control.h>
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace accellab {
namespace kernels {
namespace simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// `op(d, v)` on a vector and `op.Scalar(x)` on one element must be the same IEEE operation.
// Streaming stores need aligned addresses: a scalar head runs up to the first aligned output
// element; loads stay unaligned (in and out may differ in alignment).
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

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace simd
}  // namespace kernels
}  // namespace accellab
HWY_AFTER_NAMESPACE();

#endif  // ACCELLAB_CPU_SIMD_TRANSFORM_INL_H_
