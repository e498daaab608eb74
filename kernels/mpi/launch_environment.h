// What the environment says about an MPI launch, before MPI is started: whether mpirun or srun
// started this process, and its rank among those of its node.
#pragma once

#include <optional>

namespace accellab::kernels::mpi {

// Open MPI's mpirun sets OMPI_COMM_WORLD_SIZE, Slurm's srun and MPICH's Hydra PMI_SIZE, PMIx
// launchers PMIX_RANK. Only then is MPI started, so a plain run never starts it.
bool launchedByMpi();

// The rank among those on this node (OMPI_COMM_WORLD_LOCAL_RANK, SLURM_LOCALID,
// MPI_LOCALRANKID); nullopt when no launcher said.
std::optional<int> nodeLocalRank();

// ACCELLAB_MPI_FAIL_RANK=N: rank N throws when it prepares a distributed point, so that
// the tests see a failing rank end the launch (exit 1, its message) instead of a hang.
bool failHookNames(int rank);

}  // namespace accellab::kernels::mpi
