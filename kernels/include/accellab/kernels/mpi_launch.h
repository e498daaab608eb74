// The MPI launch this process may be one rank of. No MPI header here: only kernels/mpi/ sees
// MPI.
#pragma once

#include <memory>

#include "accellab/collective.h"

namespace accellab::kernels {

// When mpirun or srun started this process (OMPI_COMM_WORLD_SIZE, PMI_SIZE or PMIX_RANK in
// the environment), starts MPI (MPI_Init_thread, funneled: only the thread that starts it
// calls MPI) and returns the launch, which ends MPI (MPI_Finalize) when its last owner lets
// go. Null otherwise, so a plain run never starts MPI, and in a build without MPI. Pass it
// to makeBuiltinEngine as EngineOptions::launch.
std::shared_ptr<Collective> joinMpiLaunch();

}  // namespace accellab::kernels
