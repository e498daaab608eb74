// The data side of the add kernel, shared by its CPU and GPU runs: random inputs,
// poisoned outputs and the exact check against the reference.
#pragma once

#include <cstdint>
#include <span>

#include "accellab/kernel.h"

namespace accellab::kernels {

// out = in + kAddend: 2 is exact in both types, and the sum is one IEEE addition wherever
// it is computed, so every variant must reproduce the reference bit for bit.
inline constexpr int kAddend = 2;

// Uniform in [1, 2) from the seed, never zero; counter-based, so filled in parallel.
template <class T>
void fillInput(std::span<T> in, std::uint64_t seed);

// Quiet NaN everywhere: a correct run overwrites every element.
template <class T>
void poisonOutput(std::span<T> out);

// Exact (bitwise) comparison of out with in + kAddend. shape names the first mismatch.
template <class T>
Verification verifyAdd(std::span<const T> in, std::span<const T> out, const Shape3& shape);

}  // namespace accellab::kernels
