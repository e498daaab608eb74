// run's --in-process, --isolate and --on-crash: measuring in a worker process that may die
// alone (accellab/worker.h), the default. Its --point-timeout is a run setting
// (setting_options.h).
#pragma once

#include <optional>

#include "accellab/worker.h"
#include "argument_parser.h"

namespace accellab::cli {

void addIsolationOptions(ArgumentParser& parser);

// The worker's options (this program's own executable with `worker`, and --device when given,
// as its command), unless --in-process was given or this is a rank under mpirun (`worldSize`
// above 1: the ranks measure together, each in its own process already). Throws UsageError
// for --on-crash or --point-timeout with no worker, a value --on-crash does not take,
// --isolate under mpirun or beside --in-process. `pointTimeoutS`: the setting's value, 0 for
// automatic.
std::optional<WorkerOptions> isolationFrom(const ArgumentParser& parser, int worldSize,
                                           double pointTimeoutS);

}  // namespace accellab::cli
