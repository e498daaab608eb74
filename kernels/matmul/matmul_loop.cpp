// The scalar variants of matmul, compiled without auto-vectorization (kernels/CMakeLists.txt):
// the baseline the SIMD variants are measured against.
#include <algorithm>

#include "cpu/stop_chunks.h"
#include "matmul_multiply.h"

namespace accellab::kernels::matmul {
namespace {

// Tiles of the blocked variant: a 128 x 128 tile of B (128 KiB in f64) stays in the L2 cache
// while 32 rows of A and C stream past it; a 128-wide row piece of C (1 KiB) stays in L1.
constexpr std::size_t kTileRows = 32;
constexpr std::size_t kTileDepth = 128;
constexpr std::size_t kTileColumns = 128;

}  // namespace

template <class T>
bool multiplyLoop(const T* a, const T* b, T* c, std::size_t n, std::stop_token stop) {
  StopGate gate(std::move(stop), kStopMultiplyAdds);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      if (gate.stopAfter(n)) return false;
      T sum = 0;
      for (std::size_t k = 0; k < n; ++k) sum += a[i * n + k] * b[k * n + j];
      c[i * n + j] = sum;
    }
  }
  return true;
}

template <class T>
bool multiplyBlocked(const T* a, const T* b, T* c, std::size_t n, std::stop_token stop) {
  StopGate gate(std::move(stop), kStopMultiplyAdds);
  for (std::size_t i0 = 0; i0 < n; i0 += kTileRows) {
    const std::size_t i1 = std::min(n, i0 + kTileRows);
    std::fill(c + i0 * n, c + i1 * n, T(0));
    for (std::size_t k0 = 0; k0 < n; k0 += kTileDepth) {
      const std::size_t k1 = std::min(n, k0 + kTileDepth);
      for (std::size_t j0 = 0; j0 < n; j0 += kTileColumns) {
        const std::size_t j1 = std::min(n, j0 + kTileColumns);
        if (gate.stopAfter((i1 - i0) * (k1 - k0) * (j1 - j0))) return false;
        for (std::size_t i = i0; i < i1; ++i) {
          for (std::size_t k = k0; k < k1; ++k) {
            const T aik = a[i * n + k];
            for (std::size_t j = j0; j < j1; ++j) c[i * n + j] += aik * b[k * n + j];
          }
        }
      }
    }
  }
  return true;
}

template bool multiplyLoop(const float*, const float*, float*, std::size_t, std::stop_token);
template bool multiplyLoop(const double*, const double*, double*, std::size_t, std::stop_token);
template bool multiplyBlocked(const float*, const float*, float*, std::size_t, std::stop_token);
template bool multiplyBlocked(const double*, const double*, double*, std::size_t, std::stop_token);

}  // namespace accellab::kernels::matmul
