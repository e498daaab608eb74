#include "blas_identity.h"

#if ACCELLAB_HAS_BLAS
#include <cblas.h>
#endif

namespace accellab::kernels {

#if ACCELLAB_HAS_BLAS
namespace {

// How OpenBLAS runs its threads, which decides whether they compete with AccelLab's OpenMP
// threads: its own pthreads (Debian's libopenblas0-pthread), OpenMP's, or none.
std::string threadLayer() {
  switch (openblas_get_parallel()) {
    case 0:
      return "sequential: one thread";
    case 1:
      return "its own pthreads";
    case 2:
      return "OpenMP threads";
    default:
      return "unknown threads";
  }
}

}  // namespace
#endif

BlasIdentity blasIdentity() {
#if ACCELLAB_HAS_BLAS
  // The variants set the point's thread count (openblas_set_num_threads) before each call.
  return {std::string(openblas_get_config()) + "; " + threadLayer(), openblas_get_corename()};
#else
  return {};
#endif
}

}  // namespace accellab::kernels
