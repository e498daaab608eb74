#include "cuda_source.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <regex>

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

// An #include of `text`: its line, '<' or '"', and the name.
struct Include {
  std::size_t line;
  char open;
  std::string name;
};

std::vector<Include> includesOf(const std::string& text) {
  static const std::regex directive(R"re(^\s*#\s*include\s*([<"])([^>"]*)[>"])re");
  std::vector<Include> found;
  std::size_t number = 0;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    ++number;
    std::smatch match;
    const std::string line = text.substr(start, end - start);
    if (std::regex_search(line, match, directive))
      found.push_back({number, match[1].str().front(), match[2].str()});
    start = end + 1;
  }
  return found;
}

// Whether `name` stays within the folder it is read from: relative, never through "..".
bool staysInFolder(const std::string& name) {
  const std::filesystem::path path(name);
  if (name.empty() || path.is_absolute()) return false;
  return std::ranges::none_of(path, [](const std::filesystem::path& part) { return part == ".."; });
}

std::string readText(const std::filesystem::path& file, const std::string& named) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw CudaSourceError(named + ": cannot read it: " + std::strerror(errno));
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) throw CudaSourceError(named + ": cannot read it: a read failed");
  if (text.find('\0') != std::string::npos)
    throw CudaSourceError(named + ": holds a NUL byte: no CUDA source file");
  return text;
}

// The headers `text` (of the file `from`, for messages) includes from `folder`, and theirs,
// added to `headers` once each; `bytes` counts the source and its headers against the limit.
void addHeaders(const std::string& text, const std::string& from,
                const std::filesystem::path& folder, std::vector<CudaHeader>& headers,
                std::uintmax_t& bytes, const std::string& named) {
  for (const Include& include : includesOf(text)) {
    if (!staysInFolder(include.name))
      throw CudaSourceError(
          named + ": " + from + " line " + std::to_string(include.line) + ": #include " +
          include.open + include.name + (include.open == '<' ? '>' : '"') +
          ": a source includes files of its own folder by a relative name (\"helper.cuh\") and "
          "NVRTC's built-in headers (<cuda_fp16.h>), not a path outside its folder");
    if (include.open == '<') continue;  // NVRTC's own, or its message that it has none
    const std::filesystem::path file = folder / include.name;
    std::error_code error;
    // Refused rather than left to NVRTC, which would look for it in the working directory.
    if (!std::filesystem::is_regular_file(file, error))
      throw CudaSourceError(named + ": " + from + " line " + std::to_string(include.line) +
                            ": #include \"" + include.name + "\": no such file in " +
                            folder.string() + " (NVRTC's built-in headers are included with <>)");
    if (std::ranges::any_of(headers, [&](const CudaHeader& h) { return h.name == include.name; }))
      continue;
    bytes += std::filesystem::file_size(file, error);
    if (bytes > kMaxSourceBytes)
      throw CudaSourceError(named + ": with its headers over 1 MiB: no kernel source");
    headers.push_back({include.name, readText(file, named + ": " + include.name)});
    const std::string included = headers.back().text;
    addHeaders(included, include.name, folder, headers, bytes, named);
  }
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
  std::string text = readText(file, named);
  std::vector<CudaHeader> headers;
  std::uintmax_t bytes = size;
  addHeaders(text, file.filename().string(), file.parent_path(), headers, bytes, named);
  std::string sha256 = sha256Of(text).value_or("");
  return {file,
          std::move(entry),
          std::move(text),
          std::move(sha256),
          std::move(parameters),
          std::move(headers)};
}

std::string cudaTypeName(DType dtype) { return dtype == DType::f32 ? "float" : "double"; }

std::string describeSource(const CudaSource& source) {
  std::string text = source.file.filename().string();
  if (!source.sha256.empty()) text += " (SHA-256 " + source.sha256.substr(0, 12) + "\u2026)";
  return text;
}

}  // namespace accellab::kernels::gpu
