#include "accellab/format.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string_view>

namespace accellab {

namespace {

// Past this, in the largest unit, a value is written in scientific notation: "123456 s" still
// reads at a glance, a 63-digit rate does not.
constexpr double kLargestWhole = 999999.5;

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

// Three significant digits and a plain exponent: "1.00e300", "4.94e-324". The value is
// multiplied by 10^shift in the exponent, where multiplying the double could overflow.
std::string scientific(double value, int shift = 0) {
  std::array<char, 64> text{};
  std::snprintf(text.data(), text.size(), "%.2e", value);
  const std::string_view printed = text.data();
  const std::size_t e = printed.find('e');
  const int exponent = std::atoi(printed.data() + e + 1) + shift;
  return std::string(printed.substr(0, e + 1)) + std::to_string(exponent);
}

// Count style past 2^64: "1e300", "2.5e20", at most three significant digits.
std::string scientificCount(double value) {
  std::string text = scientific(value);
  const std::size_t e = text.find('e');
  std::size_t end = e;
  while (text[end - 1] == '0') --end;
  if (text[end - 1] == '.') --end;
  return text.erase(end, e - end);
}

// A number too large for whole digits, or too small for three digits, in scientific notation.
bool needsScientific(double value) {
  return value >= kLargestWhole || (value > 0 && value < 0.005);
}

// Values past the largest unit keep all their integer digits ("1234 s") up to a million.
std::string wholeOrThreeDigits(double value) {
  if (needsScientific(value)) return scientific(value);
  return value >= 999.5 ? wholeNumber(value) : threeDigits(value);
}

// Three significant digits below 1 too ("0.0625", not "0.06"): intensities and plain numbers
// below 1 are common (add: 1 FLOP per 16 bytes).
std::string plainNumber(double value) {
  if (needsScientific(value) || value >= 1) return wholeOrThreeDigits(value);
  std::array<char, 64> text{};
  std::snprintf(text.data(), text.size(), "%.3g", value);
  return text.data();
}

// Units from the smallest up; a value outside their range is written in the SI base unit.
struct Units {
  double perFirst;  // how many of the first unit make one base unit: 1e9 ns in a second
  double base;      // each unit is `base` of the one before
  std::span<const std::string_view> names;
  std::string_view baseName;
  bool wholeFirst;  // the first unit counts whole things ("512 B")
};

// Picks the first unit that keeps the scaled value below 1000 after rounding.
std::string scaled(double value, const Units& units) {
  const double largest = std::pow(units.base, static_cast<double>(units.names.size() - 1));
  // Compared before scaling: nanoseconds of 1e300 s overflow.
  const bool tooLarge = value / largest >= kLargestWhole / units.perFirst;
  const bool tooSmall = !units.wholeFirst && value > 0 && value * units.perFirst < 0.005;
  if (tooLarge || tooSmall) return scientific(value) + std::string(units.baseName);
  value *= units.perFirst;
  std::size_t unit = 0;
  while (value >= 999.5 && unit + 1 < units.names.size()) {
    value /= units.base;
    ++unit;
  }
  const bool whole = unit == 0 && units.wholeFirst;
  return (whole ? wholeNumber(value) : wholeOrThreeDigits(value)) + std::string(units.names[unit]);
}

constexpr std::array<std::string_view, 4> kDurationUnits = {" ns", " µs", " ms", " s"};
constexpr std::array<std::string_view, 7> kRateUnits = {" /s",  " k/s", " M/s", " G/s",
                                                        " T/s", " P/s", " E/s"};
constexpr std::array<std::string_view, 7> kByteRateUnits = {" B/s",  " kB/s", " MB/s", " GB/s",
                                                            " TB/s", " PB/s", " EB/s"};
constexpr std::array<std::string_view, 7> kFlopRateUnits = {
    " FLOP/s", " kFLOP/s", " MFLOP/s", " GFLOP/s", " TFLOP/s", " PFLOP/s", " EFLOP/s"};
constexpr std::array<std::string_view, 7> kByteUnits = {" B",   " KiB", " MiB", " GiB",
                                                        " TiB", " PiB", " EiB"};

std::string formatNonNegative(double value, ValueKind kind) {
  std::array<char, 64> text{};
  switch (kind) {
    case ValueKind::duration:
      return value == 0 ? "0 s" : scaled(value, {1e9, 1000, kDurationUnits, " s", false});
    case ValueKind::rate:
      return scaled(value, {1, 1000, kRateUnits, " /s", false});
    case ValueKind::byteRate:
      return scaled(value, {1, 1000, kByteRateUnits, " B/s", false});
    case ValueKind::flopRate:
      return scaled(value, {1, 1000, kFlopRateUnits, " FLOP/s", false});
    case ValueKind::intensity:
      return plainNumber(value) + " FLOP/B";
    case ValueKind::bytes:
      return scaled(value, {1, 1024, kByteUnits, " B", true});
    case ValueKind::percentage:
      // Compared before scaling, as 1e307 percent overflows.
      if (value >= kLargestWhole / 100) return scientific(value, 2) + " %";
      std::snprintf(text.data(), text.size(), "%.1f %%", value * 100);
      return text.data();
    case ValueKind::ratio:
      // From 0.0001 to 0.1 three significant digits ("0.0123x", "0.00231x"), not "0.01x"
      // beside "2.31e-3x": a chart's small speedups read alike.
      if (value >= 1e-4 && value < 0.1) {
        std::snprintf(text.data(), text.size(), "%.3gx", value);
        return text.data();
      }
      return wholeOrThreeDigits(value) + "x";
    case ValueKind::count:
      // Every double below 2^64 rounds to an integer that fits; past it, count style's
      // exponent with the digits a double holds.
      return value >= 18446744073709551616.0
                 ? scientificCount(value)
                 : formatCount(static_cast<std::uint64_t>(std::round(value)));
    case ValueKind::probability:
      // Three digits, so that 0.0499 never reads as alpha's 0.05.
      std::snprintf(text.data(), text.size(), "%.3g", value);
      return text.data();
    case ValueKind::number:
      // A whole value is most often a count ("12 iterations"): no decimals.
      if (value < kLargestWhole && value == std::trunc(value)) return wholeNumber(value);
      return plainNumber(value);
  }
  return "n/a";
}

}  // namespace

std::string formatValue(double value, ValueKind kind) {
  if (std::isnan(value)) return "n/a";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
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
