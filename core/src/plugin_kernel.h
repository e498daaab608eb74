// A plugin's library, kept loaded while any of its kernels lives, and its kernels as Kernels.
// Internal to core: plugin_loader.cpp checks a plugin, plugin_kernel.cpp runs its kernels.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "accellab/kernel.h"
#include "accellab/plugin.h"
#include "accellab/plugin_device.h"

namespace accellab::detail {

// dlopen's handle: deinit() is called and the library closed when the last owner goes.
class SharedLibrary {
 public:
  SharedLibrary(void* handle, std::string name) : handle_(handle), name_(std::move(name)) {}
  SharedLibrary(const SharedLibrary&) = delete;
  SharedLibrary& operator=(const SharedLibrary&) = delete;
  ~SharedLibrary();

  void* handle() const { return handle_; }
  const std::string& name() const { return name_; }  // the plugin's, for messages
  void setEntry(const accellab_entry* entry) { entry_ = entry; }
  // What init() is given: it may keep the pointer until deinit() returns.
  accellab_host& host() { return host_; }

 private:
  void* handle_;
  std::string name_;
  const accellab_entry* entry_ = nullptr;  // set once init() succeeded: deinit() is due
  accellab_host host_{};
};

// A kernel as the loader checked it, in the host's own structs (plugin_abi.h): its arrays are
// the ones here, never the kernel's pointers.
struct KernelDeclaration {
  accellab_kernel kernel{};
  std::vector<accellab_param> params;
  std::vector<accellab_variant> variants;
  std::vector<accellab_value> values;
};

// `declaration` as a Kernel of ProblemKind::parameters, its device variants run by `devices`
// (null: unavailable, no device runner in this program).
std::unique_ptr<Kernel> makePluginKernel(std::shared_ptr<const SharedLibrary> library,
                                         KernelDeclaration declaration, PluginIdentity plugin,
                                         std::shared_ptr<const PluginDevices> devices);

}  // namespace accellab::detail
