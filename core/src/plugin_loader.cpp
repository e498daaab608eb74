// Loading a plugin: the library opened, its entry's ABI read before anything of it is called,
// then everything it declares checked, so a bad plugin is one clear refusal, never a crash
// later in a table or a run.
#include "accellab/plugin_loader.h"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <set>
#include <string_view>
#include <system_error>
#include <tuple>

#include "accellab/digest.h"
#include "accellab/plugin.h"
#include "accellab/printable.h"
#include "accellab/session.h"
#include "accellab/user_dirs.h"
#include "plugin_abi.h"
#include "plugin_kernel.h"

namespace accellab {
namespace {

namespace fs = std::filesystem;

// What one plugin's checks refuse, named after the file and the place.
class Checks {
 public:
  explicit Checks(fs::path file) : file_(std::move(file)) {}

  [[noreturn]] void refuse(const std::string& why) const {
    throw PluginError("plugin " + file_.string() + ": " + why);
  }

  const char* text(const char* value, const std::string& what) const {
    if (!value) refuse(what + " is null");
    if (std::strlen(value) > kMaxTextBytes) refuse(what + " is longer than 4096 bytes");
    return value;
  }

  const char* name(const char* value, const std::string& what) const {
    text(value, what);
    if (!isPlainName(value))
      refuse(what + " '" + printable(value) +
             "' is not a plain name (letters, digits, '_', '-', '.', '+'; up to 64)");
    return value;
  }

  // What the host knows of `value`, refused when smaller than ABI 1.0's struct.
  template <typename T>
  T sized(const T* value, const std::string& what) const {
    if (!value) refuse(what + " is null");
    if (value->struct_size < detail::kOldestSize<T>)
      refuse(what + " is " + std::to_string(value->struct_size) + " bytes, smaller than ABI " +
             std::to_string(ACCELLAB_PLUGIN_ABI_MAJOR) + ".0's " +
             std::to_string(detail::kOldestSize<T>));
    if (value->struct_size > detail::kMaxStructSize)
      refuse(what + " is " + std::to_string(value->struct_size) +
             " bytes, more than any struct of ABI " + std::to_string(ACCELLAB_PLUGIN_ABI_MAJOR) +
             ".x can be (at most " + std::to_string(detail::kMaxStructSize) + ")");
    return detail::known(*value);
  }

  // The `count` structs of a plugin's array, each as the host knows it; one size for all.
  template <typename T>
  std::vector<T> array(const T* first, std::uint32_t count, const std::string& what) const {
    std::vector<T> known;
    for (std::uint32_t i = 0; i < count; ++i) {
      const T& declared = detail::element(first, i);
      const std::string which = what + " " + std::to_string(i);
      known.push_back(sized(&declared, which));
      if (declared.struct_size != first->struct_size)
        refuse(which + " is " + std::to_string(declared.struct_size) + " bytes, " + what +
               " 0 is " + std::to_string(first->struct_size) + ": one array, one struct size");
    }
    return known;
  }

