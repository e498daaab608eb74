#include "accellab/experiment_settings.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace accellab {
namespace {

using S = ExperimentSettings;

// The ranges are wide enough for any real use, and for every value an older AccelLab wrote
// into a session, and narrow enough to catch a typo: a day of repeating, a billion
// repetitions, 0.0001 % (a limit no real timing meets: every point re-measured) to 1000 %
// spread.
constexpr std::array kSettings{
    SettingDescription{
        .key = "min_reps",
        .inSession = true,
        .flag = "--reps",
        .valueName = "N",
        .group = SettingGroup::measurement,
        .label = ACCELLAB_SETTING_TEXT("RunSetting", "&Repetitions:"),
        .help = ACCELLAB_SETTING_TEXT(
            "RunSetting", "timed repetitions per point, at least, after an untimed warm-up run"),
        .unit = SettingUnit::count,
        .min = 1,
        .max = 1e9,
        .get = [](const S& s) { return static_cast<double>(s.measure.minReps); },
        .set = [](S& s, double v) { s.measure.minReps = static_cast<std::size_t>(v); },
    },
    SettingDescription{
        .key = "min_time_s",
        .inSession = true,
        .flag = "--min-time",
        .valueName = "S",
        .group = SettingGroup::measurement,
        .label = ACCELLAB_SETTING_TEXT("RunSetting", "&Minimum time:"),
        .suffix = ACCELLAB_SETTING_TEXT("RunSetting", " s"),
        .help =
            ACCELLAB_SETTING_TEXT("RunSetting", "seconds of timed repetitions per point, at least"),
        .unit = SettingUnit::seconds,
        .min = 0,
        .max = 86400,
        .get = [](const S& s) { return s.measure.minTimeS; },
        .set = [](S& s, double v) { s.measure.minTimeS = v; },
    },
    SettingDescription{
        .key = "max_reps",
        .inSession = true,
        .flag = "--max-reps",
        .valueName = "N",
        .help = ACCELLAB_SETTING_TEXT(
            "RunSetting", "repetitions after which a point stops repeating, at least --reps"),
        .unit = SettingUnit::count,
        .min = 1,
        .max = 1e9,
        .get = [](const S& s) { return static_cast<double>(s.measure.maxReps); },
        .set = [](S& s, double v) { s.measure.maxReps = static_cast<std::size_t>(v); },
    },
    SettingDescription{
        .key = "max_time_s",
        .inSession = true,
        .flag = "--max-time",
        .valueName = "S",
        .group = SettingGroup::measurement,
        .label = ACCELLAB_SETTING_TEXT("RunSetting", "Ma&ximum time:"),
        .suffix = ACCELLAB_SETTING_TEXT("RunSetting", " s"),
        .help = ACCELLAB_SETTING_TEXT(
            "RunSetting", "seconds after which a point stops repeating, with one sample at least"),
        .unit = SettingUnit::seconds,
        .min = 0,
        .max = 86400,
        .get = [](const S& s) { return s.measure.maxTimeS; },
        .set = [](S& s, double v) { s.measure.maxTimeS = v; },
    },
    SettingDescription{
        .key = "min_sample_s",
        .inSession = true,
        .flag = "--min-sample",
        .valueName = "S",
        .help = ACCELLAB_SETTING_TEXT(
            "RunSetting",
            "seconds a sample lasts at least: faster runs are timed in batches (0: each alone)"),
        .unit = SettingUnit::seconds,
        .min = 0,
        .max = 1,
        .get = [](const S& s) { return s.measure.minSampleS; },
        .set = [](S& s, double v) { s.measure.minSampleS = v; },
    },
    SettingDescription{
        .key = "max_relative_spread",
        .inSession = true,
        .flag = "--unstable-above",
        .valueName = "PCT",
        .group = SettingGroup::quality,
        .label = ACCELLAB_SETTING_TEXT("RunSetting", "&Unstable above:"),
        .suffix = ACCELLAB_SETTING_TEXT("RunSetting", " % MAD"),
        .help = ACCELLAB_SETTING_TEXT(
            "RunSetting",
            "flag a point unstable when its samples' MAD exceeds this share of their median"),
        .unit = SettingUnit::share,
        .min = 1e-6,
        .max = 10,
        .get = [](const S& s) { return s.measure.quality.maxRelativeSpread; },
        .set = [](S& s, double v) { s.measure.quality.maxRelativeSpread = v; },
    },
    SettingDescription{
        .key = "cold_factor",
        .inSession = true,
        .flag = "--cold-above",
        .valueName = "N",
        .group = SettingGroup::quality,
        .label = ACCELLAB_SETTING_TEXT("RunSetting", "C&old above:"),
        .suffix = ACCELLAB_SETTING_TEXT("RunSetting", "× median"),
        .help = ACCELLAB_SETTING_TEXT("RunSetting",
                                      "flag a point cold when its first call (page faults, "
                                      "loading, compiling) took over N medians"),
        .unit = SettingUnit::factor,
        .min = 1,
        .max = 1e6,
        .get = [](const S& s) { return s.measure.quality.coldFactor; },
        .set = [](S& s, double v) { s.measure.quality.coldFactor = v; },
    },
    SettingDescription{
        .key = "rerun_attempts",
        .inSession = false,
        .flag = "--rerun-unstable",
        .valueName = "K",
        .group = SettingGroup::quality,
        .label = ACCELLAB_SETTING_TEXT("RunSetting", "Re-r&un unstable:"),
        .suffix = ACCELLAB_SETTING_TEXT("RunSetting", " times"),
        .help = ACCELLAB_SETTING_TEXT(
            "RunSetting",
            "measure unstable points again, up to K times each, keeping the steadiest"),
        .unit = SettingUnit::count,
        .min = 1,
        .max = 100,
        .cliDefault = "none: unstable points stay as measured",
        .get = [](const S& s) { return static_cast<double>(s.rerunAttempts); },
        .set = [](S& s, double v) { s.rerunAttempts = static_cast<std::size_t>(v); },
    },
    SettingDescription{
        .key = "point_timeout_s",
        .inSession = false,
        .flag = "--point-timeout",
        .valueName = "S",
        .group = SettingGroup::measurement,
        .label = ACCELLAB_SETTING_TEXT("RunSetting", "Point t&imeout:"),
        .suffix = ACCELLAB_SETTING_TEXT("RunSetting", " s"),
        .help = ACCELLAB_SETTING_TEXT(
            "RunSetting",
            "seconds an isolated point may take before it fails as timed out and its worker ends"),
        .unit = SettingUnit::seconds,
        .min = 1,
        .max = 86400,
        .zeroMeans = ACCELLAB_SETTING_TEXT("RunSetting", "automatic"),
        .get = [](const S& s) { return s.pointTimeoutS; },
        .set = [](S& s, double v) { s.pointTimeoutS = v; },
    },
};

std::string number(double value) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.10g", value);
  return text.data();
}

