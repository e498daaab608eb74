#include "setting_options.h"

#include <string>

#include "cli_error.h"

namespace accellab::cli {

void addSettingOptions(ArgumentParser& parser) {
  for (const SettingDescription& setting : settingDescriptions())
    parser.option(std::string(setting.flag), std::string(setting.valueName), cliHelp(setting));
}

ExperimentSettings settingsFrom(const ArgumentParser& parser) {
  ExperimentSettings settings;
  for (const SettingDescription& setting : settingDescriptions()) {
    const auto text = parser.value(setting.flag);
    if (!text) continue;
    const Parsed<double> parsed = parseSettingValue(setting, *text);
    if (!parsed.value)
      throw UsageError("invalid " + std::string(setting.flag) + ": " + parsed.error);
    setting.set(settings, *parsed.value);
  }
  return settings;
}

}  // namespace accellab::cli
