// The session file: a probe of the machine plus every measured point. Format documented in
// docs/session-format.md.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "accellab/result.h"
#include "accellab/sysinfo.h"

namespace accellab {

inline constexpr std::string_view kSessionFormat = "accellab-session";
inline constexpr int kSessionVersion = 1;

struct Session {
  std::string created;  // ISO-8601 UTC, "2026-11-30T04:33:24Z"
  SystemInfo system;
  std::vector<PointResult> points;
  friend bool operator==(const Session&, const Session&) = default;
};

std::string nowIso8601();

class SessionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string sessionToJson(const Session& session);
// The "system" object of a session, alone (accellab-cli sysinfo --json).
std::string systemInfoToJson(const SystemInfo& system);
// Throws SessionError with a message a user can act on: "not an AccelLab session",
// "session version 7 is newer than this AccelLab reads (1)", "points[3].stats: missing median_s".
Session sessionFromJson(std::string_view json);

// Temp file in the same directory, flushed, then renamed over the target: a crash never
// leaves a half-written session. Throws SessionError.
void writeSessionFile(const Session& session, const std::filesystem::path& path);
Session readSessionFile(const std::filesystem::path& path);

}  // namespace accellab
