#include "argument_parser.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "accellab/parse.h"
#include "cli_error.h"

namespace accellab::cli {
namespace {

bool isOption(std::string_view arg) { return arg.starts_with("--"); }

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

template <typename T>
T parsedOrThrow(std::string_view option, Parsed<T> parsed) {
  if (!parsed.value) throw UsageError("invalid " + std::string(option) + ": " + parsed.error);
  return *parsed.value;
}

// A number written as a count ("1_000", "1e30") that is above `max`, however far.
bool exceeds(std::string text, std::uint64_t max) {
  std::erase(text, '_');
  double value = 0;
  const NumberText parsed = parseNumber(std::string_view(text), value);
  return tooLargeNumber(parsed, text) ||
         (parsed == NumberText::ok && value > static_cast<double>(max));
}

std::string tooLarge(std::string_view option, std::string_view text) {
  return "invalid " + std::string(option) + ": " + quoted(text) + " is too large";
}

}  // namespace

ArgumentParser::ArgumentParser(std::string usage, std::string summary)
    : usage_(std::move(usage)), summary_(std::move(summary)) {}

ArgumentParser& ArgumentParser::add(Spec spec) {
  specs_.push_back(std::move(spec));
  return *this;
}

ArgumentParser& ArgumentParser::flag(std::string name, std::string help) {
  return add({std::move(name), {}, std::move(help), Arity::flag});
}

ArgumentParser& ArgumentParser::option(std::string name, std::string valueName, std::string help) {
  return add({std::move(name), std::move(valueName), std::move(help), Arity::one});
}

ArgumentParser& ArgumentParser::multiOption(std::string name, std::string valueName,
                                            std::string help) {
  return add({std::move(name), std::move(valueName), std::move(help), Arity::many});
}

ArgumentParser& ArgumentParser::positional(std::string name, std::string help) {
  positionals_.push_back({std::move(name), std::move(help)});
  return *this;
}

ArgumentParser& ArgumentParser::positionalList(std::string name, std::string help) {
  positionals_.push_back({std::move(name), std::move(help), true});
  return *this;
}

const ArgumentParser::Spec& ArgumentParser::spec(std::string_view name) const {
  auto it =
      std::find_if(specs_.begin(), specs_.end(), [&](const Spec& s) { return s.name == name; });
  if (it == specs_.end()) {
    const std::string command = usage_.substr(0, usage_.find(' '));
    throw UsageError("unknown option " + quoted(name) + " (see 'accellab-cli " + command +
                     " --help')");
  }
  return *it;
}

void ArgumentParser::take(const Spec& spec, std::string value) {
  given_[spec.name].push_back(std::move(value));
}

void ArgumentParser::parse(std::span<const std::string> args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      helpRequested_ = true;
      continue;
    }
    if (!isOption(arg)) {
      positionalValues_.push_back(arg);
      continue;
    }
    const std::size_t equals = arg.find('=');
    const Spec& s = spec(std::string_view(arg).substr(0, equals));
    const bool hasInline = equals != std::string::npos;
    const auto nextIsValue = [&] { return i + 1 < args.size() && !isOption(args[i + 1]); };
    switch (s.arity) {
      case Arity::flag:
        if (hasInline) throw UsageError(s.name + " takes no value");
        given_.try_emplace(s.name);
        break;
      case Arity::one:
        if (given_.contains(s.name)) throw UsageError(s.name + " given more than once");
        if (!hasInline && !nextIsValue())
          throw UsageError(s.name + " needs a value (" + s.valueName + ")");
        take(s, hasInline ? arg.substr(equals + 1) : args[++i]);
        break;
      case Arity::many:
        if (!hasInline && !nextIsValue())
          throw UsageError(s.name + " needs a value (" + s.valueName + ")");
        if (hasInline) take(s, arg.substr(equals + 1));
        while (nextIsValue()) take(s, args[++i]);
        break;
    }
  }
  if (helpRequested_) return;
  if (positionalValues_.size() < positionals_.size()) {
    throw UsageError("missing " + positionals_[positionalValues_.size()].name);
  }
  const bool takesMore = !positionals_.empty() && positionals_.back().list;
  if (positionalValues_.size() > positionals_.size() && !takesMore) {
    throw UsageError("unexpected argument " + quoted(positionalValues_[positionals_.size()]));
  }
}

std::string ArgumentParser::help() const {
  std::vector<std::pair<std::string, std::string>> rows;
  for (const Positional& p : positionals_)
    rows.emplace_back(p.name + (p.list ? " ..." : ""), p.help);
  for (const Spec& s : specs_) {
    std::string left = s.name;
    if (s.arity != Arity::flag) left += " " + s.valueName;
    if (s.arity == Arity::many) left += " ...";
    rows.emplace_back(std::move(left), s.help);
  }
  rows.emplace_back("-h, --help", "show this help");
  std::size_t width = 0;
  for (const auto& row : rows) width = std::max(width, row.first.size());

  std::ostringstream out;
  out << "usage: accellab-cli " << usage_ << "\n\n" << summary_ << "\n\n";
  for (const auto& [left, right] : rows) {
    out << "  " << left << std::string(width - left.size() + 2, ' ') << right << '\n';
  }
  return out.str();
}

