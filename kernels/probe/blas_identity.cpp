#include "blas_identity.h"

#if ACCELLAB_HAS_BLAS
#include <cblas.h>
#endif

namespace accellab::kernels {

BlasIdentity blasIdentity() {
#if ACCELLAB_HAS_BLAS
  return {openblas_get_config(), openblas_get_corename()};
#else
  return {};
#endif
}

}  // namespace accellab::kernels
