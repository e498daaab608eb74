// A plugin's code run in a child process before the window loads it: a plugin whose init or
// declarations crash or hang then costs that child, not the window (its points are measured in
// the worker, but listing its kernels loads it in the window's own process).
#pragma once

#include <QString>
#include <filesystem>
#include <optional>
#include <string>

namespace accellab::gui {

// `program` (accellab-cli: the worker's) lists `file`'s kernels (`list --plugin FILE`): none
// when it came back, whatever it said (a plugin it refuses is refused again, with its words,
// when the window loads it); else why the window must not load it: it crashed, did not
// answer within `timeoutMs`, or the CLI found the plugin ending its own loader (a constructor
// that calls exit(), its words). An empty program probes nothing.
std::optional<QString> pluginCrashesWhenLoaded(const std::string& program,
                                               const std::filesystem::path& file,
                                               int timeoutMs = 20'000);

}  // namespace accellab::gui
