// The files a command writes: all checked before any work is done, and each written on its own
// so that one that fails late (a full disk) loses none of the others.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace accellab::cli {

struct OutputTarget {
  std::string option;               // "--csv"
  std::optional<std::string> path;  // empty when the option was not given
};

// Refuses (UsageError naming the option) what accellab::checkOutputTarget refuses: an empty or
// over-long name, a directory, a device, a FIFO, a missing or read-only directory; and two
// options naming one file, which would overwrite each other.
void checkOutputTargets(const std::vector<OutputTarget>& targets);

// Writes `bytes` to `path` all at once (writeFileAtomically). On failure prints
// "accellab-cli: error: cannot write PATH: REASON" to `err` and returns false.
bool writeOutput(const std::string& path, std::string_view bytes, std::ostream& err);

}  // namespace accellab::cli
