// The commands of accellab-cli. Each takes the arguments after its name, writes its output
// to stdout, returns an exit code (cli_error.h) and throws UsageError on bad input.
#pragma once

#include <span>
#include <string>

namespace accellab::cli {

using Args = std::span<const std::string>;

int listCommand(Args args);
int sysinfoCommand(Args args);
int runCommand(Args args);
int reportCommand(Args args);
int verifyCommand(Args args);

}  // namespace accellab::cli