  detail::KernelDeclaration kernel(const accellab_kernel& k, const std::string& where) const {
    const std::string kernelName = name(k.name, where + " name");
    const std::string at = "kernel '" + kernelName + "'";
    detail::KernelDeclaration declared{k, {}, {}, {}};
    text(k.description, at + " description");
    if (k.param_count == 0 || !k.params)
      refuse(at + " declares no parameters: at least one sizes its problem");
    declared.params = array(k.params, k.param_count, at + " parameter");
    std::set<std::string> params;
    for (std::uint32_t i = 0; i < k.param_count; ++i) {
      const accellab_param& p = declared.params[i];
      const std::string param = name(p.name, at + " parameter " + std::to_string(i) + " name");
      const std::string pat = at + " parameter '" + param + "'";
      text(p.description, pat + " description");
      if (!params.insert(param).second) refuse(pat + " is declared twice");
      if (p.min < 1) refuse(pat + ": min must be at least 1");
      if (p.min > p.max)
        refuse(pat + ": min " + std::to_string(p.min) + " is above max " + std::to_string(p.max));
      if (p.default_value < p.min || p.default_value > p.max)
        refuse(pat + ": default " + std::to_string(p.default_value) + " is outside [" +
               std::to_string(p.min) + ", " + std::to_string(p.max) + "]");
    }
    if ((k.dtypes & ~(ACCELLAB_F32 | ACCELLAB_F64)) != 0)
      refuse(at + " dtypes has bits other than ACCELLAB_F32 and ACCELLAB_F64");
    if (k.variant_count == 0 || !k.variants) refuse(at + " declares no variants");
    declared.variants = array(k.variants, k.variant_count, at + " variant");
    std::set<std::string> variants;
    bool onHost = false;
    bool onDevice = false;
    for (std::uint32_t i = 0; i < k.variant_count; ++i) {
      const accellab_variant& v = declared.variants[i];
      const std::string variant = name(v.name, at + " variant " + std::to_string(i) + " name");
      const std::string vat = at + " variant '" + variant + "'";
      text(v.description, vat + " description");
      if (!variants.insert(variant).second) refuse(vat + " is declared twice");
      if (v.kind > ACCELLAB_GPU)
        refuse(vat + " has kind " + std::to_string(v.kind) + ", which ABI " +
               std::to_string(ACCELLAB_PLUGIN_ABI_MAJOR) + "." +
               std::to_string(ACCELLAB_PLUGIN_ABI_MINOR) + " does not know");
      if (v.kind == ACCELLAB_GPU && v.on_device == 0)
        refuse(vat + " has kind ACCELLAB_GPU but not on_device");
      if (v.on_device != 0 && v.uses_threads != 0)
        refuse(vat + " is on_device and uses_threads: a device variant takes no thread count");
      (v.on_device != 0 ? onDevice : onHost) = true;
    }
    if (k.work_note) text(k.work_note, at + " work_note");
    if (k.value_count > 0) {
      if (!k.values) refuse(at + " values is null");
      declared.values = array(k.values, k.value_count, at + " value");
    }
    std::set<std::string> values;
    for (const accellab_value& v : declared.values) {
      const std::string value = name(v.name, at + " value name");
      text(v.unit, at + " value '" + value + "' unit");
      text(v.description, at + " value '" + value + "' description");
      if (!values.insert(value).second) refuse(at + " value '" + value + "' is declared twice");
    }
    const std::tuple<const void*, const char*, bool> callbacks[] = {
        {reinterpret_cast<const void*>(k.work), "work", true},
        {reinterpret_cast<const void*>(k.memory_bytes), "memory_bytes", true},
        {reinterpret_cast<const void*>(k.prepare), "prepare", true},
        {reinterpret_cast<const void*>(k.poison), "poison", true},
        {reinterpret_cast<const void*>(k.run), "run", onHost},
        {reinterpret_cast<const void*>(k.verify), "verify", true},
        {reinterpret_cast<const void*>(k.release), "release", true},
        {reinterpret_cast<const void*>(declared.kernel.device_work), "device_work", onDevice},
        {reinterpret_cast<const void*>(declared.kernel.report_values), "report_values",
         !declared.values.empty()}};
    for (const auto& [callback, called, needed] : callbacks)
      if (needed && !callback)
        refuse(at + " has no " + called + " callback" +
               (std::string_view(called) == "device_work"     ? " (it has a variant on_device)"
                : std::string_view(called) == "report_values" ? " (it declares values)"
                                                              : ""));
    return declared;
  }

 private:
  fs::path file_;
};

// The plugin's log lines, on stderr, named.
void logLine(void* plugin, const char* message) {
  std::cerr << "accellab: plugin " << printable(static_cast<const char*>(plugin)) << ": "
            << printable(message ? message : "") << std::endl;
}

// While a plugin loads (its constructors, its init), what it prints goes to stderr: stdout may
// be machine output (sysinfo --json), which a line of a plugin's would corrupt.
class StdoutToStderr {
 public:
  StdoutToStderr() {
    std::cout.flush();
    std::fflush(stdout);
    saved_ = ::dup(STDOUT_FILENO);
    if (saved_ >= 0) ::dup2(STDERR_FILENO, STDOUT_FILENO);
  }
  ~StdoutToStderr() {
    if (saved_ < 0) return;
    std::fflush(stdout);
    ::dup2(saved_, STDOUT_FILENO);
    ::close(saved_);
  }
  StdoutToStderr(const StdoutToStderr&) = delete;
  StdoutToStderr& operator=(const StdoutToStderr&) = delete;

