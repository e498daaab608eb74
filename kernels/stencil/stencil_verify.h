// The reference check of the stencil, shared by its CPU and GPU runs.
#pragma once

#include <span>

#include "accellab/kernel.h"

namespace accellab::kernels::stencil {

// Relative tolerance of an interior point, in units of the type's epsilon. The inputs lie in
// [1, 2) and every term is positive, so nothing cancels: the products are exact (powers of
// two) and each of the six additions rounds by at most half an ulp, whatever the order the
// neighbours are summed in (SIMD, FMA and the GPU differ from the scalar loop). Six half-ulps
// are 3 ulp; 4 leaves room for the second-order terms.
inline constexpr double kToleranceUlp = 4;

// out against a reference computed in higher precision (double for f32, where it is exact;
// long double for f64): interior points within kToleranceUlp, boundary points equal to in.
template <class T>
Verification verifyStencil(std::span<const T> in, std::span<const T> out, const Shape3& shape);

}  // namespace accellab::kernels::stencil
