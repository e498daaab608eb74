// The reference check of add, shared by its CPU and GPU runs.
#pragma once

#include <cstdint>
#include <span>

#include "accellab/kernel.h"

namespace accellab::kernels {

// out = in + kAddend: 2 is exact in both types, and the sum is one IEEE addition wherever
// it is computed, so every variant must reproduce the reference bit for bit.
inline constexpr int kAddend = 2;

// Exact (bitwise) comparison of out with in + kAddend. shape names the first mismatch.
template <class T>
Verification verifyAdd(std::span<const T> in, std::span<const T> out, const Shape3& shape);

}  // namespace accellab::kernels
