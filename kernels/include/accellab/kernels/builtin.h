// The engine this build ships. The only header of the kernels library that apps include.
#pragma once

#include <string>

#include "accellab/engine.h"

namespace accellab::kernels {

// Every kernel of kernels/CMakeLists.txt's ACCELLAB_KERNELS (docs/kernels.md), gpu variants on
// options.gpuDevice (variants this build or machine cannot run are registered unavailable, with
// the reason); memory guarded with the host's MemAvailable and the chosen device's free memory; the
// machine probe completes probeHost() with Highway's targets, the OpenMP version, every GPU and the
// host's and the GPUs' measured copy ceilings. The CLI and the desktop app both call this;
// under mpirun, options.launch is joinMpiLaunch()'s (mpi_launch.h).
Engine makeBuiltinEngine(const EngineOptions& options = {});

// The libraries this build was compiled against, beside what the machine probe reports
// (compiler, OpenMP, CUDA built): for an About box. Empty when the build has not got it.
struct LibraryVersions {
  std::string highway;      // "1.0.3"
  std::string cudaToolkit;  // "13.0.48"
};
LibraryVersions libraryVersions();

}  // namespace accellab::kernels
