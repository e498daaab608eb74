// Loading kernel plugins (plugin.h, docs/plugins.md): each file checked before anything of it
// runs, its kernels wrapped as Kernels that keep the library loaded for as long as they live.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "accellab/kernel.h"
#include "accellab/plugin_device.h"

namespace accellab {

// "plugin FILE: why": a file that is not a shared library, exports no entry, was built for
// another ABI, or declares a kernel AccelLab cannot take (names, parameters, callbacks).
class PluginError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LoadedPlugin {
  PluginIdentity identity;  // each of its kernels' KernelInfo::plugin
  std::vector<std::unique_ptr<Kernel>> kernels;
};

// Loads `file` and checks everything it declares. Throws PluginError. Its device variants run
// on `devices` (kernels::pluginDevices); null: they are unavailable, with the reason.
LoadedPlugin loadPlugin(const std::filesystem::path& file,
                        std::shared_ptr<const PluginDevices> devices = nullptr);

// Loads `file` in a forked child first, as loadPlugin would: why this process must not load
// it (its code called exit() or crashed while it loaded, or it did not come back within
// `timeoutS`), or nothing when the child came back, whatever loadPlugin said (a refusal is
// said again by the real load). A plugin's constructor runs at dlopen, before anything is
// checked: only another process can survive it.
std::optional<std::string> pluginEndsItsLoader(const std::filesystem::path& file,
                                               double timeoutS = 20);

// The plugin files to load, in order: `named` (--plugin FILE), then each entry of
// $ACCELLAB_PLUGIN_PATH (':'-separated; a file, or a folder's *.so files), then the *.so files of
// $XDG_DATA_HOME/accellab/plugins (else ~/.local/share/accellab/plugins). A folder that does not
// exist is no error; a named file that does not is one, when it is loaded.
std::vector<std::filesystem::path> pluginFiles(const std::vector<std::filesystem::path>& named);

}  // namespace accellab
