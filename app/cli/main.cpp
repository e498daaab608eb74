// accellab-cli: the command line over the built-in engine.
#include <string>
#include <vector>

#include "accellab/kernels/builtin.h"
#include "commands.h"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  return accellab::cli::runCli(args, accellab::kernels::makeBuiltinEngine);
}
