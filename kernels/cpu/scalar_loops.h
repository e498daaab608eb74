// The scalar baselines: plain loops that the build compiles without auto-vectorization
// (see kernels/CMakeLists.txt), so they measure what one scalar instruction stream does.
#pragma once

#include <cstdint>
#include <stop_token>

#include "accellab/types.h"

namespace accellab::kernels {

// out[z][y][x] = in[z][y][x] + 2, loops z, y, x (x innermost, unit stride). False when stopped.
template <class T>
bool addLoop(const T* in, T* out, const Shape3& shape, std::stop_token stop);

// The tutorial's order: x outermost, then z, then y innermost; every access jumps x elements.
template <class T>
bool addLoopStrided(const T* in, T* out, const Shape3& shape, std::stop_token stop);

// Samples [begin, end) of the pi stream `key` that fall outside the quarter circle.
std::uint64_t countOutsideScalar(std::uint64_t key, std::uint64_t begin, std::uint64_t end);

}  // namespace accellab::kernels
