// add as a C++17 user writes it: std::transform with std::execution::par_unseq, on TBB.
#pragma once

#include <cstdint>

namespace accellab::kernels {

// out[i] = in[i] + kAddend for i < n on at most `threads` TBB threads.
template <class T>
void addStdPar(const T* in, T* out, std::uint64_t n, int threads);

}  // namespace accellab::kernels
