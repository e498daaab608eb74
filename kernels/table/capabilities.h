// What this build and this machine offer the variants: asked once per engine, so that the
// driver is asked about the GPU once, not once per kernel.
#pragma once

#include <memory>

#include "accellab/collective.h"
#include "accellab/kernel.h"
#include "python/python_modules.h"

namespace accellab::kernels {

// What a variant needs beyond a C++ compiler and OpenMP. The python backend's needs are the
// machine's Python modules, not the build's: python (the interpreter alone), numpy, numba,
// and numbaCuda (numba and a CUDA device). mpi: the distributed variants, which run across the
// ranks of an MPI launch (as one rank without one).
enum class Needs {
  nothing,
  highway,
  cuda,
  cublas,
  blas,
  tbb,
  python,
  numpy,
  numba,
  numbaCuda,
  dask,
  mpi,
  nvrtc  // a user's CUDA source compiled at run time (cuda/cuda_source.h): the GPU and NVRTC
};

struct Capabilities {
  int gpuDevice = 0;
  Availability highway;  // "built without Google Highway"
  Availability gpu;      // "built without CUDA", "no CUDA device", ...
  Availability cublas;   // the gpu's, then "cuBLAS not found (libcublas.so.13: ...)"
  Availability blas;     // "built without OpenBLAS"
  Availability tbb;      // "built without TBB", the backend of C++17's parallel algorithms
  PythonModules python;  // "python3 not found", "python3-numba not installed", ...
  Availability mpi;      // "built without MPI"
  Availability nvrtc;    // the gpu's, then "NVRTC not found (libnvrtc.so.13: ...)"
  // The launch the distributed variants run in (SoloCollective outside mpirun), and whether
  // each rank's share runs on a GPU (--mpi-device) rather than on the CPU.
  std::shared_ptr<Collective> collective = std::make_shared<SoloCollective>();
  bool mpiOnDevice = false;
  Availability of(Needs needs) const;
  // Whether a variant with these needs runs on the device and reports a GpuTiming.
  bool runsOnDevice(Needs needs) const;
};

// The device variants run on `gpuDevice`; asks the driver whether they can. The distributed
// variants run in `collective` (null: one process), on the device when `mpiOnDevice`.
Capabilities probeCapabilities(int gpuDevice, std::shared_ptr<Collective> collective = nullptr,
                               bool mpiOnDevice = false);

// A variant's prepare function where this build has its code, else null (then the variant is
// listed as unavailable with Capabilities' reason). Used in kernel tables:
// `.prepare = ACCELLAB_WITH_CUDA(&prepareGpu)`.
#if ACCELLAB_HAS_CUDA
#define ACCELLAB_WITH_CUDA(prepare) (prepare)
#else
#define ACCELLAB_WITH_CUDA(prepare) nullptr
#endif
#if ACCELLAB_HAS_BLAS
#define ACCELLAB_WITH_BLAS(prepare) (prepare)
#else
#define ACCELLAB_WITH_BLAS(prepare) nullptr
#endif
#if ACCELLAB_HAS_TBB
#define ACCELLAB_WITH_TBB(prepare) (prepare)
#else
#define ACCELLAB_WITH_TBB(prepare) nullptr
#endif
#if ACCELLAB_HAS_MPI
#define ACCELLAB_WITH_MPI(prepare) (prepare)
#else
#define ACCELLAB_WITH_MPI(prepare) nullptr
#endif
#if ACCELLAB_HAS_HIGHWAY
#define ACCELLAB_WITH_HIGHWAY(prepare) (prepare)
#else
#define ACCELLAB_WITH_HIGHWAY(prepare) nullptr
#endif

// The thread count a parallel run uses: `requested`, or every core when it is not positive.
int threadsFor(int requested);

}  // namespace accellab::kernels
