#include "host_files.h"

#include <fstream>
#include <sstream>

namespace accellab::detail {

std::optional<std::string> readTextFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return text.str();
}

std::string trimmed(std::string text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

std::optional<std::string> keyValue(const std::string& text, std::string_view key, char separator) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto split = line.find(separator);
    if (split != std::string::npos && trimmed(line.substr(0, split)) == key)
      return trimmed(line.substr(split + 1));
  }
  return std::nullopt;
}

std::optional<std::uint64_t> meminfoBytes(std::string_view meminfo, std::string_view key) {
  std::istringstream lines{std::string(meminfo)};
  for (std::string line; std::getline(lines, line);) {
    if (line.size() <= key.size() || line.compare(0, key.size(), key) != 0 ||
        line[key.size()] != ':')
      continue;
    std::istringstream fields(line.substr(key.size() + 1));
    std::uint64_t value = 0;
    std::string unit;
    if (!(fields >> value)) return std::nullopt;
    fields >> unit;
    return unit == "kB" ? value * 1024 : value;
  }
  return std::nullopt;
}

}  // namespace accellab::detail
