// What the Highway loops share: the bandwidth probe's copy, the name of the instruction set
// they run on, and the targets this CPU offers. Compiled once per x86 target (SSSE3 ...
// AVX3_DL), and HWY_DYNAMIC_DISPATCH picks the best one this CPU supports at run time. That is
// why the build never passes -march=native.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "cpu/simd_highway.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "cpu/simd_transform-inl.h"

HWY_BEFORE_NAMESPACE();
namespace accellab {
namespace kernels {
namespace simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

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

void CopyF64(const double* in, double* out, size_t n, bool streaming) {
  TransformImpl(in, out, n, streaming, Identity());
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

HWY_EXPORT(CopyF64);
HWY_EXPORT(TargetName);

void copy(const double* in, double* out, std::size_t n, Stores stores) {
  HWY_DYNAMIC_DISPATCH(CopyF64)(in, out, n, stores == Stores::streaming);
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
