#include "array_data.h"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "counter_rng.h"
#include "untimed_threads.h"

namespace accellab::kernels {
namespace {

template <class T>
T uniformOneTwo(std::uint64_t random) {
  constexpr int kMantissa = std::numeric_limits<T>::digits - 1;  // 52 or 23
  // The top mantissa bits of the random word, scaled into [0, 1), plus one: exact.
  return T(1) + static_cast<T>(random >> (64 - kMantissa)) *
                    (T(1) / static_cast<T>(std::uint64_t{1} << kMantissa));
}

}  // namespace

template <class T>
void fillUniform(std::span<T> values, std::uint64_t seed, std::uint64_t stream,
                 std::uint64_t first) {
  const std::uint64_t key = rng::streamKey(seed, stream);
  const auto n = static_cast<std::int64_t>(values.size());
  forEachUntimedShare(n, untimedShares(n), [&](int, std::int64_t from, std::int64_t to) {
    for (std::int64_t i = from; i < to; ++i)
      values[i] = uniformOneTwo<T>(rng::draw(key, first + static_cast<std::uint64_t>(i)));
  });
}

template <class T>
void poison(std::span<T> values) {
  const auto n = static_cast<std::int64_t>(values.size());
  forEachUntimedShare(n, untimedShares(n), [&](int, std::int64_t from, std::int64_t to) {
    std::fill(values.begin() + from, values.begin() + to, std::numeric_limits<T>::quiet_NaN());
  });
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

std::string exactText(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

template void fillUniform(std::span<float>, std::uint64_t, std::uint64_t, std::uint64_t);
template void fillUniform(std::span<double>, std::uint64_t, std::uint64_t, std::uint64_t);
template void poison(std::span<float>);
template void poison(std::span<double>);

}  // namespace accellab::kernels
