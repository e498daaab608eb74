// The desktop app reads and writes files through the engine's one reader (results_file.h) and
// one writer (output_file.h), with their checks; this is the bridge: Qt's paths in, messages
// for the user out. The app has no reader or writer of its own.
#pragma once

#include <QString>
#include <exception>
#include <filesystem>
#include <optional>
#include <string_view>

#include "accellab/output_file.h"

namespace accellab {
struct Session;
}

namespace accellab::gui {

// A path of the file system from a path as Qt holds it (the file name encoding of the system).
std::filesystem::path toFilePath(const QString& path);

// The engine's message as the user may see it: its bytes that are not UTF-8 or are control
// characters (they came from a file) as visible escapes (accellab::printable), never as
// U+FFFD or raw control codes in a dialog.
QString engineMessage(const std::exception& error);

// Replaces `path` with `bytes` all at once (accellab::writeFileAtomically): a full disk or a
// crash leaves the old file or none, never part of one. The engine's message on failure,
// which names the file and the reason.
std::optional<QString> writeFile(const QString& path, std::string_view bytes);

// Saves `session` as accellab::writeSessionFile does, all at once; the message when it cannot:
// the file's problem, a session past the limits the reader accepts, or not enough memory.
// `links`: Symlinks::replace for a file the app names itself (its autosave).
std::optional<QString> writeSession(const QString& path, const Session& session,
                                    Symlinks links = Symlinks::follow);

}  // namespace accellab::gui
