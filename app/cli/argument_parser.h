// Options of one command: flags, options with one value, and options with several values
// (space-separated until the next --option, or repeated). Values are converted through
// core's parse.h so the CLI and the GUI accept the same spellings.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "accellab/types.h"

namespace accellab::cli {

class ArgumentParser {
 public:
  // `usage` is the synopsis after "accellab-cli", e.g. "report SESSION [options]".
  ArgumentParser(std::string usage, std::string summary);

  ArgumentParser& flag(std::string name, std::string help);
  ArgumentParser& option(std::string name, std::string valueName, std::string help);
  ArgumentParser& multiOption(std::string name, std::string valueName, std::string help);
  ArgumentParser& positional(std::string name, std::string help);
  // The last positional, taking one or more values ("NEW [NEW...]").
  ArgumentParser& positionalList(std::string name, std::string help);

  // Throws UsageError on unknown options, missing values, repeated single-value options,
  // and missing or extra positionals (unless --help was given).
  void parse(std::span<const std::string> args);

  bool helpRequested() const { return helpRequested_; }
  std::string help() const;

  bool has(std::string_view name) const;
  std::optional<std::string> value(std::string_view name) const;
  std::vector<std::string> values(std::string_view name) const;
  std::string positionalValue(std::string_view name) const;
  // Every value of a positionalList (of a positional: its one value).
  std::vector<std::string> positionalValues(std::string_view name) const;

  // Typed values; each throws UsageError naming the option and the offending text.
  std::vector<std::uint64_t> counts(std::string_view name) const;
  // Counts of at most `max`; any larger number, however large, is "'1e30' is more than 4096".
  std::vector<std::uint64_t> counts(std::string_view name, std::uint64_t max) const;
  std::optional<std::uint64_t> count(std::string_view name) const;
  std::optional<std::uint64_t> unsignedValue(std::string_view name) const;  // 0 allowed
  std::vector<Shape3> shapes(std::string_view name) const;
  std::vector<DType> dtypes(std::string_view name) const;
  // A positive finite number ("10", "2.5"); "5%" style for percentages (as a fraction).
  std::optional<double> positive(std::string_view name) const;
  std::optional<double> percentage(std::string_view name) const;
  // Every value split at commas: "--variants loop,gpu parallel" -> loop, gpu, parallel. A
  // value that names nothing ("", ",") is refused, never read as "the default".
  std::vector<std::string> names(std::string_view name) const;

 private:
  enum class Arity { flag, one, many };
  struct Spec {
    std::string name;
    std::string valueName;
    std::string help;
    Arity arity = Arity::flag;
  };
  struct Positional {
    std::string name;
    std::string help;
    bool list = false;
  };

  const Spec& spec(std::string_view name) const;
  ArgumentParser& add(Spec spec);
  void take(const Spec& spec, std::string value);

  std::string usage_;
  std::string summary_;
  std::vector<Spec> specs_;
  std::vector<Positional> positionals_;
  std::map<std::string, std::vector<std::string>, std::less<>> given_;
  std::vector<std::string> positionalValues_;
  bool helpRequested_ = false;
};

}  // namespace accellab::cli
