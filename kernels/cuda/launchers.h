// The CUDA kernels' launchers, callable from plain C++: they queue work on the default
// stream and check the launch (cuda_check.h); no CUDA type crosses this header.
#pragma once

#include <cstdint>

namespace accellab::kernels::cuda {

// out[i] = in[i] + addend for i < n, rounded to nearest as on the CPU (no contraction).
void launchAdd(const float* in, float* out, std::uint64_t n, float addend);
void launchAdd(const double* in, double* out, std::uint64_t n, double addend);

// Blocks per launch of launchCountOutside that fill device 0.
int countOutsideBlocks();
// Adds to *count the samples [begin, end) of pi stream `key` outside the quarter circle.
void launchCountOutside(std::uint64_t key, std::uint64_t begin, std::uint64_t end, int blocks,
                        unsigned long long* count);

}  // namespace accellab::kernels::cuda
