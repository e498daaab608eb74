#include "add_verify.h"

#include <bit>
#include <limits>
#include <string>
#include <type_traits>

#include "arrays/element_errors.h"

namespace accellab::kernels {
namespace {

template <class T>
using BitsOf = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;

}  // namespace

template <class T>
Verification verifyAdd(std::span<const T> in, std::span<const T> out, const Shape3& shape) {
  const auto n = static_cast<std::int64_t>(out.size());
  // Bitwise: any difference fails.
  const ElementErrors errors = elementErrors(n, 0, [&](std::int64_t i) {
    const T expected = in[i] + T(kAddend);
    return std::bit_cast<BitsOf<T>>(out[i]) == std::bit_cast<BitsOf<T>>(expected)
               ? 0.0
               : std::numeric_limits<double>::infinity();
  });
  Verification result;
  if (errors.failed == 0) {
    result.ok = true;
    result.detail = "max |error| 0 over " + std::to_string(n) + " elements";
    return result;
  }
  const auto at = static_cast<std::size_t>(errors.first);
  result.detail =
      failureText(errors, n, "elements differ", locate(at, shape), out[at], in[at] + T(kAddend));
  return result;
}

template Verification verifyAdd(std::span<const float>, std::span<const float>, const Shape3&);
template Verification verifyAdd(std::span<const double>, std::span<const double>, const Shape3&);

}  // namespace accellab::kernels
