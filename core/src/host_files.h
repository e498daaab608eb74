// Reading the small text files Linux describes the machine with (/proc, /sys, /etc).
// Internal to core: the memory guard, the machine probe and the conditions check share it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace accellab::detail {

// The whole file, or nullopt when it cannot be read.
std::optional<std::string> readTextFile(const std::filesystem::path& path);

// Without leading and trailing white space (files end in a newline).
std::string trimmed(std::string text);

// The value of the first "key<separator>value" line, trimmed: "model name\t: Xeon" in
// /proc/cpuinfo, PRETTY_NAME="Debian" in /etc/os-release.
std::optional<std::string> keyValue(const std::string& text, std::string_view key, char separator);

// A "Key:  123 kB" line of /proc/meminfo, in bytes.
std::optional<std::uint64_t> meminfoBytes(std::string_view meminfo, std::string_view key);

}  // namespace accellab::detail
