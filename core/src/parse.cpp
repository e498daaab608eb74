#include "accellab/parse.h"

#include <algorithm>
#include <cctype>

namespace accellab {

namespace {

constexpr std::uint64_t kMaxCount = std::uint64_t{1} << 63;
constexpr std::string_view kCountExamples = " (examples: 1000000, 1_000_000, 1e9)";

std::string quoted(std::string_view text) { return std::string("'").append(text).append("'"); }

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Digits with single underscores between them ("1_000_000"); appends them to `digits`.
bool takeDigits(std::string_view& text, std::string& digits) {
  const std::size_t before = digits.size();
  while (!text.empty() && (isDigit(text.front()) || text.front() == '_')) {
    if (text.front() == '_') {
      if (digits.size() == before || text.size() < 2 || !isDigit(text[1])) return false;
    } else {
      digits += text.front();
    }
    text.remove_prefix(1);
  }
  return digits.size() > before;
}

// The decimal form of a count: mantissa digits and the power of ten they are scaled by.
struct Decimal {
  std::string digits;
  long long exponent = 0;
};

std::optional<Decimal> splitDecimal(std::string_view text) {
  Decimal decimal;
  if (!takeDigits(text, decimal.digits)) return std::nullopt;
  if (!text.empty() && text.front() == '.') {
    text.remove_prefix(1);
    std::string fraction;
    if (!takeDigits(text, fraction)) return std::nullopt;
    decimal.digits += fraction;
    decimal.exponent = -static_cast<long long>(fraction.size());
  }
  if (!text.empty() && (text.front() == 'e' || text.front() == 'E')) {
    text.remove_prefix(1);
    const bool negative = !text.empty() && text.front() == '-';
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
    std::string exponent;
    if (!takeDigits(text, exponent) || exponent.size() > 6) return std::nullopt;
    decimal.exponent += negative ? -std::stoll(exponent) : std::stoll(exponent);
  }
  if (!text.empty()) return std::nullopt;
  return decimal;
}

}  // namespace

bool tooLargeNumber(NumberText parsed, std::string_view text) {
  return parsed == NumberText::outOfRange && !text.starts_with('-') &&
         text.find("e-") == std::string_view::npos && text.find("E-") == std::string_view::npos;
}

Parsed<std::uint64_t> parseCount(std::string_view input) {
  const std::string_view text = trimmed(input);
  if (text.empty()) return {std::nullopt, "empty value where a count was expected"};
  if (text.front() == '-') return {std::nullopt, quoted(text) + " is not a positive count"};
  auto decimal = splitDecimal(text);
  // "64 32" where "64, 32" was meant: the list's separator is named, not the count's forms.
  if (!decimal && text.find_first_of(" \t") != std::string_view::npos)
    return {std::nullopt, quoted(text) + " is not a count: separate values with commas (" +
                              std::string(trimmed(text.substr(0, text.find_first_of(" \t")))) +
                              ", …)"};
  if (!decimal)
    return {std::nullopt, quoted(text) + " is not a count" + std::string(kCountExamples)};

  std::string& digits = decimal->digits;
  digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
  if (digits.empty()) return {std::nullopt, quoted(text) + " is not a positive count"};
  // A negative exponent must only drop zeros: "2.5e3" is whole, "1.5" is not.
  for (; decimal->exponent < 0; ++decimal->exponent) {
    if (digits.back() != '0') return {std::nullopt, quoted(text) + " is not a whole number"};
    digits.pop_back();
  }
  const std::string tooLarge = quoted(text) + " is too large (the limit is 2^63)";
  if (static_cast<long long>(digits.size()) + decimal->exponent > 19)
    return {std::nullopt, tooLarge};
  digits.append(static_cast<std::size_t>(decimal->exponent), '0');
  std::uint64_t value = 0;
  for (char digit : digits) {
    const auto next = static_cast<std::uint64_t>(digit - '0');
    if (value > (kMaxCount - next) / 10) return {std::nullopt, tooLarge};
    value = value * 10 + next;
  }
  return {value, {}};
}

Parsed<Shape3> parseShape(std::string_view input) {
  const std::string_view text = trimmed(input);
  const std::string context = "shape " + quoted(text);
  std::vector<std::uint64_t> extents;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find_first_of("xX", start), text.size());
    const auto extent = parseCount(text.substr(start, end - start));
    if (!extent.value) {
      // An extent is a count, but a shape's examples are shapes (issue: "abc" got sample
      // counts as examples in the sizes field).
      std::string why = extent.error;
      if (why.ends_with(kCountExamples))
        why.replace(why.size() - kCountExamples.size(), kCountExamples.size(),
                    " (a shape is ZxYxX, e.g. 1024x1024x512 or 16x256x256)");
      return {std::nullopt, context + ": " + why};
    }
    extents.push_back(*extent.value);
    start = end + 1;
  }
  if (extents.size() != 3)
    return {std::nullopt, context + " needs three extents ZxYxX, e.g. 1024x1024x512"};
  const Shape3 shape{extents[0], extents[1], extents[2]};
  if (!boundedElementCount(shape))
    return {std::nullopt,
            context + " overflows: more than 2^59 elements do not fit 64-bit byte offsets"};
  return {shape, {}};
}

std::vector<std::string> splitList(std::string_view text, char separator) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(separator, start), text.size());
    const auto item = trimmed(text.substr(start, end - start));
    if (!item.empty()) items.emplace_back(item);
    start = end + 1;
  }
  return items;
}

Parsed<std::vector<std::uint64_t>> parseParamValues(const KernelInfo& kernel,
                                                    const ParamSpec& param, std::string_view text) {
  const std::vector<std::string> items = splitList(text);
  if (items.empty()) return {std::nullopt, param.name + " needs at least one value"};
  std::vector<std::uint64_t> values;
  for (const std::string& item : items) {
    // A labelled parameter (an asv axis of strings) is named by its label or its index.
    if (const auto label = std::find(param.labels.begin(), param.labels.end(), item);
        label != param.labels.end()) {
      values.push_back(param.values.at(static_cast<std::size_t>(label - param.labels.begin())));
      continue;
    }
    const auto value = parseCount(item);
    if (!value.value) return {std::nullopt, param.name + ": " + value.error};
    if (auto problem = validateParam(kernel, param.name, *value.value))
      return {std::nullopt, *problem};
    values.push_back(*value.value);
  }
  return {std::move(values), {}};
}

Parsed<ParamAxis> parseParamAxis(const KernelInfo& kernel, std::string_view input) {
  const std::string_view text = trimmed(input);
  const std::size_t equals = text.find('=');
  if (equals == std::string_view::npos)
    return {std::nullopt, quoted(text) + " is not NAME=VALUE[,VALUE...] (e.g. n=256,512)"};
  const std::string name(trimmed(text.substr(0, equals)));
  const ParamSpec* param = kernel.parameter(name);
  if (!param) {
    std::string known;
    for (const ParamSpec& p : kernel.parameters) known += (known.empty() ? "" : ", ") + p.name;
    return {std::nullopt, kernel.name + " has no parameter " + quoted(name) +
                              (known.empty() ? " (it has none)" : " (it has: " + known + ")")};
  }
  auto values = parseParamValues(kernel, *param, text.substr(equals + 1));
  if (!values.value) return {std::nullopt, values.error};
  return {ParamAxis{param->name, std::move(*values.value)}, {}};
}

}  // namespace accellab
