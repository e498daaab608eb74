// How `run` and `sysinfo` probe the machine: the bandwidth ceilings from the machine cache
// when it holds this machine and build (measured once, seconds and gigabytes), measured again
// with --remeasure.
#pragma once

#include <ostream>
#include <stop_token>

#include "accellab/engine.h"
#include "accellab/sysinfo.h"
#include "argument_parser.h"

namespace accellab::cli {

// Adds --remeasure to a command's options.
void addRemeasureOption(ArgumentParser& parser);

// The probe for the parsed command line. A measurement says so on `err` as it starts; one that
// cannot be kept for the next run is a warning there, never a failure.
SystemInfo probeMachineFor(const ArgumentParser& parser, const Engine& engine, std::stop_token stop,
                           std::ostream& err);

}  // namespace accellab::cli
