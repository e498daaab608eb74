#include "accellab/quality_ranges.h"

#include <array>
#include <cstdio>

namespace accellab {
namespace {

std::string number(double value) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.10g", value);
  return text.data();
}

}  // namespace

std::string describePercentRange(const QualityRange& range) {
  return number(range.min * 100) + "% to " + number(range.max * 100) + "%";
}

std::string describeRange(const QualityRange& range) {
  return number(range.min) + " to " + number(range.max);
}

}  // namespace accellab
