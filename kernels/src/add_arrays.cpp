#include "add_arrays.h"

#include <bit>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>

#include "pi_sampler.h"

namespace accellab::kernels {
namespace {

using Bits64 = std::uint64_t;

template <class T>
using BitsOf = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;

template <class T>
T uniformOneTwo(Bits64 random) {
  constexpr int kMantissa = std::numeric_limits<T>::digits - 1;  // 52 or 23
  // The top mantissa bits of the random word, scaled into [0, 1), plus one: exact.
  return T(1) + static_cast<T>(random >> (64 - kMantissa)) *
                    (T(1) / static_cast<T>(Bits64{1} << kMantissa));
}

std::string locate(std::uint64_t index, const Shape3& shape) {
  const std::uint64_t x = index % shape.x;
  const std::uint64_t y = index / shape.x % shape.y;
  const std::uint64_t z = index / shape.x / shape.y;
  char text[80];
  std::snprintf(text, sizeof text, "[%llu][%llu][%llu]", static_cast<unsigned long long>(z),
                static_cast<unsigned long long>(y), static_cast<unsigned long long>(x));
  return text;
}

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

}  // namespace

template <class T>
void fillInput(std::span<T> in, std::uint64_t seed) {
  const std::uint64_t key = pi::streamKey(seed);
  const auto n = static_cast<std::int64_t>(in.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    in[i] = uniformOneTwo<T>(pi::mix(key + static_cast<Bits64>(i + 1) * pi::kGamma));
  }
}

template <class T>
void poisonOutput(std::span<T> out) {
  const auto n = static_cast<std::int64_t>(out.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) out[i] = std::numeric_limits<T>::quiet_NaN();
}

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
                  " elements differ; first at " + locate(at, shape) + ": got " + number(out[at]) +
                  ", expected " + number(in[at] + T(kAddend));
  return result;
}

template void fillInput(std::span<float>, std::uint64_t);
template void fillInput(std::span<double>, std::uint64_t);
template void poisonOutput(std::span<float>);
template void poisonOutput(std::span<double>);
template Verification verifyAdd(std::span<const float>, std::span<const float>, const Shape3&);
template Verification verifyAdd(std::span<const double>, std::span<const double>, const Shape3&);

}  // namespace accellab::kernels
