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
    case Needs::cublas:
      return cublas;
    case Needs::blas:
      return blas;
    case Needs::tbb:
      return tbb;
    case Needs::python:
      return python.python;
    case Needs::numpy:
      return python.numpy;
    case Needs::numba:
      return python.numba;
    case Needs::numbaCuda:
      return python.numbaCuda;
    case Needs::dask:
      return python.dask;
    case Needs::nvrtc:
      return nvrtc;
    case Needs::mpi:
      // On the device, each rank's share needs the GPU too.
      return mpiOnDevice && mpi.available ? gpu : mpi;
    case Needs::nothing:
      break;
  }
  return Availability::yes();
}

namespace {

Availability built(bool has, const char* without) {
  return has ? Availability::yes() : Availability::no(without);
}

}  // namespace

bool Capabilities::runsOnDevice(Needs needs) const {
  return needs == Needs::cuda || needs == Needs::cublas || needs == Needs::nvrtc ||
         (needs == Needs::mpi && mpiOnDevice);
}

Capabilities probeCapabilities(int gpuDevice, std::shared_ptr<Collective> collective,
                               bool mpiOnDevice) {
  Availability device = gpu::availability(gpuDevice);
  Availability cublas = device.available ? gpu::cublasAvailability() : device;
  Availability nvrtc = device.available ? gpu::nvrtcAvailability() : device;
  return {gpuDevice,
          simd::vectorizedAvailability(),
          std::move(device),
          std::move(cublas),
          built(ACCELLAB_HAS_BLAS, "built without OpenBLAS"),
          built(ACCELLAB_HAS_TBB, "built without TBB (the backend of C++17's parallel algorithms)"),
          probePythonModules(),
          built(ACCELLAB_HAS_MPI, "built without MPI"),
          std::move(nvrtc),
          collective ? std::move(collective) : std::make_shared<SoloCollective>(),
          mpiOnDevice};
}

int threadsFor(int requested) { return requested > 0 ? requested : omp_get_max_threads(); }

}  // namespace accellab::kernels
