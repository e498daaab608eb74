// accellab-cli sysinfo: the machine probe, as text or as the session's "system" JSON.
#include <iostream>

#include "accellab/session.h"
#include "accellab/system_conditions.h"
#include "argument_parser.h"
#include "cli_error.h"
#include "commands.h"
#include "system_text.h"

namespace accellab::cli {

int sysinfoCommand(Args args, const EngineFactory& engines) {
  ArgumentParser parser(
      "sysinfo [--json] [--no-bandwidth]",
      "Probes the machine: CPU, SIMD targets, caches, RAM, OS, compiler, "
      "OpenMP, GPU,\nand measures the memory-bandwidth ceiling (about a second). As text, it "
      "also checks\nthe conditions a run warns about: build type, CPU governor and turbo, "
      "load, busy\nprocesses, virtual machine (a fifth of a second).");
  parser.flag("--json", "print the probe as JSON (the \"system\" object of a session)")
      .flag("--no-bandwidth", "skip the bandwidth measurements");
  addDeviceOption(parser);
  parser.parse(args);
  if (parser.helpRequested()) {
    std::cout << parser.help();
    return kExitOk;
  }

  const SystemInfo system =
      engineFrom(parser, engines).probeSystem({.measureBandwidth = !parser.has("--no-bandwidth")});
  if (parser.has("--json")) {
    std::cout << systemInfoToJson(system) << '\n';
  } else {
    writeSystemDetails(system, checkSystemConditions(), std::cout);
  }
  return kExitOk;
}

}  // namespace accellab::cli
