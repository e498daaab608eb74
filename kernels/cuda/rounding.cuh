// Included by the .cu files only. The round-to-nearest intrinsics say exactly which operation
// runs: bit-identical to the CPU's IEEE addition, whatever the compiler would contract.
#pragma once

namespace accellab::kernels::cuda {

__device__ inline float addNearest(float a, float b) { return __fadd_rn(a, b); }
__device__ inline double addNearest(double a, double b) { return __dadd_rn(a, b); }

}  // namespace accellab::kernels::cuda
