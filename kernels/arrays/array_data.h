// The data side of the array kernels, shared by their CPU and GPU runs: random inputs that
// are never zero, and outputs poisoned so that an element a run forgot to write shows.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "accellab/types.h"

namespace accellab::kernels {

// Uniform in [1, 2) from stream `stream` of the seed (counter_rng.h), so that each array of a
// kernel gets its own values; counter-based, so filled in parallel. Every value is exact in
// f32 and f64 alike (at most 23 mantissa bits for f32, 52 for f64).
template <class T>
// `first`: the index in the stream of values[0], so a distributed share holds its slice of
// the whole array's values.
void fillUniform(std::span<T> values, std::uint64_t seed, std::uint64_t stream = 0,
                 std::uint64_t first = 0);

// Quiet NaN everywhere: a correct run overwrites every element.
template <class T>
void poison(std::span<T> values);

// "[z][y][x]" of a C-order index: where a verification names its first mismatch.
std::string locate(std::uint64_t index, const Shape3& shape);
// A value with all its digits ("%.17g"), for mismatch messages.
std::string exactText(double value);

}  // namespace accellab::kernels
