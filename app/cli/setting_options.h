// The run settings of experiment_settings.h as options of `run`: one option per setting,
// its --help line and its checks from the table, so the CLI takes what the window and a
// session take, no more and no less.
#pragma once

#include "accellab/experiment_settings.h"
#include "argument_parser.h"

namespace accellab::cli {

void addSettingOptions(ArgumentParser& parser);
// The defaults with what was given over them; throws UsageError naming the option and why
// ("invalid --cold-above: '0.5' is outside 1 to 1000000").
ExperimentSettings settingsFrom(const ArgumentParser& parser);

}  // namespace accellab::cli
