// accellab-cli: the command line over the built-in engine.
#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "accellab/kernels/builtin.h"
#include "accellab/kernels/mpi_launch.h"
#include "commands.h"
#include "launch_agreement.h"

int main(int argc, char** argv) {
  // Under `ulimit -f` a write past the limit fails (EFBIG) instead of killing the process, so a
  // run treats it as the full disk it stands for: it keeps measuring and saves elsewhere.
  std::signal(SIGXFSZ, SIG_IGN);
  const std::vector<std::string> args(argv + 1, argv + argc);
  // Under mpirun or srun this process is one rank of the launch; MPI ends when main returns.
  const auto launch = accellab::kernels::joinMpiLaunch();
  if (launch) {
    if (const auto refused = accellab::cli::refuseDifferentCommandLines(*launch, args, std::cerr))
      return *refused;
  }
  return accellab::cli::runCli(args, [&launch](accellab::EngineOptions options) {
    options.launch = launch;
    return accellab::kernels::makeBuiltinEngine(options);
  });
}
