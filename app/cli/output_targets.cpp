#include "output_targets.h"

#include <filesystem>

#include "accellab/output_file.h"
#include "cli_error.h"

namespace accellab::cli {

void checkOutputTargets(const std::vector<OutputTarget>& targets) {
  namespace fs = std::filesystem;
  std::vector<std::pair<fs::path, const OutputTarget*>> seen;
  for (const OutputTarget& target : targets) {
    if (!target.path) continue;
    try {
      checkOutputTarget(*target.path);
    } catch (const OutputError& refused) {
      throw UsageError(target.option + ": " + refused.what());
    }
    std::error_code error;
    const fs::path file = fs::weakly_canonical(fs::absolute(*target.path, error), error);
    for (const auto& [other, option] : seen) {
      if (other == file)
        throw UsageError(option->option + " and " + target.option + " both name '" + *target.path +
                         "': each output needs a file of its own");
    }
    seen.emplace_back(file, &target);
  }
}

bool writeOutput(const std::string& path, std::string_view bytes, std::ostream& err) {
  try {
    writeFileAtomically(path, bytes);
    return true;
  } catch (const OutputError& failed) {
    err << "accellab-cli: error: " << failed.what() << std::endl;
    return false;
  }
}

}  // namespace accellab::cli
