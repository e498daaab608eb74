// The MPI side of a build without MPI: no launch to join; the mpi variants say "built without
// MPI" (capabilities.cpp).
#include "accellab/kernels/mpi_launch.h"

namespace accellab::kernels {

std::shared_ptr<Collective> joinMpiLaunch() { return nullptr; }

}  // namespace accellab::kernels
