// SHA-256, as sessions record the files they measured (a plugin, a CUDA source) and as the
// kernel cache names the code it keeps.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace accellab {

// The file's SHA-256 in 64 lower-case hex digits (OpenSSL's libcrypto); none in a build
// without OpenSSL. Throws std::runtime_error naming the file when it cannot be read.
std::optional<std::string> sha256OfFile(const std::filesystem::path& file);
// The same of `bytes`.
std::optional<std::string> sha256Of(std::string_view bytes);

}  // namespace accellab
