// What an asv-style Python benchmark file holds (docs/python.md): the child script
// (resources/python/accellab_asv.py) imports the file in the chosen interpreter and lists its
// benchmarks, their parameter axes and the benchmarks it cannot measure, with the reason.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include "python/python_function.h"

namespace accellab::kernels {

class PythonChild;

// "python file FILE: why": the interpreter is missing, the file does not import (the error and
// its traceback's last lines, naming the user's file and line) or the child broke down.
class PythonFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct AsvBenchmark {
  std::string name;  // asv's, without the module: "time_join", "Buffers.time_stringio"
  std::vector<std::string> paramNames;
  std::vector<std::vector<std::string>> params;  // each axis's values, by their repr()
  std::optional<double> timeoutS;                // none: no limit
  std::string doc;                               // the docstring's first line
  std::string prettyName;
  int line = 0;  // of its def
  // The accellab module's marks (docs/python.md): the kernel it is a variant of (empty: none
  // declared), whether it is that kernel's reference, and the GPU library whose CUDA events
  // time it ("cupy", "numba"; empty: the host clock).
  std::string kernel;
  bool reference = false;
  std::string device;
  // The library whose thread count is set to the point's ("numba"; empty: not threaded).
  std::string threads;
};

// What one call of a declared kernel's variants does at one combination of its parameters.
struct AsvWork {
  std::vector<std::string> params;  // one repr per axis
  std::uint64_t elements = 0;
  std::uint64_t bytes = 0;
  std::uint64_t flops = 0;
};

// A kernel the file declares with accellab.Kernel.
struct AsvDeclaredKernel {
  std::string name;
  double rtol = 0;
  std::string reference;      // its reference benchmark's name; empty: none
  std::vector<AsvWork> work;  // empty: it declares none
};

struct AsvSkipped {
  std::string name;
  std::string reason;  // "mem_ benchmarks measure the size of the object returned …"
};

struct AsvListing {
  std::filesystem::path file;  // absolute
  std::string sha256;          // of the file when it was listed
  std::string interpreter;     // "Python 3.11.2 (/usr/bin/python3), NumPy 1.24.2, Numba 0.56.4"
  std::vector<AsvBenchmark> benchmarks;
  std::vector<AsvDeclaredKernel> kernels;
  std::vector<AsvSkipped> notMeasured;
  // Its functions that join a built-in kernel (accellab.Builtin), by line.
  std::vector<PythonFunction> builtinVariants{};
};

// Lists `file` with `interpreter`. Throws PythonFileError.
AsvListing listAsvFile(const std::filesystem::path& file, const std::string& interpreter,
                       std::stop_token stop = {});

// The child script (resources/python/accellab_asv.py) in `interpreter`, the accellab module
// given to it. Throws std::runtime_error ("python3 not found").
std::unique_ptr<PythonChild> asvChild(const std::string& interpreter);

// One failure reply of the child ({"error", "traceback"}) as one message: the error, then the
// traceback's last lines.
std::string childError(const std::string& error, const std::vector<std::string>& traceback);

// Why a reply of the child could not be read, in a user's words: "the Python child's reply is
// not AccelLab's (key 'sha256' not found): …". What else writes into the child's replies (the
// user's code on a file descriptor it did not open) is named; the JSON library's tag is not.
std::string notAReply(const nlohmann::json::exception& malformed);

}  // namespace accellab::kernels
