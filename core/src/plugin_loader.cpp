// Loading a plugin: the library opened, its entry's ABI read before anything of it is called,
// then everything it declares checked, so a bad plugin is one clear refusal, never a crash
// later in a table or a run.
#include "accellab/plugin_loader.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <set>
#include <system_error>

#include "accellab/digest.h"
#include "accellab/plugin.h"
#include "accellab/printable.h"
#include "accellab/session.h"
#include "accellab/user_dirs.h"
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

  template <typename T>
  void sized(const T* value, const std::string& what) const {
    if (!value) refuse(what + " is null");
    if (value->struct_size < sizeof(T))
      refuse(what + " is " + std::to_string(value->struct_size) + " bytes, older than ABI " +
             std::to_string(ACCELLAB_PLUGIN_ABI_MAJOR) + "." +
             std::to_string(ACCELLAB_PLUGIN_ABI_MINOR) + "'s " + std::to_string(sizeof(T)));
  }

  void kernel(const accellab_kernel& k, const std::string& where) const {
    const std::string kernelName = name(k.name, where + " name");
    const std::string at = "kernel '" + kernelName + "'";
    text(k.description, at + " description");
    if (k.param_count == 0 || !k.params)
      refuse(at + " declares no parameters: at least one sizes its problem");
    std::set<std::string> params;
    for (std::uint32_t i = 0; i < k.param_count; ++i) {
      const accellab_param& p = k.params[i];
      sized(&p, at + " parameter " + std::to_string(i));
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
    std::set<std::string> variants;
    for (std::uint32_t i = 0; i < k.variant_count; ++i) {
      const accellab_variant& v = k.variants[i];
      sized(&v, at + " variant " + std::to_string(i));
      const std::string variant = name(v.name, at + " variant " + std::to_string(i) + " name");
      text(v.description, at + " variant '" + variant + "' description");
      if (!variants.insert(variant).second)
        refuse(at + " variant '" + variant + "' is declared twice");
      if (v.kind > ACCELLAB_LIBRARY)
        refuse(at + " variant '" + variant + "' has kind " + std::to_string(v.kind) +
               ", which ABI 1 does not know");
    }
    if (k.work_note) text(k.work_note, at + " work_note");
    const std::pair<const void*, const char*> callbacks[] = {
        {reinterpret_cast<const void*>(k.work), "work"},
        {reinterpret_cast<const void*>(k.memory_bytes), "memory_bytes"},
        {reinterpret_cast<const void*>(k.prepare), "prepare"},
        {reinterpret_cast<const void*>(k.poison), "poison"},
        {reinterpret_cast<const void*>(k.run), "run"},
        {reinterpret_cast<const void*>(k.verify), "verify"},
        {reinterpret_cast<const void*>(k.release), "release"}};
    for (const auto& [callback, called] : callbacks)
      if (!callback) refuse(at + " has no " + called + " callback");
  }

 private:
  fs::path file_;
};

// The plugin's log lines, on stderr, named.
void logLine(void* plugin, const char* message) {
  std::cerr << "accellab: plugin " << printable(static_cast<const char*>(plugin)) << ": "
            << printable(message ? message : "") << std::endl;
}

void addFolder(const fs::path& folder, std::vector<fs::path>& files) {
  std::error_code error;
  std::set<fs::path> found;  // in name order: the same order on every machine
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
    if (it->path().extension() == ".so") found.insert(it->path());
  files.insert(files.end(), found.begin(), found.end());
}

}  // namespace

LoadedPlugin loadPlugin(const fs::path& file) {
  const Checks checks(file);
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
  checks.sized(plugin, "its accellab_plugin");
  LoadedPlugin loaded;
  loaded.identity.name = checks.name(plugin->name, "its name");
  loaded.identity.version = checks.text(plugin->version, "its version");
  std::error_code error;
  const fs::path absolute = fs::absolute(file, error);
  loaded.identity.file = (error ? file : absolute).lexically_normal().string();
  try {
    loaded.identity.sha256 = sha256OfFile(file).value_or("");
  } catch (const std::runtime_error& e) {
    checks.refuse(e.what());
  }
  if (plugin->kernel_count == 0 || !plugin->kernels) checks.refuse("declares no kernels");
  std::set<std::string> names;
  for (std::uint32_t i = 0; i < plugin->kernel_count; ++i) {
    const accellab_kernel& kernel = plugin->kernels[i];
    checks.sized(&kernel, "kernel " + std::to_string(i));
    checks.kernel(kernel, "kernel " + std::to_string(i));
    if (!names.insert(kernel.name).second)
      checks.refuse("kernel '" + std::string(kernel.name) + "' is declared twice");
    loaded.kernels.push_back(detail::makePluginKernel(library, kernel, loaded.identity));
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
  return files;
}

}  // namespace accellab
