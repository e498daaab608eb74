#include "accellab/session_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "accellab/output_file.h"
#include "accellab/printable.h"

namespace accellab {

namespace {

// What the lock file says of its holder, one line, at most a few hundred bytes of it.
std::string holderOf(int fd) {
  std::string text(512, '\0');
  const ssize_t read = ::pread(fd, text.data(), text.size(), 0);
  text.resize(read > 0 ? static_cast<std::size_t>(read) : 0);
  if (const auto end = text.find('\n'); end != std::string::npos) text.resize(end);
  return printable(text);
}

}  // namespace

std::filesystem::path SessionLock::lockFileOf(const std::filesystem::path& path) {
  std::string name = path.filename().string();
  name.insert(name.begin(), '.');
  return path.parent_path() / name.append(".lock");
}

SessionLock::SessionLock(const std::filesystem::path& path, const std::string& holder)
    : lockFile_(lockFileOf(path)) {
  // A holder unlinks the lock file before it lets go: the file locked must still be the one
  // at the name, or the lock is taken again on the new one.
  for (;;) {
    fd_ = ::open(lockFile_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    // A folder that takes no new file takes no session either: the write says why, in its
    // own words, and nobody else can lock there.
    if (fd_ < 0 && (errno == EACCES || errno == EROFS || errno == ENOENT || errno == ENOSPC ||
                    errno == EDQUOT))
      return;
    if (fd_ < 0)
      throw OutputError("cannot lock " + path.string() + ": cannot create " + lockFile_.string() +
                        ": " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      const std::string who = holderOf(fd_);
      ::close(fd_);
      fd_ = -1;
      if (error == EWOULDBLOCK)
        throw OutputError(
            path.string() + " is being written by another AccelLab (" +
            (who.empty() ? std::string("its lock file is ") + lockFile_.string() : who) +
            "): wait for it, or save to another file");
      throw OutputError("cannot lock " + path.string() + ": " + std::strerror(error));
    }
    struct stat locked {};
    struct stat named {};
    if (::fstat(fd_, &locked) == 0 && ::lstat(lockFile_.c_str(), &named) == 0 &&
        locked.st_ino == named.st_ino && locked.st_dev == named.st_dev)
      break;
    ::close(fd_);  // unlinked by the holder that just let go: lock the new one
  }
  const std::string line =
      "pid " + std::to_string(::getpid()) + ", " + printable(holder).substr(0, 300) + "\n";
  if (::ftruncate(fd_, 0) == 0) (void)!::pwrite(fd_, line.data(), line.size(), 0);
}

SessionLock::~SessionLock() {
  if (fd_ < 0) return;
  ::unlink(lockFile_.c_str());
  ::close(fd_);
}

}  // namespace accellab
