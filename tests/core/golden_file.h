// A text compared with its golden file in tests/data; ACCELLAB_UPDATE_GOLDEN=1 in the
// environment writes the text there instead (then read the diff before committing it).
#pragma once

#include <QtTest>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace accellab::test {

inline std::filesystem::path dataFile(const std::string& name) {
  return std::filesystem::path(ACCELLAB_TEST_DATA_DIR) / name;
}

// True when `actual` is the golden file's text (or was just written as it).
inline bool matchesGolden(const std::string& name, const std::string& actual) {
  const std::filesystem::path path = dataFile(name);
  if (std::getenv("ACCELLAB_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << actual;
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  const std::string expected{std::istreambuf_iterator<char>(in), {}};
  if (expected == actual) return true;
  qWarning("%s differs; what the code says now:\n%s", path.c_str(), actual.c_str());
  return false;
}

}  // namespace accellab::test