// Appended, not "'" + text + "'": GCC 12 warns (-Wrestrict) on that once inlined.
std::string quoted(std::string_view text) {
  std::string result(1, '\'');
  result.append(text).push_back('\'');
  return result;
}

// A number as typed. One beyond a double's range is refused as outside the setting's range,
// not as not a number: "1e309" reads as infinity, "-1e309" as minus infinity, and "1e-400" as
// the smallest magnitude of its sign (a value, if not 0).
std::optional<double> parseDouble(std::string_view text) {
  double value = 0;
  const NumberText parsed = parseNumber(text, value);
  if (parsed == NumberText::outOfRange) {
    const bool negative = text.starts_with('-');
    const double magnitude = tooLargeNumber(parsed, negative ? text.substr(1) : text)
                                 ? HUGE_VAL
                                 : std::numeric_limits<double>::denorm_min();
    return negative ? -magnitude : magnitude;
  }
  if (parsed != NumberText::ok || !std::isfinite(value)) return std::nullopt;
  return value;
}

const char* kindOfNumber(SettingUnit unit) {
  switch (unit) {
    case SettingUnit::count:
      return "a whole number";
    case SettingUnit::seconds:
      return "a number of seconds";
    case SettingUnit::share:
      return "a percentage (e.g. 5%)";
    case SettingUnit::factor:
      return "a number";
  }
  return "a number";
}

const SettingDescription& findSetting(std::string_view name,
                                      std::string_view SettingDescription::*field) {
  for (const SettingDescription& setting : kSettings)
    if (setting.*field == name) return setting;
  throw std::out_of_range("no setting " + std::string(name));
}

}  // namespace

std::span<const SettingDescription> settingDescriptions() { return kSettings; }

const SettingDescription& settingByKey(std::string_view key) {
  return findSetting(key, &SettingDescription::key);
}

const SettingDescription& settingByFlag(std::string_view flag) {
  return findSetting(flag, &SettingDescription::flag);
}

bool acceptsValue(const SettingDescription& setting, double value) {
  if (value == 0 && !setting.zeroMeans.empty()) return true;
  if (setting.unit == SettingUnit::count && value != std::floor(value)) return false;
  return value >= setting.min && value <= setting.max;
}

std::string describeValue(const SettingDescription& setting, double value) {
  if (value == 0 && !setting.zeroMeans.empty()) return std::string(setting.zeroMeans);
  switch (setting.unit) {
    case SettingUnit::share:
      return number(value * 100) + "%";
    case SettingUnit::seconds:
      return number(value) + " s";
    case SettingUnit::count:
    case SettingUnit::factor:
      break;
  }
  return number(value);
}

std::string describeRange(const SettingDescription& setting) {
  std::string range;
  if (setting.unit == SettingUnit::share)
    range = number(setting.min * 100) + "% to " + number(setting.max * 100) + "%";
  else
    range = number(setting.min) + " to " + describeValue(setting, setting.max);
  if (!setting.zeroMeans.empty()) range += ", or 0 (" + std::string(setting.zeroMeans) + ")";
  return range;
}

std::string cliHelp(const SettingDescription& setting) {
  const std::string fallback = setting.cliDefault.empty()
                                   ? describeValue(setting, setting.get(ExperimentSettings{}))
                                   : std::string(setting.cliDefault);
  return std::string(setting.help) + " (default " + fallback + ")";
}

Parsed<double> parseSettingValue(const SettingDescription& setting, std::string_view text) {
  std::string_view digits = text;
  if (setting.unit == SettingUnit::share && digits.ends_with('%')) digits.remove_suffix(1);
  std::optional<double> value = parseDouble(digits);
  // Counts are typed as the sizes are: "1_000", "1e6".
  if (!value && setting.unit == SettingUnit::count) {
    if (const auto count = parseCount(text).value) value = static_cast<double>(*count);
  }
  if (!value || (setting.unit == SettingUnit::count && *value != std::floor(*value)))
    return {std::nullopt, quoted(text) + " is not " + kindOfNumber(setting.unit)};
  if (setting.unit == SettingUnit::share) *value /= 100;
  if (!acceptsValue(setting, *value))
    return {std::nullopt, quoted(text) + " is outside " + describeRange(setting)};
  return {*value, {}};
}

}  // namespace accellab