bool ArgumentParser::has(std::string_view name) const { return given_.contains(name); }

std::optional<std::string> ArgumentParser::value(std::string_view name) const {
  auto it = given_.find(name);
  if (it == given_.end() || it->second.empty()) return std::nullopt;
  return it->second.front();
}

std::vector<std::string> ArgumentParser::values(std::string_view name) const {
  auto it = given_.find(name);
  return it == given_.end() ? std::vector<std::string>{} : it->second;
}

std::string ArgumentParser::positionalValue(std::string_view name) const {
  for (std::size_t i = 0; i < positionals_.size() && i < positionalValues_.size(); ++i) {
    if (positionals_[i].name == name) return positionalValues_[i];
  }
  return {};
}

std::vector<std::string> ArgumentParser::positionalValues(std::string_view name) const {
  for (std::size_t i = 0; i < positionals_.size() && i < positionalValues_.size(); ++i) {
    if (positionals_[i].name != name) continue;
    const auto first = positionalValues_.begin() + static_cast<std::ptrdiff_t>(i);
    return positionals_[i].list ? std::vector<std::string>(first, positionalValues_.end())
                                : std::vector<std::string>{*first};
  }
  return {};
}

std::vector<std::uint64_t> ArgumentParser::counts(std::string_view name) const {
  std::vector<std::uint64_t> result;
  for (const std::string& v : values(name)) result.push_back(parsedOrThrow(name, parseCount(v)));
  return result;
}

std::vector<std::uint64_t> ArgumentParser::counts(std::string_view name, std::uint64_t max) const {
  std::vector<std::uint64_t> result;
  for (const std::string& v : values(name)) {
    const Parsed<std::uint64_t> parsed = parseCount(v);
    if (parsed.value ? *parsed.value > max : exceeds(v, max))
      throw UsageError("invalid " + std::string(name) + ": " + quoted(v) + " is more than " +
                       std::to_string(max));
    result.push_back(parsedOrThrow(name, parsed));
  }
  return result;
}

std::optional<std::uint64_t> ArgumentParser::count(std::string_view name) const {
  if (auto v = value(name)) return parsedOrThrow(name, parseCount(*v));
  return std::nullopt;
}

std::optional<std::uint64_t> ArgumentParser::unsignedValue(std::string_view name) const {
  auto text = value(name);
  if (!text) return std::nullopt;
  std::uint64_t result = 0;
  const NumberText parsed = parseNumber(std::string_view(*text), result);
  if (tooLargeNumber(parsed, *text))
    throw UsageError(tooLarge(name, *text) + " (the limit is 2^64-1, 18446744073709551615)");
  if (parsed != NumberText::ok) {
    throw UsageError("invalid " + std::string(name) + ": " + quoted(*text) +
                     " is not a non-negative integer");
  }
  return result;
}

std::vector<Shape3> ArgumentParser::shapes(std::string_view name) const {
  std::vector<Shape3> result;
  for (const std::string& v : values(name)) result.push_back(parsedOrThrow(name, parseShape(v)));
  return result;
}

std::vector<DType> ArgumentParser::dtypes(std::string_view name) const {
  std::vector<DType> result;
  for (const std::string& v : values(name)) {
    auto dtype = parseDType(v);
    if (!dtype) {
      throw UsageError("invalid " + std::string(name) + ": " + quoted(v) +
                       " is not an element type (f32, f64)");
    }
    result.push_back(*dtype);
  }
  return result;
}

std::optional<double> ArgumentParser::positive(std::string_view name) const {
  auto text = value(name);
  if (!text) return std::nullopt;
  double result = 0;
  const NumberText parsed = parseNumber(std::string_view(*text), result);
  if (tooLargeNumber(parsed, *text)) throw UsageError(tooLarge(name, *text));
  if (parsed != NumberText::ok || !std::isfinite(result) || result <= 0) {
    throw UsageError("invalid " + std::string(name) + ": " + quoted(*text) +
                     " is not a positive number");
  }
  return result;
}

std::optional<double> ArgumentParser::percentage(std::string_view name) const {
  auto text = value(name);
  if (!text) return std::nullopt;
  std::string_view digits = *text;
  if (!digits.empty() && digits.back() == '%') digits.remove_suffix(1);
  double result = 0;
  const NumberText parsed = parseNumber(digits, result);
  if (tooLargeNumber(parsed, digits) || (parsed == NumberText::ok && result > 1000))
    throw UsageError("invalid " + std::string(name) + ": " + quoted(*text) + " is more than 1000%");
  if (parsed != NumberText::ok || !std::isfinite(result) || result <= 0) {
    throw UsageError("invalid " + std::string(name) + ": " + quoted(*text) +
                     " is not a percentage above 0 (e.g. 5%)");
  }
  return result / 100;
}

std::vector<std::string> ArgumentParser::names(std::string_view name) const {
  std::vector<std::string> result;
  for (const std::string& v : values(name)) {
    std::vector<std::string> parts = splitList(v);
    if (parts.empty())
      throw UsageError("invalid " + std::string(name) + ": " + quoted(v) +
                       " names nothing (give names separated by commas, e.g. loop,parallel)");
    for (std::string& part : parts) result.push_back(std::move(part));
  }
  return result;
}

}  // namespace accellab::cli
