// Compiled with -fno-tree-vectorize -fno-tree-slp-vectorize (kernels/CMakeLists.txt): the
// independent chains would otherwise be packed into SIMD registers and the scalar ceiling
// would measure SIMD code (tests/kernels/check_scalar_loops.cmake checks the object).
#include <array>

#include "fma_chains.h"

namespace accellab::kernels::probe {
namespace {

template <class T>
FmaWork chains(std::uint64_t steps) {
  const T m = T(kMultiplier);
  const T a = T(kAddend);
  std::array<T, kFmaChains> acc{};
  for (int k = 0; k < kFmaChains; ++k) acc[k] = T(k);
  for (std::uint64_t step = 0; step < steps; ++step) {
    for (T& value : acc) value = value * m + a;
  }
  double sum = 0;
  for (T value : acc) sum += double(value);
  return {2.0 * kFmaChains * static_cast<double>(steps), sum};
}

}  // namespace

FmaWork scalarFmaChains(DType dtype, std::uint64_t steps) {
  return forDType(dtype, [&]<class T>(T) { return chains<T>(steps); });
}

}  // namespace accellab::kernels::probe
