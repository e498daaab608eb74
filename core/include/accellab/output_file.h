// Writing files the user named without ever losing data: the one place AccelLab creates a
// session, a report or an exported chart. Used by the CLI, the desktop app and the session
// writer alike.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string_view>

namespace accellab {

// Names the file and the reason: "cannot write out.json: No space left on device".
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Whose name a file bears decides what a symlink there means. A file the user named (`--out`,
// a save dialog) is theirs to point anywhere: the file the link names is replaced. A file the
// program names itself (its machine cache, autosaves, fallbacks) is never written through a
// link: anyone who can write its directory could otherwise make AccelLab (run as root with a
// user's environment) overwrite any file; the link itself is replaced by a regular file.
enum class Symlinks { follow, replace };

// Checks, before any work is done, that `path` could be written: not empty, not over the
// system's name limits, not a directory, a device, a FIFO or a socket (writing a session over
// /dev/null as root would replace the device), in a directory that exists and is writable.
// Throws OutputError. A late write can still fail (a full disk); writeFileAtomically says so.
void checkOutputTarget(const std::filesystem::path& path, Symlinks links = Symlinks::follow);

// Replaces `path` with `bytes` all at once: the caller serialises first, then this creates a
// temporary file of our own pattern next to the target, writes, fsyncs, renames over the
// target and fsyncs the directory. A crash or a full disk leaves the old file (or none),
// never a truncated one. Temporary files left by killed AccelLab processes for the same
// target are removed. A symlink is followed or replaced as `links` says (see Symlinks).
// Throws OutputError after checkOutputTarget's checks or when any step fails.
void writeFileAtomically(const std::filesystem::path& path, std::string_view bytes,
                         Symlinks links = Symlinks::follow);

}  // namespace accellab
