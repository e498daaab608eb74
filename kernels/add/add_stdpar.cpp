// add as a C++17 user writes it: std::transform with std::execution::par_unseq, on TBB.
#include <oneapi/tbb/global_control.h>

#include <algorithm>
#include <execution>

#include "add_variants.h"
#include "add_verify.h"

namespace accellab::kernels::add {

template <class T>
void addStdPar(const T* in, T* out, std::size_t n, int threads) {
  // The point's thread count: TBB would otherwise take every core.
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                                  static_cast<std::size_t>(threads));
  // One IEEE addition per element, as every other variant: bit-exact.
  std::transform(std::execution::par_unseq, in, in + n, out, [](T x) { return x + T(kAddend); });
}

template void addStdPar(const float*, float*, std::size_t, int);
template void addStdPar(const double*, double*, std::size_t, int);

}  // namespace accellab::kernels::add
