// The commands of accellab-cli. Each takes the arguments after its name, writes its output
// to stdout, returns an exit code (cli_error.h) and throws UsageError on bad input.
#pragma once

#include <span>
#include <string>

#include "engine_choice.h"

namespace accellab::cli {

using Args = std::span<const std::string>;

int listCommand(Args args, const EngineFactory& engines);
int sysinfoCommand(Args args, const EngineFactory& engines);
int runCommand(Args args, const EngineFactory& engines);
int reportCommand(Args args, const EngineFactory& engines);
int compareCommand(Args args, const EngineFactory& engines);
int verifyCommand(Args args, const EngineFactory& engines);
// Not listed in the help: what `run --isolate` and the desktop app start (worker.h).
int workerCommand(Args args, const EngineFactory& engines);

// The whole command line after the program name: dispatches to a command and turns every
// error into one line on stderr and the documented exit code (cli_error.h).
int runCli(Args args, const EngineFactory& engines);

}  // namespace accellab::cli
