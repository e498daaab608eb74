#include "nvrtc_compiler.h"

#include <cuda_runtime_api.h>
#include <nvrtc.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string_view>
#include <vector>

#include "accellab/child_process.h"
#include "accellab/digest.h"
#include "accellab/format.h"
#include "accellab/output_file.h"
#include "accellab/user_dirs.h"
#include "runtime_library.h"

namespace accellab::kernels::cuda {
namespace {

namespace fs = std::filesystem;

// Bumped when what a cache file holds, or how its key is made, changes.
constexpr const char* kCacheFormat = "accellab kernel cache 1";

// The functions used, looked up once per process.
struct Library {
  static std::string file() {
    const char* named = std::getenv("ACCELLAB_NVRTC");
    if (named && *named) return named;
    return "libnvrtc.so." + std::to_string(CUDART_VERSION / 1000);
  }

  RuntimeLibrary library{file(), "NVRTC"};
  decltype(&::nvrtcVersion) version = nullptr;
  decltype(&::nvrtcGetErrorString) errorString = nullptr;
  decltype(&::nvrtcGetNumSupportedArchs) numSupportedArchs = nullptr;
  decltype(&::nvrtcGetSupportedArchs) supportedArchs = nullptr;
  decltype(&::nvrtcCreateProgram) createProgram = nullptr;
  decltype(&::nvrtcDestroyProgram) destroyProgram = nullptr;
  decltype(&::nvrtcAddNameExpression) addNameExpression = nullptr;
  decltype(&::nvrtcCompileProgram) compileProgram = nullptr;
  decltype(&::nvrtcGetProgramLogSize) logSize = nullptr;
  decltype(&::nvrtcGetProgramLog) log = nullptr;
  decltype(&::nvrtcGetCUBINSize) cubinSize = nullptr;
  decltype(&::nvrtcGetCUBIN) cubin = nullptr;
  decltype(&::nvrtcGetPTXSize) ptxSize = nullptr;
  decltype(&::nvrtcGetPTX) ptx = nullptr;
  decltype(&::nvrtcGetLoweredName) loweredName = nullptr;
  std::string versionText;
  std::vector<int> archs;  // ascending, as NVRTC lists them

  Library() {
    library.find(version, "nvrtcVersion");
    library.find(errorString, "nvrtcGetErrorString");
    library.find(numSupportedArchs, "nvrtcGetNumSupportedArchs");
    library.find(supportedArchs, "nvrtcGetSupportedArchs");
    library.find(createProgram, "nvrtcCreateProgram");
    library.find(destroyProgram, "nvrtcDestroyProgram");
    library.find(addNameExpression, "nvrtcAddNameExpression");
    library.find(compileProgram, "nvrtcCompileProgram");
    library.find(logSize, "nvrtcGetProgramLogSize");
    library.find(log, "nvrtcGetProgramLog");
    library.find(cubinSize, "nvrtcGetCUBINSize");
    library.find(cubin, "nvrtcGetCUBIN");
    library.find(ptxSize, "nvrtcGetPTXSize");
    library.find(ptx, "nvrtcGetPTX");
    library.find(loweredName, "nvrtcGetLoweredName");
    int major = 0;
    int minor = 0;
    check(version(&major, &minor), "nvrtcVersion");
    versionText = "NVRTC " + std::to_string(major) + "." + std::to_string(minor);
    int count = 0;
    check(numSupportedArchs(&count), "nvrtcGetNumSupportedArchs");
    archs.resize(static_cast<std::size_t>(std::max(count, 0)));
    check(supportedArchs(archs.data()), "nvrtcGetSupportedArchs");
    std::ranges::sort(archs);
  }

  void check(nvrtcResult result, const char* call) const {
    if (result != NVRTC_SUCCESS)
      throw gpu::CudaSourceError(std::string(call) + ": " + errorString(result));
  }

