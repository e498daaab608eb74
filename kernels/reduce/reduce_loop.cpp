// Compiled with -fno-tree-vectorize -fno-tree-slp-vectorize (kernels/CMakeLists.txt): the
// scalar baseline, one compensated accumulator.
#include "reduce_variants.h"

namespace accellab::kernels::reduce {

template <class T>
CompensatedSum<T> sumLoop(const T* x, std::size_t n) {
  CompensatedSum<T> total;
  for (std::size_t i = 0; i < n; ++i) total.add(x[i]);
  return total;
}

template CompensatedSum<float> sumLoop(const float*, std::size_t);
template CompensatedSum<double> sumLoop(const double*, std::size_t);

}  // namespace accellab::kernels::reduce
