// A fake host below a temporary root: the proc/, sys/ and etc/ files the probes read.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace accellab::test {

inline void writeFile(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

}  // namespace accellab::test
