// The reference check of reduce, shared by its CPU and GPU runs.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "accellab/kernel.h"

namespace accellab::kernels::reduce {

// How far a variant's sum may be from the exact one, relative to it, and why.
struct Tolerance {
  double relative = 0;
  std::string basis;
};

// For the variants that add compensated all the way (compensated_sum.h): 16 u, u the unit
// roundoff of T (2^-24 or 2^-53); see reduce_verify.cpp.
template <class T>
Tolerance compensatedTolerance();
// For plain summation in blocks of `block` elements whose sums merge compensated: the
// recursive-summation bound of a block, gamma_(m-1) = (m-1) u / (1 - (m-1) u) for
// m = min(n, block), plus the compensated tolerance.
template <class T>
Tolerance blockedTolerance(std::uint64_t n, std::uint64_t block);

// `sum` against the exact sum of `values` (every one in [1, 2), fillUniform).
template <class T>
Verification verifyReduce(std::span<const T> values, T sum, const Tolerance& tolerance);

}  // namespace accellab::kernels::reduce
