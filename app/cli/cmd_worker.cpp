// accellab-cli worker: measures the points an app sends it (docs/worker-protocol.md). Started
// by `run --isolate` and by the desktop app, never by hand: it answers on fd 3.
#include <fcntl.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>
#include <iostream>
#include <string>

#include "accellab/worker.h"
#include "argument_parser.h"
#include "cli_error.h"
#include "commands.h"

namespace accellab::cli {

int workerCommand(Args args, const EngineFactory& engines) {
  ArgumentParser parser("worker --replies-fd 3 [--device N]",
                        "Measures the points an app sends on stdin and answers on fd 3 in the\n"
                        "worker protocol (docs/worker-protocol.md). 'run --isolate' and the "
                        "desktop app\nstart it; it is not for use by hand.");
  parser.option("--replies-fd", "3", "where the app reads the replies (it opens fd 3)");
  parser.multiOption("--kernel", "NAME",
                     "the kernel --cuda-source adds a variant to: one, or one per source");
  addEngineOptions(parser);
  addCudaSourceOptions(parser);
  parser.parse(args);
  if (parser.helpRequested()) {
    std::cout << parser.help();
    return kExitOk;
  }
  // Named by the app that opened it: an fd 3 inherited by chance (a shell's, a test
  // runner's) is never taken for the app's.
  if (parser.value("--replies-fd") != std::to_string(kWorkerReplyFd) ||
      ::fcntl(kWorkerReplyFd, F_GETFD) < 0)
    throw UsageError(
        "the worker answers on fd 3, which the app that starts it opens ('run --isolate', "
        "the desktop app): it is not for use by hand");
  // The app gone, the worker goes: nobody is left to read what it measures.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  std::signal(SIGPIPE, SIG_IGN);  // a closed reply pipe is an error to see, not a death
  // The fd stays the worker's own: nothing it starts (python children) may write on it.
  ::fcntl(kWorkerReplyFd, F_SETFD, FD_CLOEXEC);
  // The app names every plugin it loaded; the environment's are not looked at again.
  const Engine engine = engineFrom(parser, engines, false, true);
  // Opened before any point starts a thread: every thread the code starts is counted.
  Runner runner = engine.runner(steadySeconds, processCpuSeconds, openPerfCounters().source);
  return serveWorker(runner, STDIN_FILENO, kWorkerReplyFd, "accellab-cli " ACCELLAB_VERSION);
}

}  // namespace accellab::cli
