// Reading the small text files Linux describes the machine with (/proc, /sys, /etc).
// Internal to core: the memory guard and the machine probe share it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace accellab::detail {

// The whole file, or nullopt when it cannot be read.
std::optional<std::string> readTextFile(const std::filesystem::path& path);

// A "Key:  123 kB" line of /proc/meminfo, in bytes.
std::optional<std::uint64_t> meminfoBytes(std::string_view meminfo, std::string_view key);

}  // namespace accellab::detail