  // Loaded on first use, kept for the process.
  static const Library& load() {
    static const Library loaded;
    return loaded;
  }
};

// What NVRTC is asked to make for a device of `computeCapability`: "sm_90" (a cubin) when it
// can, else "compute_<the newest below>" (PTX the driver compiles); empty: its default PTX.
std::string archOption(const Library& nvrtc, const CompileTarget& target) {
  if (!target.computeCapability) return {};
  const int wanted = *target.computeCapability;
  if (std::ranges::find(nvrtc.archs, wanted) != nvrtc.archs.end())
    return "sm_" + std::to_string(wanted);
  const auto below = std::ranges::find_if(nvrtc.archs.rbegin(), nvrtc.archs.rend(),
                                          [&](int arch) { return arch < wanted; });
  if (below == nvrtc.archs.rend())
    throw gpu::CudaSourceError(nvrtc.versionText + " cannot compile for compute capability " +
                               std::to_string(wanted / 10) + "." + std::to_string(wanted % 10) +
                               " (its oldest architecture is " +
                               std::to_string(nvrtc.archs.empty() ? 0 : nvrtc.archs.front()) + ")");
  return "compute_" + std::to_string(*below);
}

std::string what(const std::string& arch) {
  if (arch.empty()) return "PTX";
  return arch + (arch.starts_with("sm_") ? " cubin" : " PTX");
}

// The entry's instantiation for an element type, as NVRTC names it: "my_add<float>".
std::string expressionOf(const gpu::CudaSource& source, const std::string& typeName) {
  return source.entry + "<" + typeName + ">";
}

// The kernel's parameter types for the entry's element type: "const float*, float*, ...".
std::string parametersFor(const gpu::CudaSource& source, const std::string& typeName) {
  std::string parameters = source.parameters;
  for (std::size_t at; (at = parameters.find("{T}")) != std::string::npos;)
    parameters.replace(at, 3, typeName);
  return parameters;
}

// The source, then after its last line (so the user's lines keep their numbers) a check that
// the entry takes the parameters the kernel launches it with: a launch with other arguments
// would read garbage, so a mismatch is a compile error, not a wrong result.
std::string checkedSource(const gpu::CudaSource& source, const std::string& typeName) {
  return source.text + "\nstatic_assert(sizeof(static_cast<void (*)(" +
         parametersFor(source, typeName) + ")>(&" + expressionOf(source, typeName) +
         ")) > 0, \"AccelLab's signature check\");\n";
}

class Program {
 public:
  // `text` under the source file's name, so that NVRTC's log names the user's file.
  Program(const Library& nvrtc, const gpu::CudaSource& source, const std::string& text)
      : nvrtc_(nvrtc) {
    const std::string name = source.file.filename().string();
    // The headers read with the source: NVRTC reads no file itself (gpu::readCudaSource).
    std::vector<const char*> headers;
    std::vector<const char*> names;
    for (const gpu::CudaHeader& header : source.headers) {
      headers.push_back(header.text.c_str());
      names.push_back(header.name.c_str());
    }
    nvrtc.check(nvrtc.createProgram(&program_, text.c_str(), name.c_str(),
                                    static_cast<int>(headers.size()), headers.data(), names.data()),
                "nvrtcCreateProgram");
  }
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;
  ~Program() { nvrtc_.destroyProgram(&program_); }

  nvrtcProgram get() const { return program_; }

  nvrtcResult compile(const std::string& arch) {
    const std::string option = "--gpu-architecture=" + arch;
    std::vector<const char*> options;
    if (!arch.empty()) options.push_back(option.c_str());
    return nvrtc_.compileProgram(program_, static_cast<int>(options.size()), options.data());
  }

  std::string log() const {
    std::size_t size = 0;
    if (nvrtc_.logSize(program_, &size) != NVRTC_SUCCESS || size == 0) return {};
    std::string text(size, '\0');
    if (nvrtc_.log(program_, text.data()) != NVRTC_SUCCESS) return {};
    while (!text.empty() && (text.back() == '\0' || text.back() == '\n' || text.back() == ' '))
      text.pop_back();
    return text;
  }

