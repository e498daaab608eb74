// The reference check of the triad, shared by its CPU and GPU runs.
#pragma once

#include <span>

#include "accellab/kernel.h"

namespace accellab::kernels::triad {

// a against b + 3c computed exactly (long double holds it: see triad_verify.cpp), within one
// ulp of the result. shape names the first element outside it.
template <class T>
Verification verifyTriad(std::span<const T> b, std::span<const T> c, std::span<const T> a,
                         const Shape3& shape);

}  // namespace accellab::kernels::triad
