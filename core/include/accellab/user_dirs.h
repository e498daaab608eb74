// AccelLab's folders in the user's home, by the XDG base directory rules (a relative
// XDG_*_HOME is ignored). Each is empty when neither its variable nor HOME is set.
#pragma once

#include <filesystem>

namespace accellab {

// What AccelLab can measure or build again: $XDG_CACHE_HOME/accellab, else
// ~/.cache/accellab. It holds machine.json and kernels/ (compiled CUDA sources).
std::filesystem::path userCacheDirectory();
// What the user keeps: $XDG_DATA_HOME/accellab, else ~/.local/share/accellab. It holds
// plugins/ (loaded at every start) and kernels/ (the window's CUDA sources).
std::filesystem::path userDataDirectory();

}  // namespace accellab
