// Which BLAS the blas variants call, as the library itself says: the build and the core whose
// kernels run. A comparison with `blas` is only fair when that core is the CPU's own (an
// environment's OPENBLAS_CORETYPE=Haswell on an AVX-512 CPU halves gemm).
#pragma once

#include <string>

namespace accellab::kernels {

struct BlasIdentity {
  // openblas_get_config() and its thread layer ("...; its own pthreads"); empty when built
  // without OpenBLAS.
  std::string library;
  std::string core;  // openblas_get_corename()
};

BlasIdentity blasIdentity();

}  // namespace accellab::kernels
