#include "session_autosave.h"

#include <unistd.h>

#include <cstdlib>

namespace accellab::cli {

namespace fs = std::filesystem;

SessionAutosave::SessionAutosave(std::optional<fs::path> target, std::vector<fs::path> fallbackDirs,
                                 std::ostream& err)
    : target_(std::move(target)), fallbackDirs_(std::move(fallbackDirs)), err_(err) {}

std::optional<std::string> SessionAutosave::writeTarget(const Session& session) {
  try {
    writeSessionFile(session, *target_);
    saved_ = session;
    return std::nullopt;
  } catch (const std::exception& failed) {  // OutputError, or serialising failed
    return failed.what();
  }
}

void SessionAutosave::save(const Session& session) {
  if (!target_) return;
  const std::optional<std::string> error = writeTarget(session);
  if (error && error != lastError_) {
    err_ << "accellab-cli: warning: " << *error
         << "; measuring goes on with the results kept in memory, and the save is retried after "
            "every point"
         << std::endl;
  } else if (!error && lastError_) {
    err_ << "accellab-cli: the session is saved to " << target_->string() << " again" << std::endl;
  }
  lastError_ = error;
}

fs::path SessionAutosave::fallbackName(const fs::path& dir) const {
  return dir /
         ("accellab-unsaved-" + std::to_string(getpid()) + "-" + target_->filename().string());
}

bool SessionAutosave::finish(const Session& session) {
  if (!target_) return true;
  std::error_code error;
  // The target holds it already: a nearly full disk may refuse a second copy of the same.
  if (saved_ && *saved_ == session && fs::exists(*target_, error)) return true;
  save(session);
  if (!lastError_) return true;
  std::string message =
      "the session could not be saved to " + target_->string() + " (" + *lastError_ + ")";
  for (const fs::path& dir : fallbackDirs_) {
    const fs::path fallback = fallbackName(dir);
    try {
      // A name of our own in a shared folder: a link planted there is replaced, not followed.
      writeSessionFile(session, fallback, Symlinks::replace);
      err_ << "accellab-cli: error: " << message << "; it was saved to " << fallback.string()
           << " instead" << std::endl;
      return false;
    } catch (const std::exception& failed) {  // OutputError, or serialising failed
      message += "; saving it to " + fallback.string() + " failed too (" + failed.what() + ")";
    }
  }
  // Only what is true: the target keeps what its last save wrote, when it is still there.
  if (saved_ && !saved_->runs.empty() && !session.runs.empty() && fs::exists(*target_, error))
    err_ << "accellab-cli: error: " << message << "; " << target_->string()
         << " holds the session as last saved, with " << saved_->runs.back().points.size()
         << " of the " << session.runs.back().points.size() << " points of run "
         << session.runs.back().id << ": the others are lost but for the table printed above"
         << std::endl;
  else
    err_ << "accellab-cli: error: " << message
         << ": the measurements are lost but for the table printed above" << std::endl;
  return false;
}

std::vector<fs::path> fallbackDirsFromEnvironment() {
  std::vector<fs::path> dirs;
  // One folder named twice (TMPDIR=$HOME) is tried, and reported, once.
  const auto add = [&dirs](const fs::path& dir) {
    for (const fs::path& known : dirs) {
      std::error_code error;
      if (known == dir || fs::equivalent(known, dir, error)) return;
    }
    dirs.push_back(dir);
  };
  const char* tmp = std::getenv("TMPDIR");
  add(tmp && *tmp ? tmp : "/tmp");
  if (const char* home = std::getenv("HOME"); home && *home) add(home);
  return dirs;
}

}  // namespace accellab::cli
