#include "launch_agreement.h"

#include "accellab/printable.h"
#include "cli_error.h"

namespace accellab::cli {
namespace {

// NUL cannot be in an argument: arguments joined on it compare as the list they were.
std::string joined(std::span<const std::string> args) {
  std::string text;
  for (const std::string& arg : args) text += arg + '\0';
  return text;
}

std::string shown(const std::string& joinedArgs) {
  std::string text = "accellab-cli";
  for (char c : joinedArgs) text += c == '\0' ? ' ' : c;
  if (text.back() == ' ') text.pop_back();
  return "'" + printable(text) + "'";
}

}  // namespace

std::optional<int> refuseDifferentCommandLines(Collective& launch,
                                               std::span<const std::string> args,
                                               std::ostream& err) {
  const std::vector<std::string> all = launch.gatherOnRoot(joined(args));
  std::string message;
  for (std::size_t rank = 1; rank < all.size() && message.empty(); ++rank) {
    if (all[rank] == all.front()) continue;
    message = "the ranks of this MPI launch run different command lines: rank " +
              std::to_string(rank) + " runs " + shown(all[rank]) + ", rank 0 runs " +
              shown(all.front()) +
              "; every rank must run the same command (mpirun -np N accellab-cli ...)";
  }
  if (!launch.rootDecides(!message.empty())) return std::nullopt;
  if (launch.rank() == 0) err << "accellab-cli: error: " << message << std::endl;
  return kExitUsage;
}

}  // namespace accellab::cli
