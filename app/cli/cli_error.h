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
  kExitInterrupted = 130,  // 128 + SIGINT, as shells report it
};

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace accellab::cli
