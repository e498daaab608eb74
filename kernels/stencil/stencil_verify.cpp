#include "stencil_verify.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>

#include "arrays/element_errors.h"
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
  const auto boundaryAt = [&](std::uint64_t at) {
    return onBoundary(shape, at / shape.x / shape.y, at / shape.x % shape.y, at % shape.x);
  };
  const ElementErrors errors = elementErrors(n, kToleranceUlp, [&](std::int64_t i) {
    // Copied exactly; the inputs are never NaN, so a poisoned output fails.
    if (boundaryAt(static_cast<std::uint64_t>(i)))
      return out[i] == in[i] ? 0.0 : std::numeric_limits<double>::infinity();
    const auto expected = referencePoint(in.data() + i, row, plane);
    return static_cast<double>(std::fabs(Wide<T>(out[i]) - expected) / expected) / kEpsilon;
  });
  Verification result;
  if (errors.failed == 0) {
    // A point is interior where it has both neighbours along each axis.
    const auto inner = [](std::uint64_t extent) { return extent > 2 ? extent - 2 : 0; };
    const auto interior =
        static_cast<std::int64_t>(inner(shape.z) * inner(shape.y) * inner(shape.x));
    result.ok = true;
    result.detail = "max relative error " + ulpText(errors.worst) + " ulp over " +
                    std::to_string(interior) + " interior points (tolerance " +
                    ulpText(kToleranceUlp) + " ulp: six additions of positive terms); " +
                    std::to_string(n - interior) + " boundary points copied exactly";
    return result;
  }
  const auto at = static_cast<std::size_t>(errors.first);
  const double expected = boundaryAt(at)
                              ? static_cast<double>(in[at])
                              : static_cast<double>(referencePoint(in.data() + at, row, plane));
  result.detail = failureText(errors, n, "points differ beyond " + ulpText(kToleranceUlp) + " ulp",
                              locate(at, shape), out[at], expected);
  return result;
}

template Verification verifyStencil(std::span<const float>, std::span<const float>, const Shape3&);
template Verification verifyStencil(std::span<const double>, std::span<const double>,
                                    const Shape3&);

}  // namespace accellab::kernels::stencil
