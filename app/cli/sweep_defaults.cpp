#include "sweep_defaults.h"

#include <algorithm>
#include <cstdint>

namespace accellab::cli {

SweepSpec defaultSweep(const KernelInfo& kernel, int logicalCores) {
  SweepSpec spec;
  spec.kernel = kernel.name;
  if (kernel.problem == ProblemKind::samples) {
    spec.samples = kernel.defaultSampleSweep;  // empty: expandSweep takes defaults.samples
  } else if (kernel.defaults.shape) {
    spec.shapes = {*kernel.defaults.shape};
  }
  if (std::ranges::find(kernel.dtypes, kernel.defaults.dtype) != kernel.dtypes.end()) {
    spec.dtypes = {kernel.defaults.dtype};
  }
  spec.threads = {1};
  if (logicalCores > 1) spec.threads.push_back(logicalCores);
  return spec;
}

}  // namespace accellab::cli
