// run --out: the session rewritten after every point, so that a printed point is in the file.
// A save that fails (a full disk, a vanished directory) never stops the run: the results stay
// in memory, one warning says why (another only when the reason changes), every later point
// retries, and finish() says what could not be saved and where the session went instead.
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "accellab/session.h"

namespace accellab::cli {

class SessionAutosave {
 public:
  // `target`: --out, or none. `fallbackDirs`: where finish() puts a session the target could
  // not take, tried in order ($TMPDIR, then the home directory). Messages go to `err`.
  SessionAutosave(std::optional<std::filesystem::path> target,
                  std::vector<std::filesystem::path> fallbackDirs, std::ostream& err);

  // Writes the whole session to the target; warns when that fails.
  void save(const Session& session);
  // The last save. When the target still fails, writes the session to the first fallback
  // directory that takes it and says so. True when the target holds the session (or there is
  // none).
  bool finish(const Session& session);

 private:
  std::optional<std::string> writeTarget(const Session& session);  // the error, if any
  std::filesystem::path fallbackName(const std::filesystem::path& dir) const;

  std::optional<std::filesystem::path> target_;
  std::vector<std::filesystem::path> fallbackDirs_;
  std::ostream& err_;
  std::optional<std::string> lastError_;  // of the last save; empty when it worked
  // The session as the target last took it: finish() writes nothing when it has not changed
  // since (a nearly full disk may refuse the second copy of what it already holds), and says
  // what the target holds when the last save failed.
  std::optional<Session> saved_;
};

// $TMPDIR (or /tmp), then $HOME: where a session goes when --out cannot take it.
std::vector<std::filesystem::path> fallbackDirsFromEnvironment();

}  // namespace accellab::cli
