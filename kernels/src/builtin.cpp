#include "accellab/kernels/builtin.h"

#include <memory>

#include "add_kernel.h"
#include "cuda/gpu.h"
#include "pi_kernel.h"

namespace accellab::kernels {

void registerBuiltinKernels(Registry& registry) {
  const Availability gpu = gpu::availability();  // asks the driver once
  registry.add(std::make_unique<AddKernel>(gpu));
  registry.add(std::make_unique<PiKernel>(gpu));
}

}  // namespace accellab::kernels
