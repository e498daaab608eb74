#include "python_modules.h"

#include <chrono>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "python_child.h"

namespace accellab::kernels {
namespace {

// The probe only asks importlib and the CUDA driver: fast, and bounded here anyway.
constexpr std::chrono::seconds kProbeTimeout{10};

constexpr const char* kProbeScript = R"(import importlib.util, json
def cuda():
    import ctypes
    try:
        driver = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return "no CUDA driver"
    count = ctypes.c_int(0)
    if driver.cuInit(0) != 0 or driver.cuDeviceGetCount(ctypes.byref(count)) != 0 or count.value == 0:
        return "no CUDA device"
    return ""
found = {m: importlib.util.find_spec(m) is not None for m in ("numpy", "numba")}
found["cuda"] = cuda() if found["numba"] else ""
print(json.dumps(found), flush=True)
)";

}  // namespace

PythonModules probePythonModules() {
  PythonModules modules;
  try {
    PythonChild child(pythonInterpreter(), kProbeScript);
    const auto line = child.receive({}, kProbeTimeout);
    if (!line) throw std::runtime_error(pythonInterpreter() + " did not answer within 10 s");
    const nlohmann::json found = nlohmann::json::parse(*line, nullptr, false);
    if (!found.is_object()) throw std::runtime_error("python's probe replied '" + *line + "'");
    if (!found.value("numpy", false))
      modules.numpy = Availability::no("python3-numpy not installed");
    if (!found.value("numba", false)) {
      modules.numba = Availability::no("python3-numba not installed");
    } else if (const std::string cuda = found.value("cuda", ""); !cuda.empty()) {
      modules.numbaCuda = Availability::no(cuda);
    }
  } catch (const std::exception& error) {
    modules.python = Availability::no(error.what());
    modules.numpy = modules.numba = modules.python;
  }
  if (!modules.numba.available) modules.numbaCuda = modules.numba;
  return modules;
}

}  // namespace accellab::kernels
