// How a command gets its engine: --device N picks the GPU; the factory is the built-in engine
// in accellab-cli and a fake one in tests.
#pragma once

#include "accellab/engine.h"
#include "argument_parser.h"

namespace accellab::cli {

// Adds --device N to a command's options.
void addDeviceOption(ArgumentParser& parser);

// The engine for the parsed command line; `mpiOnDevice`: run's --mpi-device. Throws
// UsageError when --device names a GPU this machine does not have.
Engine engineFrom(const ArgumentParser& parser, const EngineFactory& factory,
                  bool mpiOnDevice = false);

}  // namespace accellab::cli
