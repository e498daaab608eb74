#include "accellab/output_file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <string>
#include <system_error>

namespace accellab {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void refuse(const fs::path& path, const std::string& why) {
  throw OutputError("cannot write " + path.string() + ": " + why);
}

std::string errnoText() { return std::strerror(errno); }

fs::path directoryOf(const fs::path& path) {
  return path.has_parent_path() ? path.parent_path() : fs::path(".");
}

// The file written: with Symlinks::follow a symlink is written through (the link stays, the
// file it names changes); with Symlinks::replace the path itself, link or not.
fs::path resolved(const fs::path& path, Symlinks links) {
  if (links == Symlinks::replace) return path;
  struct stat link {};
  if (lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) return path;
  std::error_code error;
  const fs::path target = fs::weakly_canonical(path, error);
  return error ? path : target;
}

std::string kindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "it is a directory, not a file";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "it is a device, not a regular file";
  if (S_ISFIFO(mode)) return "it is a FIFO, not a regular file";
  if (S_ISSOCK(mode)) return "it is a socket, not a regular file";
  return "it is not a regular file";
}

// Our temporary files: ".NAME.tmp-PID-XXXXXX", NAME cut so the whole stays within NAME_MAX.
std::string tempPrefix(const fs::path& target) {
  constexpr std::size_t kRoom = 40;  // ".", ".tmp-", a pid, "-XXXXXX"
  std::string name = target.filename().string();
  if (name.size() > NAME_MAX - kRoom) name.resize(NAME_MAX - kRoom);
  return "." + name + ".tmp-";
}

// Removes temporary files of `prefix` whose writing process no longer exists (a SIGKILL
// during a save); a live process's file is left alone, whoever it belongs to.
void removeStaleTemps(const fs::path& directory, const std::string& prefix) {
  std::error_code error;
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const std::string rest = name.substr(prefix.size());
    const auto dash = rest.find('-');
    if (dash == std::string::npos || dash == 0 || rest.size() != dash + 7) continue;
    if (rest.find_first_not_of("0123456789") != dash) continue;
    const long pid = std::strtol(rest.c_str(), nullptr, 10);
    if (pid <= 0 || pid > INT_MAX) continue;
    if (kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) unlink(it->path().c_str());
  }
}

class TempFile {
 public:
  TempFile(const fs::path& target, const fs::path& shownAs) : shownAs_(shownAs) {
    const fs::path directory = directoryOf(target);
    const std::string prefix = tempPrefix(target);
    removeStaleTemps(directory, prefix);
    std::string name = (directory / (prefix + std::to_string(getpid()) + "-XXXXXX")).string();
    fd_ = mkstemp(name.data());
    if (fd_ < 0) refuse(shownAs_, "cannot create a temporary file: " + errnoText());
    path_ = name;
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    if (fd_ >= 0) close(fd_);
    if (!committed_) unlink(path_.c_str());
  }

  void write(std::string_view data) {
    while (!data.empty()) {
      const ssize_t written = ::write(fd_, data.data(), data.size());
      if (written < 0 && errno == EINTR) continue;
      if (written <= 0) refuse(shownAs_, errnoText());
      data.remove_prefix(static_cast<std::size_t>(written));
    }
  }

  void commit(const fs::path& target, mode_t mode) {
    if (fchmod(fd_, mode) != 0 || fsync(fd_) != 0) refuse(shownAs_, errnoText());
    const int fd = fd_;
    fd_ = -1;
    if (close(fd) != 0) refuse(shownAs_, errnoText());
    if (std::rename(path_.c_str(), target.c_str()) != 0) refuse(shownAs_, errnoText());
    committed_ = true;
    // The rename itself is durable only once the directory is.
    const int directory = open(directoryOf(target).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory >= 0) {
      fsync(directory);
      close(directory);
    }
  }

 private:
  fs::path shownAs_;
  fs::path path_;
  int fd_ = -1;
  bool committed_ = false;
};

}  // namespace

void checkOutputTarget(const fs::path& path, Symlinks links) {
  if (path.empty()) throw OutputError("cannot write a file with an empty name");
  if (path.string().size() >= PATH_MAX) refuse(path, "the path is longer than the system allows");
  const fs::path target = resolved(path, links);
  const std::string file = target.filename().string();
  if (file.empty() || file == "." || file == "..") refuse(path, "it names a directory, not a file");
  if (file.size() > NAME_MAX) refuse(path, "the file name is longer than the system allows");
  struct stat existing {};
  // A link about to be replaced is no file to check (lstat: what it names is never looked at).
  const int found = links == Symlinks::replace ? lstat(target.c_str(), &existing)
                                               : stat(target.c_str(), &existing);
  if (found == 0 && !S_ISLNK(existing.st_mode)) {
    if (!S_ISREG(existing.st_mode)) refuse(path, kindOf(existing.st_mode));
    // A file of the program's own is replaced whatever its mode (only its folder must allow it).
    if (links == Symlinks::follow && access(target.c_str(), W_OK) != 0)
      refuse(path, access(target.c_str(), R_OK) == 0
                       ? "the file is read-only"
                       : "the file's permissions allow neither reading nor writing it");
  }
  const fs::path directory = directoryOf(target);
  struct stat parent {};
  if (stat(directory.c_str(), &parent) != 0)
    refuse(path, "directory '" + directory.string() + "' does not exist");
  if (!S_ISDIR(parent.st_mode)) refuse(path, "'" + directory.string() + "' is not a directory");
  if (access(directory.c_str(), W_OK | X_OK) != 0)
    refuse(path, "directory '" + directory.string() + "' is not writable");
}

void writeFileAtomically(const fs::path& path, std::string_view bytes, Symlinks links) {
  checkOutputTarget(path, links);
  const fs::path target = resolved(path, links);
  // The user's file keeps its mode; the program's own gets 0644 afresh (a mode 000 copied from
  // a damaged cache would make every later start miss it, and a link lends nothing).
  struct stat existing {};
  const bool keepMode = links == Symlinks::follow && stat(target.c_str(), &existing) == 0;
  const mode_t mode = keepMode ? existing.st_mode & 07777 : 0644;
  TempFile file(target, path);
  file.write(bytes);
  file.commit(target, mode);
}

}  // namespace accellab
