// The bandwidth probe's copy without Google Highway: the compiler vectorizes it (`omp simd`)
// for the baseline ISA of the build, with no runtime dispatch and no streaming store. The
// kernels' vectorized and parallel variants are then unavailable (ACCELLAB_WITH_HIGHWAY).
#include "simd.h"

namespace accellab::kernels::simd {

void copy(const double* in, double* out, std::size_t n, Stores) {
#pragma omp simd
  for (std::size_t i = 0; i < n; ++i) out[i] = in[i];
}

std::string targetName() { return "compiler SIMD"; }

std::vector<std::string> targetsAvailable() { return {}; }

Availability vectorizedAvailability() { return Availability::no("built without Google Highway"); }

}  // namespace accellab::kernels::simd
