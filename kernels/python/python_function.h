// A function of a user's Python file that joins a built-in kernel as a variant
// (accellab.Builtin, docs/python.md): called with the kernel's own arrays, verified against its
// reference, charted beside its C++ variants.
#pragma once

#include <filesystem>
#include <string>

#include "accellab/kernel.h"
#include "accellab/session.h"

namespace accellab::kernels {

struct PythonFunction {
  std::string kernel;  // the built-in kernel it joins: "add"
  std::string name;    // the function's, the variant's name
  std::filesystem::path file;
  std::string sha256;       // of the file when it was listed
  std::string interpreter;  // that listed it and runs it (AsvListing::interpreter)
  std::string doc;          // its docstring's first line
  int line = 0;             // of its def
  // The library whose threads it runs on, set to the point's count ("numba"); empty: one.
  std::string threads;
  // Seconds a call may take before its child is ended: the function's `timeout` attribute, as
  // asv reads a benchmark's, else asv's default 60; 0 or less: no limit.
  double timeoutS = 60;
};

// What a session records of a Python file whose code it measured: its module name, the
// interpreter and packages that ran it, its path and digest.
inline PluginIdentity pythonFileIdentity(const std::filesystem::path& file, std::string sha256,
                                         std::string interpreter) {
  return {.name = plainNameFor(file.stem().string()),
          .version = std::move(interpreter),
          .file = file.string(),
          .sha256 = std::move(sha256),
          .kind = "python"};
}

}  // namespace accellab::kernels
