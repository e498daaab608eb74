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
  // Each argument ends in NUL: a space before each instead reads as the command typed.
  std::string text = "accellab-cli";
  std::string::size_type start = 0;
  for (auto end = joinedArgs.find('\0'); end != std::string::npos;
       start = end + 1, end = joinedArgs.find('\0', start))
    text += ' ' + joinedArgs.substr(start, end - start);
  // Appended piece by piece: GCC 12 warns (-Wrestrict) on "'" + a returned string here.
  std::string quoted = "'";
  quoted += printable(text);
  quoted += '\'';
  return quoted;
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
