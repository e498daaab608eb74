#include "capabilities.h"

#include <omp.h>

#include "cpu/simd.h"
#include "cuda/gpu.h"

namespace accellab::kernels {

Availability Capabilities::of(Needs needs) const {
  switch (needs) {
    case Needs::highway:
      return highway;
    case Needs::cuda:
      return gpu;
    case Needs::nothing:
      break;
  }
  return Availability::yes();
}

Capabilities probeCapabilities(int gpuDevice) {
  return {gpuDevice, simd::vectorizedAvailability(), gpu::availability(gpuDevice)};
}

int threadsFor(int requested) { return requested > 0 ? requested : omp_get_max_threads(); }

}  // namespace accellab::kernels
