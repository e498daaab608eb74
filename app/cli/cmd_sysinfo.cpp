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
      "and the memory-bandwidth and compute ceilings, measured once per machine and\n"
      "build (a few seconds) and reused after. As text, it also checks the conditions a\n"
      "run warns about: build type, CPU governor and turbo, load, busy processes,\n"
      "virtual machine (a fifth of a second).");
  parser.flag("--json", "print the probe as JSON (the \"system\" object of a session)")
      .flag("--no-bandwidth", "skip the bandwidth and compute measurements");
  addEngineOptions(parser);
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
    writeSystemDetails(system, checkSystemConditions({.system = &system}), std::cout);
  }
  return kExitOk;
}

}  // namespace accellab::cli
