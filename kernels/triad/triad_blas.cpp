// The triad as a BLAS user writes it: copy b into a, then a += kScale * c. Two passes over
// a (4 array traffics per element instead of 3), which is the price of BLAS having no triad.
#include <cblas.h>

#include <algorithm>
#include <limits>

#include "triad_variants.h"

namespace accellab::kernels::triad {
namespace {

void copy(const float* x, float* y, blasint n) { cblas_scopy(n, x, 1, y, 1); }
void copy(const double* x, double* y, blasint n) { cblas_dcopy(n, x, 1, y, 1); }
void axpy(float s, const float* x, float* y, blasint n) { cblas_saxpy(n, s, x, 1, y, 1); }
void axpy(double s, const double* x, double* y, blasint n) { cblas_daxpy(n, s, x, 1, y, 1); }

}  // namespace

template <class T>
void triadBlas(const T* b, const T* c, T* a, std::size_t n, int threads) {
  openblas_set_num_threads(threads);
  // BLAS counts in int: pieces below its limit (the caller's chunks already are).
  constexpr std::size_t kMax = std::numeric_limits<blasint>::max();
  for (std::size_t first = 0; first < n; first += kMax) {
    const auto count = static_cast<blasint>(std::min(kMax, n - first));
    copy(b + first, a + first, count);
    axpy(T(kScale), c + first, a + first, count);
  }
}

template void triadBlas(const float*, const float*, float*, std::size_t, int);
template void triadBlas(const double*, const double*, double*, std::size_t, int);

}  // namespace accellab::kernels::triad
