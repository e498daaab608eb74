// Internal to core: the SHA-256 a session records of each plugin file it measured.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace accellab::detail {

// The file's SHA-256 in 64 lower-case hex digits (OpenSSL's libcrypto); none in a build
// without OpenSSL. Throws std::runtime_error naming the file when it cannot be read.
std::optional<std::string> sha256OfFile(const std::filesystem::path& file);

}  // namespace accellab::detail
