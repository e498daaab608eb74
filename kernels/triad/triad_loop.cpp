// Compiled with -fno-tree-vectorize -fno-tree-slp-vectorize (kernels/CMakeLists.txt): the
// scalar baseline. The baseline x86-64 ISA has no FMA, so the multiply and the add round
// apart here.
#include "triad_variants.h"

namespace accellab::kernels::triad {

template <class T>
void triadLoop(const T* b, const T* c, T* a, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) a[i] = b[i] + T(kScale) * c[i];
}

template void triadLoop(const float*, const float*, float*, std::size_t);
template void triadLoop(const double*, const double*, double*, std::size_t);

}  // namespace accellab::kernels::triad
