#include "accellab/format.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <span>
#include <string_view>

namespace accellab {

namespace {

// Three significant digits for 0 <= value < 1000 ("0.98", "4.56", "12.3", "812").
std::string threeDigits(double value) {
  const int decimals = value < 9.995 ? 2 : value < 99.95 ? 1 : 0;
  std::array<char, 64> text{};
  std::snprintf(text.data(), text.size(), "%.*f", decimals, value);
  return text.data();
}

std::string wholeNumber(double value) {
  std::array<char, 64> text{};
  std::snprintf(text.data(), text.size(), "%.0f", value);
  return text.data();
}

// Values past the largest unit keep all their integer digits ("1234 s").
std::string wholeOrThreeDigits(double value) {
  return value >= 999.5 ? wholeNumber(value) : threeDigits(value);
}

// Picks the first unit that keeps the scaled value below 1000 after rounding.
std::string scaled(double value, double base, std::span<const std::string_view> units,
                   bool wholeFirstUnit) {
  std::size_t unit = 0;
  while (value >= 999.5 && unit + 1 < units.size()) {
    value /= base;
    ++unit;
  }
  const bool whole = unit == 0 && wholeFirstUnit;
  return (whole ? wholeNumber(value) : wholeOrThreeDigits(value)) + std::string(units[unit]);
}

constexpr std::array<std::string_view, 4> kDurationUnits = {" ns", " µs", " ms", " s"};
constexpr std::array<std::string_view, 7> kRateUnits = {" /s",  " k/s", " M/s", " G/s",
                                                        " T/s", " P/s", " E/s"};
constexpr std::array<std::string_view, 7> kByteRateUnits = {" B/s",  " kB/s", " MB/s", " GB/s",
                                                            " TB/s", " PB/s", " EB/s"};
constexpr std::array<std::string_view, 7> kByteUnits = {" B",   " KiB", " MiB", " GiB",
                                                        " TiB", " PiB", " EiB"};

std::string formatNonNegative(double value, ValueKind kind) {
  std::array<char, 64> text{};
  switch (kind) {
    case ValueKind::duration:
      return value == 0 ? "0 s" : scaled(value * 1e9, 1000, kDurationUnits, false);
    case ValueKind::rate:
      return scaled(value, 1000, kRateUnits, false);
    case ValueKind::byteRate:
      return scaled(value, 1000, kByteRateUnits, false);
    case ValueKind::bytes:
      return scaled(value, 1024, kByteUnits, true);
    case ValueKind::percentage:
      std::snprintf(text.data(), text.size(), "%.1f %%", value * 100);
      return text.data();
    case ValueKind::ratio:
      return wholeOrThreeDigits(value) + "x";
    case ValueKind::count:
      // Every double below 2^64 rounds to an integer that fits.
      return value >= 18446744073709551616.0
                 ? "n/a"
                 : formatCount(static_cast<std::uint64_t>(std::round(value)));
    case ValueKind::probability:
      // Three digits, so that 0.0499 never reads as alpha's 0.05.
      std::snprintf(text.data(), text.size(), "%.3g", value);
      return text.data();
  }
  return "n/a";
}

}  // namespace

std::string formatValue(double value, ValueKind kind) {
  if (!std::isfinite(value)) return "n/a";
  if (value < 0) return std::string("-").append(formatNonNegative(-value, kind));
  return formatNonNegative(value, kind);
}

std::string formatCount(std::uint64_t count) {
  const std::string digits = std::to_string(count);
  const std::size_t significant = digits.find_last_not_of('0') + 1;
  if (count >= 10000 && significant <= 2) {
    std::string mantissa = digits.substr(0, 1);
    if (significant == 2) mantissa.append(".").append(digits, 1, 1);
    return mantissa + "e" + std::to_string(digits.size() - 1);
  }
  std::string grouped;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  return grouped;
}

}  // namespace accellab
