#include "triad_verify.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "arrays/element_errors.h"
#include "triad_variants.h"

namespace accellab::kernels::triad {
namespace {

// b and c are in [1, 2) on the grid of 2^-52 (f64) or 2^-23 (f32) (fillUniform), so b + 3c
// lies in [4, 8) on that grid: at most 55 significant bits, which long double's 64 hold
// exactly (x86-64's 80-bit format).
//
// Why one ulp: an FMA (Highway's MulAdd where the ISA has it, the GPU's fma, BLAS's axpy
// kernels) rounds once, within half an ulp of the exact value; the scalar loop and std-par
// (no FMA in the baseline ISA) round 3c first, then the sum: 3c lies in [3, 6), whose ulp
// is at most that of the result in [4, 8), so the two roundings stay within half an ulp
// each, one ulp in all. A value that any variant may produce is within one ulp of exact;
// anything further off is wrong.
template <class T>
long double exactTriad(T b, T c) {
  return static_cast<long double>(b) + static_cast<long double>(kScale) * c;
}

template <class T>
long double ulpOf(long double exact) {
  const T rounded = static_cast<T>(exact);
  return static_cast<long double>(std::nextafter(rounded, std::numeric_limits<T>::infinity())) -
         rounded;
}

}  // namespace

template <class T>
Verification verifyTriad(std::span<const T> b, std::span<const T> c, std::span<const T> a,
                         const Shape3& shape) {
  const auto n = static_cast<std::int64_t>(a.size());
  const ElementErrors errors = elementErrors(n, 1.0, [&](std::int64_t i) {
    const long double exact = exactTriad(b[i], c[i]);
    return static_cast<double>(std::fabs(a[i] - exact) / ulpOf<T>(exact));
  });
  Verification result;
  if (errors.failed == 0) {
    char text[128];
    std::snprintf(text, sizeof text, "max error %.2g ulp over %lld elements (tolerance 1 ulp)",
                  errors.worst, static_cast<long long>(n));
    result.ok = true;
    result.detail = text;
    return result;
  }
  const auto at = static_cast<std::size_t>(errors.first);
  result.detail = failureText(errors, n, "elements off by more than 1 ulp", locate(at, shape),
                              a[at], static_cast<double>(exactTriad(b[at], c[at])));
  return result;
}

template Verification verifyTriad(std::span<const float>, std::span<const float>,
                                  std::span<const float>, const Shape3&);
template Verification verifyTriad(std::span<const double>, std::span<const double>,
                                  std::span<const double>, const Shape3&);

}  // namespace accellab::kernels::triad
