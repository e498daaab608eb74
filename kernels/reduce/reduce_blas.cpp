// The sum through OpenBLAS: asum is the sum of |x|, which is the sum itself because every
// input is positive ([1, 2), fillUniform). asum adds in T without compensation, so it runs on
// blocks of kBlasBlock elements (the error of plain summation grows with its length) whose
// sums merge compensated.
#include <cblas.h>

#include <algorithm>

#include "reduce_variants.h"

namespace accellab::kernels::reduce {
namespace {

float asum(const float* x, std::size_t n) { return cblas_sasum(static_cast<blasint>(n), x, 1); }
double asum(const double* x, std::size_t n) { return cblas_dasum(static_cast<blasint>(n), x, 1); }

}  // namespace

template <class T>
CompensatedSum<T> sumBlas(const T* x, std::size_t n) {
  // One thread: a block is microseconds of work, shorter than waking OpenBLAS's threads.
  openblas_set_num_threads(1);
  CompensatedSum<T> total;
  for (std::size_t first = 0; first < n; first += kBlasBlock)
    total.add(asum(x + first, std::min(kBlasBlock, n - first)));
  return total;
}

template CompensatedSum<float> sumBlas(const float*, std::size_t);
template CompensatedSum<double> sumBlas(const double*, std::size_t);

}  // namespace accellab::kernels::reduce
