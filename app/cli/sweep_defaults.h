// What `run` measures on an axis the user did not give: the kernel's default shape in
// f64, the tutorial's sample-count ladder, and 1 thread plus every hardware thread.
#pragma once

#include "accellab/kernel.h"
#include "accellab/sweep.h"

namespace accellab::cli {

SweepSpec defaultSweep(const KernelInfo& kernel, int logicalCores);

}  // namespace accellab::cli
