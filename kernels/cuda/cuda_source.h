// A user's CUDA kernel added to a built-in kernel as a variant of its own (`--kernel add
// --cuda-source FILE --entry NAME`, docs/cuda-source.md): the source, read once when the
// engine is made, so that every point compiles the same text whatever the file becomes, and
// the signature each kernel that takes one calls it with. Plain C++.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "accellab/types.h"

namespace accellab::kernels::gpu {

// Refused or failed: an unreadable file, a name that is no variant name, NVRTC's log of a
// compile error (with the file's own line numbers: nothing is added to the source).
class CudaSourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A file a source includes with #include "NAME", read with it: NVRTC is given these and
// reads no file itself.
struct CudaHeader {
  std::string name;  // as the #include writes it, relative to the source's folder
  std::string text;
};

struct CudaSource {
  std::filesystem::path file;
  // The __global__ function template AccelLab instantiates for the element type
  // (entry<float>, entry<double>) and launches; also the variant's name.
  std::string entry;
  std::string text;
  std::string sha256;  // of text, 64 hex digits; empty in a build without OpenSSL
  // The parameter types the kernel launches the entry with, {T} standing for the element
  // type: "const {T}*, {T}*, unsigned long long, {T}" (KernelTable::sourceParameters).
  std::string parameters{};
  // What it includes from its folder, and what those include, in the order first met.
  std::vector<CudaHeader> headers{};
};

// Reads `file` for `entry`, to be called with `parameters` (CudaSource::parameters), and the
// files it includes with #include "NAME" from its folder. Throws CudaSourceError when a file
// cannot be read, is empty, is over 1 MiB (the source and its headers together), `entry` is
// no C++ identifier, or an #include names a file by an absolute path, through "..", or (with
// quotes) one its folder does not have: a source includes its own folder's files and NVRTC's
// built-in headers (<cuda_fp16.h>), nothing else.
CudaSource readCudaSource(const std::filesystem::path& file, std::string entry,
                          std::string parameters);

// The type an entry is instantiated for, as CUDA C++ spells it: "float", "double".
std::string cudaTypeName(DType dtype);

// "add_twice.cu (SHA-256 3f2a9c81d0e4…)": the file as a point's build note names it.
std::string describeSource(const CudaSource& source);

}  // namespace accellab::kernels::gpu
