// A shared library opened at run time (dlopen) and closed with this object: how cuBLAS and
// NVRTC are used, so that the package starts and runs everything else where they are missing.
#pragma once

#include <dlfcn.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace accellab::kernels::cuda {

class RuntimeLibrary {
 public:
  // Opens `file` (a soname or a path); throws std::runtime_error "`name` not found (`file`:
  // the loader's words)".
  RuntimeLibrary(std::string file, std::string name)
      : file_(std::move(file)),
        name_(std::move(name)),
        handle_(dlopen(file_.c_str(), RTLD_NOW | RTLD_LOCAL)) {
    if (!handle_) throw std::runtime_error(name_ + " not found (" + file_ + ": " + dlerror() + ")");
  }

  // `function` set to the library's `symbol`; throws std::runtime_error "`name` (`file`) has
  // no `symbol`" when it lacks it.
  template <class F>
  void find(F& function, const char* symbol) const {
    function = reinterpret_cast<F>(dlsym(handle_.get(), symbol));
    if (!function) throw std::runtime_error(name_ + " (" + file_ + ") has no " + symbol);
  }

 private:
  struct Close {
    void operator()(void* handle) const { dlclose(handle); }
  };
  std::string file_;
  std::string name_;
  std::unique_ptr<void, Close> handle_;
};

}  // namespace accellab::kernels::cuda
