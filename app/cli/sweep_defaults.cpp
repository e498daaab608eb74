#include "sweep_defaults.h"

#include <algorithm>
#include <cstdint>

namespace accellab::cli {
namespace {

// The tutorial's ladder: cache-resident, memory-sized, and long enough to amortise threads.
constexpr std::uint64_t kSampleLadder[] = {10'000, 30'000'000, 1'000'000'000};

}  // namespace

SweepSpec defaultSweep(const KernelInfo& kernel, int logicalCores) {
  SweepSpec spec;
  spec.kernel = kernel.name;
  if (kernel.problem == ProblemKind::samples) {
    spec.samples.assign(std::begin(kSampleLadder), std::end(kSampleLadder));
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
