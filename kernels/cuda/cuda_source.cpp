#include "cuda_source.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

#include "accellab/digest.h"
#include "accellab/session.h"

namespace accellab::kernels::gpu {
namespace {

// A kernel's source, not a data file: a larger one is a mistake (a binary named by accident).
constexpr std::uintmax_t kMaxSourceBytes = 1 << 20;

bool isIdentifier(const std::string& name) {
  if (name.empty() || (name.front() >= '0' && name.front() <= '9')) return false;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  return true;
}

}  // namespace

CudaSource readCudaSource(const std::filesystem::path& file, std::string entry,
                          std::string parameters) {
  const std::string named = "--cuda-source " + file.string();
  if (!isIdentifier(entry))
    throw CudaSourceError(named + ": --entry '" + entry +
                          "' is no C++ identifier (the name of a __global__ function template)");
  // The entry names the variant, and a session stores variant names of this length at most.
  if (entry.size() > kMaxNameLength)
    throw CudaSourceError(named + ": --entry '" + entry + "' is " + std::to_string(entry.size()) +
                          " characters; a variant's name, which it becomes, has at most " +
                          std::to_string(kMaxNameLength));
  std::error_code error;
  if (std::filesystem::is_directory(file, error))
    throw CudaSourceError(named + ": is a directory, not a CUDA source file");
  const std::uintmax_t size = std::filesystem::file_size(file, error);
  if (error) throw CudaSourceError(named + ": cannot read it: " + error.message());
  if (size == 0) throw CudaSourceError(named + ": the file is empty");
  if (size > kMaxSourceBytes)
    throw CudaSourceError(named + ": " + std::to_string(size) +
                          " bytes is no kernel source (at most 1 MiB)");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw CudaSourceError(named + ": cannot read it: " + std::strerror(errno));
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) throw CudaSourceError(named + ": cannot read it: a read failed");
  if (text.find('\0') != std::string::npos)
    throw CudaSourceError(named + ": holds a NUL byte: no CUDA source file");
  std::string sha256 = sha256Of(text).value_or("");
  return {file, std::move(entry), std::move(text), std::move(sha256), std::move(parameters)};
}

std::string cudaTypeName(DType dtype) { return dtype == DType::f32 ? "float" : "double"; }

std::string describeSource(const CudaSource& source) {
  std::string text = source.file.filename().string();
  if (!source.sha256.empty()) text += " (SHA-256 " + source.sha256.substr(0, 12) + "\u2026)";
  return text;
}

}  // namespace accellab::kernels::gpu
