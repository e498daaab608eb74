#include "accellab/user_dirs.h"

#include <cstdlib>

namespace accellab {
namespace {

namespace fs = std::filesystem;

fs::path xdgDirectory(const char* variable, const fs::path& underHome) {
  const char* xdg = std::getenv(variable);
  const char* home = std::getenv("HOME");
  if (xdg && fs::path(xdg).is_absolute()) return fs::path(xdg) / "accellab";
  if (home && *home) return fs::path(home) / underHome / "accellab";
  return {};
}

}  // namespace

fs::path userCacheDirectory() { return xdgDirectory("XDG_CACHE_HOME", ".cache"); }

fs::path userDataDirectory() { return xdgDirectory("XDG_DATA_HOME", fs::path(".local") / "share"); }

}  // namespace accellab