 private:
  int saved_ = -1;
};

void addFolder(const fs::path& folder, std::vector<fs::path>& files) {
  std::error_code error;
  std::set<fs::path> found;  // in name order: the same order on every machine
  // A FIFO or a device named *.so is no library: dlopen would wait on it forever.
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
    if (it->path().extension() == ".so" && it->is_regular_file(error)) found.insert(it->path());
  files.insert(files.end(), found.begin(), found.end());
}

}  // namespace

LoadedPlugin loadPlugin(const fs::path& file, std::shared_ptr<const PluginDevices> devices) {
  const Checks checks(file);
  // dlopen reads what it is given: a FIFO would block it (and every signal) forever.
  std::error_code kind;
  if (!fs::exists(file, kind)) checks.refuse("does not exist");
  if (!fs::is_regular_file(file, kind))
    checks.refuse(
        "is not a regular file (a FIFO, a device or a folder): a plugin is a shared "
        "library file");
  const StdoutToStderr quiet;
  // RTLD_LOCAL: two plugins' symbols never meet; RTLD_NOW: a missing symbol is refused here.
  void* handle = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = ::dlerror();
    checks.refuse(std::string("cannot be loaded as a shared library: ") + (why ? why : "?"));
  }
  auto library = std::make_shared<detail::SharedLibrary>(handle, file.filename().string());
  const auto* entry =
      static_cast<const accellab_entry*>(::dlsym(handle, ACCELLAB_PLUGIN_ENTRY_SYMBOL));
  if (!entry)
    checks.refuse("exports no '" ACCELLAB_PLUGIN_ENTRY_SYMBOL
                  "': not an AccelLab plugin, or its entry is not exported (define it with "
                  "ACCELLAB_PLUGIN_EXPORT, and in C++ with extern \"C\": a const object at "
                  "namespace scope is internal to its file there)");
  if (entry->struct_size < offsetof(accellab_entry, init) + sizeof(entry->init))
    checks.refuse("its entry is too small to be an accellab_entry");
  if (entry->abi_major != ACCELLAB_PLUGIN_ABI_MAJOR)
    checks.refuse("was built for plugin ABI " + std::to_string(entry->abi_major) + "." +
                  std::to_string(entry->abi_minor) + ", this AccelLab speaks " +
                  std::to_string(ACCELLAB_PLUGIN_ABI_MAJOR) + "." +
                  std::to_string(ACCELLAB_PLUGIN_ABI_MINOR) + ": rebuild it against this SDK");
  if (!entry->init) checks.refuse("its entry has no init");
  // Its log lines are named after its file, which the library keeps for as long as it lives.
  accellab_host& host = library->host();
  host = {sizeof(accellab_host), ACCELLAB_PLUGIN_ABI_MAJOR, ACCELLAB_PLUGIN_ABI_MINOR,
          const_cast<char*>(library->name().c_str()), logLine};
  const accellab_plugin* plugin = entry->init(&host);
  if (!plugin) checks.refuse("its init refused to load (what it logged says why)");
  library->setEntry(entry);
  const accellab_plugin declared = checks.sized(plugin, "its accellab_plugin");
  LoadedPlugin loaded;
  loaded.identity.name = checks.name(declared.name, "its name");
  loaded.identity.version = checks.text(declared.version, "its version");
  std::error_code error;
  const fs::path absolute = fs::absolute(file, error);
  loaded.identity.file = (error ? file : absolute).lexically_normal().string();
  try {
    loaded.identity.sha256 = sha256OfFile(file).value_or("");
  } catch (const std::runtime_error& e) {
    checks.refuse(e.what());
  }
  if (declared.kernel_count == 0 || !declared.kernels) checks.refuse("declares no kernels");
  std::set<std::string> names;
  const std::vector<accellab_kernel> kernels =
      checks.array(declared.kernels, declared.kernel_count, "kernel");
  for (std::uint32_t i = 0; i < kernels.size(); ++i) {
    detail::KernelDeclaration kernel = checks.kernel(kernels[i], "kernel " + std::to_string(i));
    if (!names.insert(kernel.kernel.name).second)
      checks.refuse("kernel '" + std::string(kernel.kernel.name) + "' is declared twice");
    loaded.kernels.push_back(
        detail::makePluginKernel(library, std::move(kernel), loaded.identity, devices));
  }
  return loaded;
}

std::vector<fs::path> pluginFiles(const std::vector<fs::path>& named) {
  std::vector<fs::path> files = named;
  if (const char* path = std::getenv("ACCELLAB_PLUGIN_PATH")) {
    std::string entries = path;
    for (std::size_t start = 0; start <= entries.size();) {
      const std::size_t end = std::min(entries.find(':', start), entries.size());
      const fs::path entry = entries.substr(start, end - start);
      start = end + 1;
      if (entry.empty()) continue;
      std::error_code error;
      if (fs::is_directory(entry, error))
        addFolder(entry, files);
      else
        files.push_back(entry);
    }
  }
  if (const fs::path data = userDataDirectory(); !data.empty()) addFolder(data / "plugins", files);
  // The same file found twice (ACCELLAB_PLUGIN_PATH naming the default folder, a link) loads
  // once, where it was first found: its kernels would otherwise be "already taken".
  std::set<std::pair<dev_t, ino_t>> seen;
  std::erase_if(files, [&seen](const fs::path& file) {
    struct stat status {};
    return ::stat(file.c_str(), &status) == 0 &&
           !seen.insert({status.st_dev, status.st_ino}).second;
  });
  return files;
}

}  // namespace accellab
