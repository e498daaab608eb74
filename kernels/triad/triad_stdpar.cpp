// The triad as a C++17 user writes it: std::transform with std::execution::par_unseq, run by
// libstdc++ on TBB.
#include <oneapi/tbb/global_control.h>

#include <algorithm>
#include <execution>

#include "triad_variants.h"

namespace accellab::kernels::triad {

template <class T>
void triadStdPar(const T* b, const T* c, T* a, std::size_t n, int threads) {
  // The point's thread count: TBB would otherwise take every core.
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                                  static_cast<std::size_t>(threads));
  std::transform(std::execution::par_unseq, b, b + n, c, a,
                 [](T x, T y) { return x + T(kScale) * y; });
}

template void triadStdPar(const float*, const float*, float*, std::size_t, int);
template void triadStdPar(const double*, const double*, double*, std::size_t, int);

}  // namespace accellab::kernels::triad
