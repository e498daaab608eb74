// The blas variant of matmul: OpenBLAS's gemm, the yardstick for the SIMD variants.
#include <cblas.h>

#include <algorithm>

#include "cpu/stop_chunks.h"
#include "matmul_multiply.h"

namespace accellab::kernels::matmul {
namespace {

// FLOPs per gemm call: a call cannot be stopped, so C goes in row blocks of about this much
// work, tens of ms at OpenBLAS's speed (0.2 s on one slow core); 256 rows at n = 2048, few
// enough calls that splitting costs nothing measurable.
constexpr std::uint64_t kFlopsPerCall = std::uint64_t{1} << 31;

// C's rows [0, rows) = A's rows [0, rows) * B.
void gemm(const float* a, const float* b, float* c, blasint rows, blasint n) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, rows, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
}
void gemm(const double* a, const double* b, double* c, blasint rows, blasint n) {
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, rows, n, n, 1.0, a, n, b, n, 0.0, c, n);
}

}  // namespace

template <class T>
bool multiplyBlas(const T* a, const T* b, T* c, std::size_t n, int threads, std::stop_token stop) {
  // OpenBLAS keeps one thread count for the process; each run sets its point's.
  openblas_set_num_threads(threads);
  const std::uint64_t rowsPerCall = std::max<std::uint64_t>(1, kFlopsPerCall / (2 * n * n));
  return forEachChunk(n, rowsPerCall, std::move(stop), [&](std::uint64_t i0, std::uint64_t i1) {
    gemm(a + i0 * n, b, c + i0 * n, static_cast<blasint>(i1 - i0), static_cast<blasint>(n));
  });
}

template bool multiplyBlas(const float*, const float*, float*, std::size_t, int, std::stop_token);
template bool multiplyBlas(const double*, const double*, double*, std::size_t, int,
                           std::stop_token);

}  // namespace accellab::kernels::matmul
