#include "reduce_verify.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace accellab::kernels::reduce {
namespace {

template <class T>
constexpr double kUnitRoundoff = std::numeric_limits<T>::epsilon() / 2;

// The exact sum, in units of the inputs' grid: every value in [1, 2) from fillUniform is an
// integer number of 2^-52 (f64) or 2^-23 (f32), below 2^53, so the sum is an integer that a
// 128-bit counter (two words with a carry) holds for any array that fits in memory.
template <class T>
long double exactSum(std::span<const T> values) {
  constexpr int kFractionBits = std::numeric_limits<T>::digits - 1;
  const T toUnits = std::ldexp(T(1), kFractionBits);  // exact: a power of two
  std::uint64_t low = 0;
  std::uint64_t high = 0;
  for (const T value : values) {
    const auto units = static_cast<std::uint64_t>(value * toUnits);
    low += units;
    high += low < units ? 1 : 0;
  }
  // One rounding to long double's 64 bits: 2^-64 relative, far below any tolerance here.
  const long double units = std::ldexp(static_cast<long double>(high), 64) + low;
  return std::ldexp(units, -kFractionBits);
}

}  // namespace

// 16 u. Compensated summation's result is the exact sum rounded once (u) plus the error of
// summing the compensations, which are themselves rounding errors: second order, of size
// m u^2 S for m additions into one accumulator when their signs are random (Higham, Accuracy
// and Stability of Numerical Algorithms, 2nd ed., §4.3; Ogita, Rump, Oishi 2005, Sum2: worst
// case (m u)^2 S). Here m is at most a chunk (2^22 elements) per running sum: in f64 even
// the worst case is far inside 16 u; in f32 the expected one is (about u/4) and the worst
// case is not — a sum 16 u off shows a lost or doubled element long before rounding does.
// The vectorized sums feed their running sums the plain pairwise sum of four vectors, at
// most 2 u of it off: 3 u in all, still well inside.
template <class T>
Tolerance compensatedTolerance() {
  char text[96];
  std::snprintf(text, sizeof text, "16 u = %.2g, compensated summation", 16 * kUnitRoundoff<T>);
  return {16 * kUnitRoundoff<T>, text};
}

template <class T>
Tolerance blockedTolerance(std::uint64_t n, std::uint64_t block) {
  const double m = static_cast<double>(std::max<std::uint64_t>(1, std::min(n, block)));
  const double gamma = (m - 1) * kUnitRoundoff<T> / (1 - (m - 1) * kUnitRoundoff<T>);
  const double relative = gamma + 16 * kUnitRoundoff<T>;
  char text[128];
  std::snprintf(text, sizeof text,
                "%.2g: plain summation of blocks of %.0f (gamma_%.0f) + 16 u for their merge",
                relative, m, m - 1);
  return {relative, text};
}

template <class T>
Verification verifyReduce(std::span<const T> values, T sum, const Tolerance& tolerance) {
  const long double exact = exactSum(values);
  const auto error = static_cast<double>(std::fabs(sum - exact) / exact);
  Verification result;
  result.ok = error <= tolerance.relative;  // NaN (poison) fails
  char text[320];
  std::snprintf(text, sizeof text,
                "sum %.17g, exact %.17Lg over %zu elements: relative error %.2g (tolerance %s)",
                static_cast<double>(sum), exact, values.size(), error, tolerance.basis.c_str());
  result.detail = text;
  return result;
}

template Tolerance compensatedTolerance<float>();
template Tolerance compensatedTolerance<double>();
template Tolerance blockedTolerance<float>(std::uint64_t, std::uint64_t);
template Tolerance blockedTolerance<double>(std::uint64_t, std::uint64_t);
template Verification verifyReduce(std::span<const float>, float, const Tolerance&);
template Verification verifyReduce(std::span<const double>, double, const Tolerance&);

}  // namespace accellab::kernels::reduce
