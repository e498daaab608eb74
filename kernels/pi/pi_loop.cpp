// Compiled with -fno-tree-vectorize -fno-tree-slp-vectorize (kernels/CMakeLists.txt): the
// honest scalar baseline, which -O3 would otherwise turn into SIMD code.
#include "pi_sampler.h"
#include "pi_variants.h"

namespace accellab::kernels::pi {

std::uint64_t countOutsideLoop(std::uint64_t key, std::uint64_t begin, std::uint64_t end) {
  std::uint64_t count = 0;
  for (std::uint64_t i = begin; i < end; ++i) count += outside(key, i);
  return count;
}

}  // namespace accellab::kernels::pi
