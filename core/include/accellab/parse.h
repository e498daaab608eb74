// Parsing of user-typed sizes, shared by the CLI and the GUI.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "accellab/kernel.h"
#include "accellab/types.h"

namespace accellab {

// A whole text read as a number of type T ("2.5", "1e-3", "42"): ok, not a number (empty, or
// text after it), or beyond T's range. Out of range is told apart, as "too large" says what is
// wrong where "not a number" would not.
enum class NumberText { ok, invalid, outOfRange };
template <typename T>
NumberText parseNumber(std::string_view text, T& out) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  if (ptr != end || text.empty()) return NumberText::invalid;
  if (ec == std::errc::result_out_of_range) return NumberText::outOfRange;
  return ec == std::errc{} ? NumberText::ok : NumberText::invalid;
}
// Out of range upwards: "1e400", not "-1e400" nor "1e-400".
bool tooLargeNumber(NumberText parsed, std::string_view text);

template <typename T>
struct Parsed {
  std::optional<T> value;
  std::string error;  // set when value is empty: "'-3' is not a positive count"
};

// "1e9", "3e7", "1_000_000", "1000000", "2.5e3"; positive integers only, up to 2^63.
Parsed<std::uint64_t> parseCount(std::string_view text);
// "1024x1024x512" (Z x Y x X); every extent a parseCount, product must fit 64 bits.
Parsed<Shape3> parseShape(std::string_view text);
// "loop,vectorized,gpu" -> names, no empties.
std::vector<std::string> splitList(std::string_view text, char separator = ',');

// The values of one of a kernel's own parameters as typed ("256,512,1e3"): each a
// parseCount within the parameter's range; at least one.
Parsed<std::vector<std::uint64_t>> parseParamValues(const KernelInfo& kernel,
                                                    const ParamSpec& param, std::string_view text);

// "n=256,512": one of the kernel's parameters and the values it sweeps. An unknown name is
// refused with the names the kernel has.
struct ParamAxis {
  std::string name;
  std::vector<std::uint64_t> values;
};
Parsed<ParamAxis> parseParamAxis(const KernelInfo& kernel, std::string_view text);

}  // namespace accellab
