// Single-threaded SIMD inner loops. Built on Google Highway (runtime dispatch to the best
// ISA of the CPU) when available, else on the compiler's `omp simd` for the baseline ISA.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "accellab/kernel.h"

namespace accellab::kernels::simd {

// out[i] = in[i] + 2 for i < n; any n, any alignment.
void add(const float* in, float* out, std::size_t n);
void add(const double* in, double* out, std::size_t n);

// Same result as countOutsideScalar, bit for bit.
std::uint64_t countOutside(std::uint64_t key, std::uint64_t begin, std::uint64_t end);

// The instruction set these loops run on here: a Highway target name ("AVX3", "AVX2") or
// "compiler SIMD" when built without Highway.
std::string targetName();
// Highway targets this CPU supports, best first; empty when built without Highway.
std::vector<std::string> targetsAvailable();
// The vectorized variant needs Highway: "built without Google Highway" otherwise.
Availability vectorizedAvailability();

}  // namespace accellab::kernels::simd
