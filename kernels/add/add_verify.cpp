#include "add_verify.h"

#include <bit>
#include <string>
#include <type_traits>

#include "arrays/array_data.h"

namespace accellab::kernels {
namespace {

template <class T>
using BitsOf = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;

}  // namespace

template <class T>
Verification verifyAdd(std::span<const T> in, std::span<const T> out, const Shape3& shape) {
  const auto n = static_cast<std::int64_t>(out.size());
  std::int64_t first = n;
  std::int64_t mismatches = 0;
#pragma omp parallel for schedule(static) reduction(min : first) reduction(+ : mismatches)
  for (std::int64_t i = 0; i < n; ++i) {
    const T expected = in[i] + T(kAddend);
    if (std::bit_cast<BitsOf<T>>(out[i]) != std::bit_cast<BitsOf<T>>(expected)) {
      ++mismatches;
      first = i < first ? i : first;
    }
  }
  Verification result;
  if (mismatches == 0) {
    result.ok = true;
    result.detail = "max |error| 0 over " + std::to_string(n) + " elements";
    return result;
  }
  const auto at = static_cast<std::size_t>(first);
  result.detail = std::to_string(mismatches) + " of " + std::to_string(n) +
                  " elements differ; first at " + locate(at, shape) + ": got " +
                  exactText(out[at]) + ", expected " + exactText(in[at] + T(kAddend));
  return result;
}

template Verification verifyAdd(std::span<const float>, std::span<const float>, const Shape3&);
template Verification verifyAdd(std::span<const double>, std::span<const double>, const Shape3&);

}  // namespace accellab::kernels
