// What an asv-style Python benchmark file holds (docs/python.md): the child script
// (resources/python/accellab_asv.py) imports the file in the chosen interpreter and lists its
// benchmarks, their parameter axes and the benchmarks it cannot measure, with the reason.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

namespace accellab::kernels {

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
  std::vector<AsvSkipped> notMeasured;
};

// Lists `file` with `interpreter`. Throws PythonFileError.
AsvListing listAsvFile(const std::filesystem::path& file, const std::string& interpreter,
                       std::stop_token stop = {});

// One failure reply of the child ({"error", "traceback"}) as one message: the error, then the
// traceback's last lines.
std::string childError(const std::string& error, const std::vector<std::string>& traceback);

}  // namespace accellab::kernels
