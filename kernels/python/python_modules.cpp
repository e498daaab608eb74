#include "python_modules.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "python_child.h"

namespace accellab::kernels {
namespace {

// The probe only asks importlib and the CUDA driver: fast, and bounded here anyway.
constexpr std::chrono::seconds kProbeTimeout{10};

constexpr const char* kProbeScript = R"(import importlib.util, json, sys
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
def version(module):
    if importlib.util.find_spec(module) is None:
        return None
    try:
        from importlib import metadata
        return metadata.version(module)
    except Exception:
        return ""
versions = {m: version(m) for m in ("numpy", "numba", "dask")}
found = {m: v is not None for m, v in versions.items()}
found["versions"] = {m: v for m, v in versions.items() if v}
found["cuda"] = cuda() if found["numba"] else ""
found["executable"] = sys.executable
found["version"] = "%d.%d.%d" % sys.version_info[:3]
found["modules"] = {m: importlib.util.find_spec(m) is not None for m in sys.argv[1:]}
print(json.dumps(found), flush=True)
)";

// The window's counterpart of ACCELLAB_PYTHON, named wherever that variable is.
constexpr const char* kInTheWindow = " (in the window: Run > Python Interpreter...)";

// Debian's interpreter, the one python3-numpy and python3-numba install for (scripts/setup).
constexpr const char* kSystemPython = "/usr/bin/python3";

// What one interpreter has.
struct Interpreter {
  std::string command;  // as started: ACCELLAB_PYTHON, python3 from PATH, or kSystemPython
  std::string executable;
  std::string version;
  bool numpy = false;
  bool numba = false;
  bool dask = false;
  std::string cuda;          // why numba.cuda cannot run, or empty
  std::string numpyVersion;  // as its package states it; empty when unknown
  std::string numbaVersion;
  std::string daskVersion;
  std::map<std::string, bool> modules;  // those asked for by name: whether each is found
};

// `extra`: top-level modules whose presence is asked too (Interpreter::modules).
Interpreter probeInterpreter(const std::string& command, std::vector<std::string> extra = {}) {
  PythonChild child(command, kProbeScript, {}, std::move(extra));
  const auto line = child.receive({}, kProbeTimeout);
  if (!line) throw std::runtime_error(command + " did not answer within 10 s");
  const nlohmann::json found = nlohmann::json::parse(*line, nullptr, false);
  if (!found.is_object()) throw std::runtime_error("python's probe replied '" + *line + "'");
  const nlohmann::json versions = found.value("versions", nlohmann::json::object());
  const auto versionOf = [&versions](const char* module) {
    const auto it = versions.find(module);
    return it != versions.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  return {command,
          found.value("executable", ""),
          found.value("version", ""),
          found.value("numpy", false),
          found.value("numba", false),
          found.value("dask", false),
          found.value("cuda", ""),
          versionOf("numpy"),
          versionOf("numba"),
          versionOf("dask"),
          found.value("modules", std::map<std::string, bool>{})};
}

// "python3 from PATH (/opt/conda/bin/python3, Python 3.11.4)": which interpreter was asked.
std::string described(const Interpreter& python) {
  const char* variable = std::getenv("ACCELLAB_PYTHON");
  const bool chosen = variable != nullptr && *variable != '\0';
  std::string text = chosen ? "ACCELLAB_PYTHON=" + python.command : python.command + " from PATH";
  text += " (" + (python.executable.empty() ? python.command : python.executable);
  if (!python.version.empty()) text += ", Python " + python.version;
  return text + ")";
}

// "python3 from PATH (/usr/bin/python3, Python 3.11.2): NumPy 1.24.2, Numba 0.56.4", or
// "...: NumPy 1.24.2, no Numba": what the variants run, for the session's machine.
std::string summary(const Interpreter& python) {
  const auto module = [](const char* name, bool has, const std::string& version) {
    if (!has) return "no " + std::string(name);
    return std::string(name) + (version.empty() ? "" : " " + version);
  };
  return described(python) + ": " + module("NumPy", python.numpy, python.numpyVersion) + ", " +
         module("Numba", python.numba, python.numbaVersion) + ", " +
         module("Dask", python.dask, python.daskVersion);
}

// Why `module` is unavailable, what was tried and how to choose: Debian's interpreter when it
// has the module and is not the one asked (`system`: its version when it has it).
std::string missing(const std::string& module, const std::string& install,
                    const Interpreter& python, const std::optional<std::string>& system) {
  std::string text = module + " is not installed for " + described(python);
  if (system)
    return text + "; " + kSystemPython + " (Python " + *system + ") has it: set " +
           "ACCELLAB_PYTHON=" + kSystemPython + kInTheWindow;
  return text + "; " + install + " or name an interpreter that has it in ACCELLAB_PYTHON" +
         kInTheWindow;
}

// Debian's interpreter, asked about `extra` too, when it is another than `python`.
std::optional<Interpreter> otherSystem(const Interpreter& python, std::vector<std::string> extra) {
  if (python.command == kSystemPython || ::access(kSystemPython, X_OK) != 0) return std::nullopt;
  try {
    return probeInterpreter(kSystemPython, std::move(extra));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// `system`'s version when it exists and `has` holds for it: what missing() names.
std::optional<std::string> versionIf(const std::optional<Interpreter>& system, bool has) {
  return system && has ? std::optional(system->version) : std::nullopt;
}

}  // namespace

PythonModules probePythonModules() {
  PythonModules modules;
  try {
    const Interpreter python = probeInterpreter(pythonInterpreter());
    modules.summary = summary(python);
    // Asked only when something is missing and it is another interpreter than the one asked.
    std::optional<Interpreter> system;
    if (!python.numpy || !python.numba || !python.dask) system = otherSystem(python, {});
    if (!python.numpy)
      modules.numpy =
          Availability::no(missing("NumPy", "install python3-numpy (scripts/setup does)", python,
                                   versionIf(system, system && system->numpy)));
    if (!python.numba) {
      modules.numba =
          Availability::no(missing("Numba", "install python3-numba (scripts/setup does)", python,
                                   versionIf(system, system && system->numba)));
    } else if (!python.cuda.empty()) {
      modules.numbaCuda = Availability::no(python.cuda);
    }
    if (!python.dask)
      modules.dask = Availability::no(missing("Dask", "install python3-dask (scripts/setup does)",
                                              python, versionIf(system, system && system->dask)));
  } catch (const std::exception& error) {
    modules.python = Availability::no(error.what());
    modules.summary = error.what();
    modules.numpy = modules.numba = modules.dask = modules.python;
  }
  if (!modules.numba.available) modules.numbaCuda = modules.numba;
  if (!modules.numpy.available) modules.dask = modules.numpy;
  return modules;
}

std::string missingModule(const std::string& module, const std::string& interpreter) {
  try {
    const Interpreter python = probeInterpreter(interpreter);
    const std::optional<Interpreter> system = otherSystem(python, {module});
    return missing("'" + module + "'", "install it for that interpreter", python,
                   versionIf(system, system && system->modules.contains(module) &&
                                         system->modules.at(module)));
  } catch (const std::exception& error) {
    return "'" + module + "' is not installed for " + interpreter + " (" + error.what() + ")";
  }
}

}  // namespace accellab::kernels
