// reduce's mpi variant (reduce_mpi.cpp, built only with MPI and Highway): each rank sums its
// share with parallel's code.
#pragma once

#include <memory>

#include "table/kernel_table.h"

namespace accellab::kernels::reduce {

std::unique_ptr<KernelRun> prepareMpi(const RunRequest& request);

}  // namespace accellab::kernels::reduce
