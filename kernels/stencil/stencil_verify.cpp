#include "stencil_verify.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>

#include "arrays/array_data.h"
#include "stencil_sweep.h"

namespace accellab::kernels::stencil {
namespace {

// Wide enough that the reference's own rounding is far below the tolerance.
template <class T>
using Wide = std::conditional_t<std::is_same_v<T, float>, double, long double>;

template <class T>
Wide<T> referencePoint(const T* c, std::ptrdiff_t row, std::ptrdiff_t plane) {
  using W = Wide<T>;
  const W sum = W(c[-1]) + W(c[1]) + W(c[-row]) + W(c[row]) + W(c[-plane]) + W(c[plane]);
  return W(kCentre) * W(c[0]) + W(kNeighbour) * sum;
}

std::string ulpText(double ulp) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", ulp);
  return text;
}

}  // namespace

template <class T>
Verification verifyStencil(std::span<const T> in, std::span<const T> out, const Shape3& shape) {
  const auto row = static_cast<std::ptrdiff_t>(shape.x);
  const auto plane = static_cast<std::ptrdiff_t>(shape.x * shape.y);
  const auto n = static_cast<std::int64_t>(out.size());
  constexpr double kEpsilon = std::numeric_limits<T>::epsilon();
  std::int64_t first = n;
  std::int64_t mismatches = 0;
  std::int64_t boundary = 0;
  double worstUlp = 0;
#pragma omp parallel for schedule(static) reduction(min : first) \
    reduction(+ : mismatches, boundary) reduction(max : worstUlp)
  for (std::int64_t i = 0; i < n; ++i) {
    const auto at = static_cast<std::uint64_t>(i);
    const std::uint64_t x = at % shape.x;
    const std::uint64_t y = at / shape.x % shape.y;
    const std::uint64_t z = at / shape.x / shape.y;
    bool ok = false;
    if (onBoundary(shape, z, y, x)) {
      ++boundary;
      ok = out[i] == in[i];  // inputs are never NaN, so a poisoned output fails
    } else {
      const auto expected = referencePoint(in.data() + i, row, plane);
      const double ulp =
          static_cast<double>(std::fabs(Wide<T>(out[i]) - expected) / expected) / kEpsilon;
      ok = ulp <= kToleranceUlp;  // false for NaN
      if (ok) worstUlp = ulp > worstUlp ? ulp : worstUlp;
    }
    if (!ok) {
      ++mismatches;
      first = i < first ? i : first;
    }
  }
  Verification result;
  if (mismatches == 0) {
    result.ok = true;
    result.detail = "max relative error " + ulpText(worstUlp) + " ulp over " +
                    std::to_string(n - boundary) + " interior points (tolerance " +
                    ulpText(kToleranceUlp) + " ulp: six additions of positive terms); " +
                    std::to_string(boundary) + " boundary points copied exactly";
    return result;
  }
  const auto at = static_cast<std::size_t>(first);
  const std::uint64_t x = at % shape.x;
  const std::uint64_t y = at / shape.x % shape.y;
  const std::uint64_t z = at / shape.x / shape.y;
  const double expected = onBoundary(shape, z, y, x)
                              ? static_cast<double>(in[at])
                              : static_cast<double>(referencePoint(in.data() + at, row, plane));
  result.detail = std::to_string(mismatches) + " of " + std::to_string(n) +
                  " points differ beyond " + ulpText(kToleranceUlp) + " ulp; first at " +
                  locate(at, shape) + ": got " + exactText(out[at]) + ", expected " +
                  exactText(expected);
  return result;
}

template Verification verifyStencil(std::span<const float>, std::span<const float>, const Shape3&);
template Verification verifyStencil(std::span<const double>, std::span<const double>,
                                    const Shape3&);

}  // namespace accellab::kernels::stencil
