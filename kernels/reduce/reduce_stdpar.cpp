// The sum as a C++17 user writes it, made accurate: std::transform_reduce with
// std::execution::par_unseq over compensated pairs, run by libstdc++ on TBB. A plain
// std::reduce in T would lose digits in every long run of additions TBB hands one thread.
#include <oneapi/tbb/global_control.h>

#include <execution>
#include <numeric>

#include "reduce_variants.h"

namespace accellab::kernels::reduce {

template <class T>
CompensatedSum<T> sumStdPar(const T* x, std::size_t n, int threads) {
  // The point's thread count: TBB would otherwise take every core.
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                                  static_cast<std::size_t>(threads));
  return std::transform_reduce(
      std::execution::par_unseq, x, x + n, CompensatedSum<T>{},
      [](CompensatedSum<T> a, const CompensatedSum<T>& b) {
        a.merge(b);
        return a;
      },
      [](T value) {
        return CompensatedSum<T>{value, 0};
      });
}

template CompensatedSum<float> sumStdPar(const float*, std::size_t, int);
template CompensatedSum<double> sumStdPar(const double*, std::size_t, int);

}  // namespace accellab::kernels::reduce
