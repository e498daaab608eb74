// The reference check of matmul, shared by its CPU and GPU runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "accellab/kernel.h"

namespace accellab::kernels::matmul {

// Up to this n every element of C is compared with the exact product; above it, the elements
// of the first and last rows and columns (where the edge tiles and tails of a blocked kernel
// fall), as an O(n^3) reference would take minutes.
inline constexpr std::size_t kEveryElementUpTo = 256;

// The relative error any correct variant stays within: n * eps of T. Every C[i][j] is a sum
// of n products of elements of [1, 2), all positive, so whatever the order of the sum (blocked,
// vectorized, FMA or not, split across threads), its rounding error is at most
// gamma_n = n*u / (1 - n*u) times the exact value (Higham, Accuracy and Stability of Numerical
// Algorithms, 3.1), u = eps / 2; n * eps exceeds gamma_n while n * eps <= 1, true up to
// n = 2^23 in f32. The check itself, in long double, adds errors of n * 2^-64 relative, far
// below the slack.
template <class T>
double relativeTolerance(std::size_t n);

// C = A * B for n x n row-major matrices within relativeTolerance: Freivalds' check for every
// n (C*r against A*(B*r) in long double, r a random positive vector from `seed`; the bound
// carries over as every term is positive) and the elements above.
template <class T>
Verification verifyMatmul(std::span<const T> a, std::span<const T> b, std::span<const T> c,
                          std::size_t n, std::uint64_t seed);

}  // namespace accellab::kernels::matmul
