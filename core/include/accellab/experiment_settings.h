// Every numeric setting of a run, described once: its CLI flag, its session key, its field in
// the window, its range, unit, default and help, and where its value lands. The CLI's parser
// and --help, the experiment panel's fields (ranges, tooltips, saved settings) and the
// session's reader and writer all read this table, so a value is valid everywhere or nowhere
// (they once differed: --unstable-above took 0-1000 %, the window 0.1-100 %, a session any).
//
// Adding a setting: a row in experiment_settings.cpp (with a field of ExperimentSettings or
// MeasureConfig for it to land in), the code that uses the value, a test, and the man page
// entry the packaging test asks for; the window's field (a row of its group), the option,
// its --help line and the session's key come from the row. Its label and help are marked
// for the window's translation (ACCELLAB_SETTING_TEXT): tst_translations asks for them.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "accellab/measure_config.h"
#include "accellab/parse.h"

// Marks a label or help text of the table for the window's translations: the GUI's lupdate
// reads it as QT_TRANSLATE_NOOP (context "RunSetting"), the engine reads the English text.
#define ACCELLAB_SETTING_TEXT(context, text) text

namespace accellab {

// What the table's settings set: how points are measured (recorded with every run) and what
// the front end does with unstable and slow points (not recorded: they decide no number).
struct ExperimentSettings {
  MeasureConfig measure;
  // How many times a re-run of unstable points measures each one again, at most.
  std::size_t rerunAttempts = 3;
  // Seconds an isolated point may take; 0: automatic (WorkerOptions::pointTimeoutS).
  double pointTimeoutS = 0;
  friend bool operator==(const ExperimentSettings&, const ExperimentSettings&) = default;
};

enum class SettingUnit {
  count,    // a whole number: "5", "1e6", "1_000"
  seconds,  // "0.2"
  share,    // a fraction, typed and shown as a percentage: "5%" is 0.05
  factor,   // a multiple: "10"
};

// Where the window shows a setting's field; `none`: the command line and sessions only.
enum class SettingGroup { none, measurement, quality };

struct SettingDescription {
  std::string_view key{};        // the session's key ("min_reps"); the window saves it so too
  bool inSession = false;        // recorded in a run's "settings"
  std::string_view flag{};       // "--reps"
  std::string_view valueName{};  // "N", as --help writes it
  SettingGroup group = SettingGroup::none;
  std::string_view label{};   // the window's label, with its mnemonic ("&Repetitions:")
  std::string_view suffix{};  // after the field's number (" s", " % MAD")
  std::string_view help{};    // the option's --help line and the field's tooltip
  SettingUnit unit = SettingUnit::count;
  double min = 0;  // inclusive, in the unit the value is stored in (a share as a fraction)
  double max = 0;  // inclusive
  // Non-empty when 0 means "decide for me" rather than a value: what 0 is called ("automatic").
  std::string_view zeroMeans{};
  // Shown by --help instead of the default value, when the CLI's default is to leave it out.
  std::string_view cliDefault{};
  double (*get)(const ExperimentSettings&) = nullptr;
  void (*set)(ExperimentSettings&, double) = nullptr;
};

// In the order the window shows them, --help lists them and a session writes them.
std::span<const SettingDescription> settingDescriptions();
// The setting with this session key or flag; throws std::out_of_range for an unknown one.
const SettingDescription& settingByKey(std::string_view key);
const SettingDescription& settingByFlag(std::string_view flag);

// Whether `value` may be stored: inside the range, whole for a count, or 0 where zeroMeans.
bool acceptsValue(const SettingDescription& setting, double value);
// "1 to 1000000", "0.0001% to 1000%", "1 to 86400 s, or 0 (automatic)": how messages name it.
std::string describeRange(const SettingDescription& setting);
// "5%", "0.2 s", "10", "automatic": a value as the CLI's help and messages write it.
std::string describeValue(const SettingDescription& setting, double value);
// The --help line: the help, then the default ("(default 5%)").
std::string cliHelp(const SettingDescription& setting);
// Text typed for the setting, in its unit ("5%", "1e6", "0.2"): the value to store, or why
// not ("'0' is outside 1 to 1000000", "'x' is not a number of seconds").
Parsed<double> parseSettingValue(const SettingDescription& setting, std::string_view text);

}  // namespace accellab
