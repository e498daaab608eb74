// pi's mpi variant (pi_mpi.cpp, built only with MPI): each rank counts its share of the samples.
#pragma once

#include <memory>

#include "table/kernel_table.h"

namespace accellab::kernels::pi {

std::unique_ptr<KernelRun> prepareMpi(const RunRequest& request);

}  // namespace accellab::kernels::pi
