// One writer at a time for a session file: two runs saving to one file (two `--append`, two
// `--out`) each read it, then each wrote its own session over the other's, and a run was lost
// while both said "saved". The first to lock the file writes it; the second is refused at once,
// told who holds it.
#pragma once

#include <filesystem>
#include <string>

namespace accellab {

// An exclusive lock on the session file `path`, held for the object's life: an flock on a lock
// file beside it (".NAME.lock"), which holds the holder's process id and `holder` (the command
// line, "desktop app") for the message of the next one to try. The kernel drops the lock when
// the process ends, however it ends; the lock file goes with the lock. Throws OutputError
// ("run.json is being written by another AccelLab (pid 4242, accellab-cli run …): wait for
// it, or save to another file") when another holds it. Where the folder takes no new file
// (unwritable, read-only, full, gone) it holds nothing: the write that follows fails there and
// says why.
class SessionLock {
 public:
  SessionLock(const std::filesystem::path& path, const std::string& holder);
  ~SessionLock();
  SessionLock(const SessionLock&) = delete;
  SessionLock& operator=(const SessionLock&) = delete;

  // The lock file of `path`: ".run.json.lock" beside "run.json".
  static std::filesystem::path lockFileOf(const std::filesystem::path& path);

 private:
  std::filesystem::path lockFile_;
  int fd_ = -1;
};

}  // namespace accellab
