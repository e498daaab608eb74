// accellab-cli sysinfo: the machine probe, as text or as the session's "system" JSON.
#include <iostream>

#include "accellab/session.h"
#include "accellab/system_conditions.h"
#include "argument_parser.h"
#include "cli_error.h"
#include "commands.h"
#include "machine_probe.h"
#include "system_text.h"

namespace accellab::cli {

int sysinfoCommand(Args args, const EngineFactory& engines) {
  ArgumentParser parser(
      "sysinfo [--json] [--no-bandwidth | --remeasure]",
      "Probes the machine: CPU, SIMD targets, caches, RAM, OS, compiler, OpenMP, GPU,\n"
      "and the memory-bandwidth ceiling, measured once per machine and build (a few\n"
      "seconds) and reused after. As text, it also checks the conditions a run warns\n"
      "about: build type, CPU governor and turbo, load, busy processes, virtual machine\n"
      "(a fifth of a second).");
  parser.flag("--json", "print the probe as JSON (the \"system\" object of a session)")
      .flag("--no-bandwidth", "skip the bandwidth measurements");
  addDeviceOption(parser);
  addRemeasureOption(parser);
  parser.parse(args);
  if (parser.helpRequested()) {
    std::cout << parser.help();
    return kExitOk;
  }

  if (parser.has("--no-bandwidth") && parser.has("--remeasure"))
    throw UsageError("--remeasure and --no-bandwidth exclude each other");
  const Engine engine = engineFrom(parser, engines);
  const SystemInfo system = parser.has("--no-bandwidth")
                                ? engine.probeSystem({.measureBandwidth = false})
                                : probeMachineFor(parser, engine, {}, std::cerr);
  if (parser.has("--json")) {
    std::cout << systemInfoToJson(system) << '\n';
  } else {
    writeSystemDetails(system, checkSystemConditions(), std::cout);
  }
  return kExitOk;
}

}  // namespace accellab::cli
