// Internal to core: parts of a message joined with a separator (empty parts at the start add
// no separator), shared by the texts the engine writes for people.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace accellab::detail {

inline std::string joined(const std::vector<std::string>& parts, std::string_view separator) {
  std::string text;
  for (const std::string& part : parts) text.append(text.empty() ? "" : separator).append(part);
  return text;
}

}  // namespace accellab::detail
