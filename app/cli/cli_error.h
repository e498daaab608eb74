// How the CLI ends: its exit codes, and the error that means "the user asked for
// something we cannot do" (exit 2, one line on stderr).
#pragma once

#include <stdexcept>

namespace accellab::cli {

enum ExitCode : int {
  kExitOk = 0,
  kExitVerificationFailed = 1,
  kExitSlower = 1,  // compare: a point got significantly slower (a CI gate's failure)
  kExitUsage = 2,
  // A point (or the command itself) could not allocate the memory it needed: the memory guard
  // let it through, yet the allocation failed.
  kExitOutOfMemory = 3,
  // The work was done but a file asked for (run's session, an export) could not be written;
  // stderr names it, the reason, and where run's session went instead.
  kExitNotSaved = 4,
  // Interrupted: 128 + the stop signal (InterruptWatcher::exitCode), as shells report it.
};

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace accellab::cli