 private:
  const Library& nvrtc_;
  nvrtcProgram program_ = nullptr;
};

// `program` compiled for `arch`, `expression` instantiated in it: NVRTC's result.
nvrtcResult compileFor(const Library& nvrtc, Program& program, const std::string& expression,
                       const std::string& arch) {
  nvrtc.check(nvrtc.addNameExpression(program.get(), expression.c_str()), "nvrtcAddNameExpression");
  return program.compile(arch);
}

// Why the checked source of `expression` did not compile, as the user can act on it: the file
// compiled alone again (so that no line of the check shows in the log) gives its own errors,
// in its own lines, or no such template; the file alone compiling, its entry's signature is
// not the kernel's.
gpu::CudaSourceError whyNot(const Library& nvrtc, const gpu::CudaSource& source,
                            const std::string& typeName, const std::string& arch,
                            nvrtcResult checked) {
  const std::string named = "--cuda-source " + source.file.string() + ": ";
  const std::string expression = expressionOf(source, typeName);
  Program alone(nvrtc, source, source.text);
  const nvrtcResult own = compileFor(nvrtc, alone, expression, arch);
  if (own == NVRTC_SUCCESS)
    return gpu::CudaSourceError(named + expression + " does not take the arguments the kernel " +
                                "launches it with: (" + parametersFor(source, typeName) +
                                ") ('accellab-cli list' shows the signature)");
  const std::string log = alone.log();
  // NVRTC names the instantiation in a file of its own, whose errors say nothing a user
  // wrote: where they are all the log has, the file and its headers compiled, but hold no
  // template of that name to instantiate.
  bool onlyNameMap = log.find("__nv_name_map") != std::string::npos;
  for (std::size_t start = 0; onlyNameMap && start < log.size();) {
    const std::size_t end = std::min(log.find('\n', start), log.size());
    const std::string_view line(log.data() + start, end - start);
    if (line.find("error") != std::string_view::npos && !line.starts_with("__nv_name_map") &&
        line.find("detected in the compilation") == std::string_view::npos)
      onlyNameMap = false;
    start = end + 1;
  }
  if (onlyNameMap)
    return gpu::CudaSourceError(named + "holds no __global__ function template '" + source.entry +
                                "' of one type parameter (" + expression +
                                " cannot be made; 'accellab-cli list' shows the signature)");
  return gpu::CudaSourceError(named + expression + " does not compile (" + nvrtc.versionText +
                              ", " + what(arch) + "):\n" +
                              (log.empty() ? nvrtc.errorString(checked) : log));
}

CompiledCode compile(const Library& nvrtc, const gpu::CudaSource& source,
                     const std::string& typeName, const std::string& arch) {
  const std::string expression = expressionOf(source, typeName);
  Program program(nvrtc, source, checkedSource(source, typeName));
  if (const nvrtcResult result = compileFor(nvrtc, program, expression, arch);
      result != NVRTC_SUCCESS)
    throw whyNot(nvrtc, source, typeName, arch, result);
  CompiledCode result;
  const char* lowered = nullptr;
  nvrtc.check(nvrtc.loweredName(program.get(), expression.c_str(), &lowered),
              "nvrtcGetLoweredName");
  // NVRTC answers success with no name for some sources (a byte that is not UTF-8 on the last
  // line): a message, not a read through a null pointer.
  if (lowered == nullptr)
    throw gpu::CudaSourceError("--cuda-source " + source.file.string() + ": " + nvrtc.versionText +
                               " compiled it but named no " + expression +
                               " in it (is the file UTF-8 text?)");
  result.loweredName = lowered;
  std::size_t size = 0;
  if (arch.starts_with("sm_")) {
    nvrtc.check(nvrtc.cubinSize(program.get(), &size), "nvrtcGetCUBINSize");
    result.code.resize(size);
    nvrtc.check(nvrtc.cubin(program.get(), result.code.data()), "nvrtcGetCUBIN");
  } else {
    nvrtc.check(nvrtc.ptxSize(program.get(), &size), "nvrtcGetPTXSize");  // with its NUL
    result.code.resize(size);
    nvrtc.check(nvrtc.ptx(program.get(), result.code.data()), "nvrtcGetPTX");
  }
  return result;
}

// compile() in a forked child (callForked): what NVRTC does (hours of work, a crash) is the
// child's; the limit and a stop request kill it. Its result comes back as sized texts.
void putText(std::string& out, const std::string& text) {
  const std::uint64_t size = text.size();
  out.append(reinterpret_cast<const char*>(&size), sizeof size);
  out += text;
}

std::optional<std::string> takeText(std::string_view& in) {
  std::uint64_t size = 0;
  if (in.size() < sizeof size) return std::nullopt;
  std::memcpy(&size, in.data(), sizeof size);
  in.remove_prefix(sizeof size);
  if (in.size() < size) return std::nullopt;
  std::string text(in.substr(0, size));
  in.remove_prefix(size);
  return text;
}

// What the child sends back: "O", the lowered name and the code, or "E" and an error.
std::string compiledReply(const Library& nvrtc, const gpu::CudaSource& source,
                          const std::string& typeName, const std::string& arch) {
  try {
    const CompiledCode compiled = compile(nvrtc, source, typeName, arch);
    std::string reply(1, 'O');
    putText(reply, compiled.loweredName);
    putText(reply, compiled.code);
    return reply;
  } catch (const std::exception& error) {
    std::string reply(1, 'E');
    putText(reply, error.what());
    return reply;
  }
}

CompiledCode compileInChild(const Library& nvrtc, const gpu::CudaSource& source,
                            const std::string& typeName, const std::string& arch,
                            std::stop_token stop) {
  const std::string named = "--cuda-source " + source.file.string() + ": ";
  const double limitS = compileTimeLimitS();
  const ForkedOutcome outcome = callForked(
      [&] { return compiledReply(nvrtc, source, typeName, arch); }, limitS, std::move(stop));
  const std::string expression = expressionOf(source, typeName);
  switch (outcome.end) {
    case ForkedOutcome::End::notForked:  // compiled here, as before children
      return compile(nvrtc, source, typeName, arch);
    case ForkedOutcome::End::stopped:
      throw gpu::CudaSourceError(named + "interrupted while " + nvrtc.versionText + " compiled " +
                                 expression);
    case ForkedOutcome::End::timedOut:
      throw gpu::CudaSourceError(
          named + nvrtc.versionText + " did not finish compiling " + expression + " within " +
          formatValue(limitS, ValueKind::duration) +
          " (ACCELLAB_NVRTC_TIME_LIMIT_S): given up; does a macro or template expand without end?");
    case ForkedOutcome::End::returned:
    case ForkedOutcome::End::ended:
      break;
  }
  std::string_view in = outcome.reply;
  if (in.starts_with("O")) {
    in.remove_prefix(1);
    auto lowered = takeText(in);
    auto code = takeText(in);
    if (lowered && code)
      return {.code = std::move(*code), .loweredName = std::move(*lowered), .build = {}};
  } else if (in.starts_with("E")) {
    in.remove_prefix(1);
    if (auto message = takeText(in)) throw gpu::CudaSourceError(std::move(*message));
  }
  throw gpu::CudaSourceError(named + nvrtc.versionText + " ended the process that compiled " +
                             expression + " (" + describeExit(outcome.waitStatus) + ")");
}

// The cache file of this compile, or empty where nothing can be cached (no cache folder, no
// SHA-256 in this build).
fs::path cacheFile(const Library& nvrtc, const gpu::CudaSource& source,
                   const std::string& expression, const std::string& arch, int driverVersion) {
  const fs::path folder = userCacheDirectory();
  if (folder.empty()) return {};
  std::string key = std::string(kCacheFormat) + "\n" + nvrtc.versionText + "\ndriver " +
                    std::to_string(driverVersion) + "\narch " + arch + "\n" + expression + "\n" +
                    source.parameters + "\n" + source.text;
  // A header changed is code changed.
  for (const gpu::CudaHeader& header : source.headers)
    key += "\n#include \"" + header.name + "\"\n" + header.text;
  const auto digest = sha256Of(key);
  return digest ? folder / "kernels" / (*digest + ".bin") : fs::path{};
}

// A cache file: the lowered name, a newline, the code.
std::optional<CompiledCode> readCached(const fs::path& file) {
  // Only a file of AccelLab's own: never code read through a link someone planted.
  std::error_code error;
  if (!fs::is_regular_file(fs::symlink_status(file, error))) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const std::size_t newline = bytes.find('\n');
  if (in.bad() || newline == 0 || newline == std::string::npos || newline + 1 == bytes.size())
    return std::nullopt;
  CompiledCode cached;
  cached.loweredName = bytes.substr(0, newline);
  cached.code = bytes.substr(newline + 1);
  return cached;
}

// Best effort: a cache that cannot be written costs the next run a compile, and the point says
// so; it never fails the point.
std::string writeCached(const fs::path& file, const CompiledCode& compiled) {
  try {
    std::error_code error;
    fs::create_directories(file.parent_path(), error);
    if (error)
      throw OutputError("cannot create " + file.parent_path().string() + ": " + error.message());
    // Never through a link: the cache's names are AccelLab's, not the user's (output_file.h).
    writeFileAtomically(file, compiled.loweredName + "\n" + compiled.code, Symlinks::replace);
    return {};
  } catch (const std::exception& error) {
    return std::string("; not kept in the kernel cache: ") + error.what();
  }
}

}  // namespace

Availability nvrtcAvailability() {
  try {
    Library::load();
    return Availability::yes();
  } catch (const std::exception& error) {
    return Availability::no(error.what());
  }
}

std::string nvrtcVersion() {
  try {
    return Library::load().versionText;
  } catch (const std::exception&) {
    return {};
  }
}

double compileTimeLimitS() {
  const char* text = std::getenv("ACCELLAB_NVRTC_TIME_LIMIT_S");
  if (text == nullptr || *text == '\0') return kCompileTimeLimitS;
  char* end = nullptr;
  const double limit = std::strtod(text, &end);
  if (*end != '\0' || !(limit > 0) || !std::isfinite(limit))
    throw gpu::CudaSourceError(std::string("ACCELLAB_NVRTC_TIME_LIMIT_S='") + text +
                               "' is not a positive number of seconds");
  return limit;
}

CompiledCode compileEntry(const gpu::CudaSource& source, const std::string& typeName,
                          const CompileTarget& target, std::stop_token stop) {
  const Library* nvrtc = nullptr;
  try {
    nvrtc = &Library::load();
  } catch (const std::exception& error) {
    throw gpu::CudaSourceError(error.what());
  }
  const std::string expression = expressionOf(source, typeName);
  const std::string arch = archOption(*nvrtc, target);
  const std::string how =
      nvrtc->versionText + ", " + what(arch) + " of " + gpu::describeSource(source);
  const auto start = std::chrono::steady_clock::now();
  const auto since = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const fs::path file = cacheFile(*nvrtc, source, expression, arch, target.driverVersion);
  if (!file.empty()) {
    if (auto cached = readCached(file)) {
      cached->build = {.how = how + ", from the kernel cache", .compileS = since(), .loadS = 0};
      return std::move(*cached);
    }
  }
  CompiledCode compiled = compileInChild(*nvrtc, source, typeName, arch, std::move(stop));
  compiled.build = {.how = how, .compileS = since(), .loadS = 0};
  if (!file.empty()) compiled.build.how += writeCached(file, compiled);
  return compiled;
}

}  // namespace accellab::kernels::cuda
