// OpenMP over contiguous pieces, each running the single-threaded SIMD inner loop.
#pragma once

#include <cstdint>

#include "simd.h"

namespace accellab::kernels {

template <class T>
void addParallel(const T* in, T* out, std::uint64_t n, int threads, simd::Stores stores);

std::uint64_t countOutsideParallel(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                                   int threads);

}  // namespace accellab::kernels
