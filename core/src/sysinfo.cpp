#include "accellab/sysinfo.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string_view>
#include <thread>
#include <utility>

#include "accellab/format.h"
#include "host_files.h"

// ACCELLAB_CXX_FLAGS and ACCELLAB_BUILD_TYPE come from core/CMakeLists.txt for this file only.

namespace accellab {

namespace {

// The model and the stated clock of the first CPU /proc/cpuinfo lists.
void readCpuinfo(const std::filesystem::path& root, SystemInfo& info) {
  const auto cpuinfo = detail::readTextFile(root / "proc/cpuinfo");
  if (!cpuinfo) return;
  info.cpuModel = detail::keyValue(*cpuinfo, "model name", ':').value_or("");
  if (const auto mhz = detail::keyValue(*cpuinfo, "cpu MHz", ':')) {
    char* end = nullptr;
    const double value = std::strtod(mhz->c_str(), &end);
    if (end != mhz->c_str() && value > 0 && value < 1e6)
      info.cpuMHz = static_cast<int>(std::lround(value));
  }
}

// /proc/loadavg's first three fields: "0.52 0.58 0.59 1/467 12345".
std::vector<double> loadAverage(const std::filesystem::path& root) {
  std::vector<double> load;
  const auto text = detail::readTextFile(root / "proc/loadavg");
  if (!text) return load;
  const char* at = text->c_str();
  for (int i = 0; i < 3; ++i) {
    char* end = nullptr;
    const double value = std::strtod(at, &end);
    if (end == at || !(value >= 0)) return {};
    load.push_back(value);
    at = end;
  }
  return load;
}

int logicalCores() {
  if (const unsigned n = std::thread::hardware_concurrency(); n > 0) return static_cast<int>(n);
  const long online = sysconf(_SC_NPROCESSORS_ONLN);
  return online > 0 ? static_cast<int>(online) : 0;
}

// "32K", "1024K", "32M" as written in /sys/devices/system/cpu/cpu0/cache/index*/size.
std::uint64_t cacheSize(const std::string& text) {
  std::istringstream in(text);
  std::uint64_t value = 0;
  char unit = 0;
  if (!(in >> value)) return 0;
  in >> unit;
  switch (unit) {
    case 'K':
      return value << 10;
    case 'M':
      return value << 20;
    case 'G':
      return value << 30;
    default:
      return value;
  }
}

std::vector<CacheInfo> caches(const std::filesystem::path& root) {
  std::vector<CacheInfo> found;
  for (int index = 0;; ++index) {
    const auto dir = root / "sys/devices/system/cpu/cpu0/cache" / ("index" + std::to_string(index));
    const auto level = detail::readTextFile(dir / "level");
    if (!level) break;
    CacheInfo cache;
    cache.level = std::atoi(level->c_str());
    cache.type = detail::trimmed(detail::readTextFile(dir / "type").value_or(""));
    cache.sizeBytes = cacheSize(detail::readTextFile(dir / "size").value_or(""));
    cache.source = "sysfs";
    found.push_back(cache);
  }
  return found;
}

std::string osName(const std::filesystem::path& root) {
  const auto release = detail::readTextFile(root / "etc/os-release");
  std::string name = release ? detail::keyValue(*release, "PRETTY_NAME", '=').value_or("") : "";
  if (name.size() >= 2 && (name.front() == '"' || name.front() == '\'') &&
      name.back() == name.front())
    name = name.substr(1, name.size() - 2);
  return name;
}

std::string kernelName() {
  utsname names{};
  if (uname(&names) != 0) return {};
  return std::string(names.sysname) + " " + names.release;
}

std::string hostName() {
  utsname names{};
  return uname(&names) == 0 ? names.nodename : "";
}

std::string compilerName() {
#if defined(__clang__)
  return "Clang " + std::to_string(__clang_major__) + "." + std::to_string(__clang_minor__) + "." +
         std::to_string(__clang_patchlevel__);
#elif defined(__GNUC__)
  return "GCC " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__) + "." +
         std::to_string(__GNUC_PATCHLEVEL__);
#else
  return "unknown compiler";
#endif
}

}  // namespace

const GpuInfo* selectedGpu(const SystemInfo& system) {
  for (const GpuInfo& gpu : system.gpus)
    if (gpu.index == system.gpuDevice) return &gpu;
  return nullptr;
}

std::string simdName(std::string_view target) {
  static constexpr std::pair<std::string_view, std::string_view> kNames[] = {
      {"AVX3", "AVX-512"},
      {"AVX3_DL", "AVX-512 (Ice Lake)"},
      {"AVX3_ZEN4", "AVX-512 (Zen 4)"},
      {"AVX3_SPR", "AVX-512 (Sapphire Rapids)"},
      {"AVX10_2", "AVX10.2"},
      {"SSE4", "SSE4.2"},
      {"EMU128", "scalar (emulated)"},
      {"SCALAR", "scalar"},
  };
  for (const auto& [highway, known] : kNames)
    if (target == highway) return std::string(known);
  return std::string(target);
}

std::string describe(const ComputeCeiling& ceiling) {
  std::string text = std::string(toString(ceiling.dtype)) + ' ' + simdName(ceiling.isa);
  text += ceiling.gpuIndex >= 0 ? " GPU " + std::to_string(ceiling.gpuIndex)
                                : " x" + std::to_string(ceiling.threads);
  return text + ' ' + formatValue(ceiling.flopsPerS, ValueKind::flopRate);
}

std::string describe(const CacheRoof& roof) {
  // Appended piece by piece: GCC 12 warns (-Wrestrict) on "L" + std::to_string(...) here.
  std::string text = "L";
  text += std::to_string(roof.level);
  text += ' ' + formatValue(static_cast<double>(roof.sizeBytes), ValueKind::bytes);
  text += " x" + std::to_string(roof.threads);
  return text + ' ' + formatValue(roof.bytesPerS, ValueKind::byteRate);
}

std::vector<CacheInfo> cpuidCaches() {
  struct Level {
    int name;
    int level;
    const char* type;
  };
  constexpr Level kLevels[] = {{_SC_LEVEL1_DCACHE_SIZE, 1, "Data"},
                               {_SC_LEVEL1_ICACHE_SIZE, 1, "Instruction"},
                               {_SC_LEVEL2_CACHE_SIZE, 2, "Unified"},
                               {_SC_LEVEL3_CACHE_SIZE, 3, "Unified"},
                               {_SC_LEVEL4_CACHE_SIZE, 4, "Unified"}};
  std::vector<CacheInfo> found;
  for (const Level& level : kLevels)
    if (const long size = sysconf(level.name); size > 0)
      found.push_back({level.level, level.type, static_cast<std::uint64_t>(size), "CPUID"});
  return found;
}

namespace {

std::string describeCrossover(const std::string& other, std::uint64_t fromBytes,
                              const std::string& method, const std::string& unmeasured) {
  if (fromBytes == 0) return "not measured (" + unmeasured + ")";
  std::string text =
      other + " from " + formatValue(static_cast<double>(fromBytes), ValueKind::bytes) + " touched";
  if (!method.empty()) text += " (" + method + ")";
  return text;
}

}  // namespace

std::string describeStreaming(const SystemInfo& system) {
  return describeCrossover("streaming", system.streamingFromBytes, system.streamingMethod,
                           "the loops stream beyond the last-level cache");
}

std::string describeSplitting(const SystemInfo& system) {
  return describeCrossover("2 threads", system.splitFromBytes, system.splitMethod,
                           "pieces of at least 128 KiB of traffic");
}

std::string describeLoad(const std::vector<double>& loadAverage) {
  static constexpr const char* kMinutes[] = {"1", "5", "15"};
  std::string values;
  std::string minutes;
  for (std::size_t i = 0; i < loadAverage.size() && i < 3; ++i) {
    char value[32];
    std::snprintf(value, sizeof value, "%.2f", loadAverage[i]);
    if (i > 0) {
      values.append(", ");
      minutes.append(", ");
    }
    values.append(value);
    minutes.append(kMinutes[i]);
  }
  if (values.empty()) return {};
  return values + " over " + minutes + (loadAverage.size() == 1 ? " minute" : " minutes");
}

SystemInfo probeHost() { return probeHost("/"); }

SystemInfo probeHost(const std::filesystem::path& root,
                     const std::function<std::vector<CacheInfo>()>& fallbackCaches) {
  SystemInfo info;
  info.hostName = hostName();
  readCpuinfo(root, info);
  info.loadAverage = loadAverage(root);
  info.logicalCores = logicalCores();
  info.caches = caches(root);
  if (info.caches.empty() && fallbackCaches) info.caches = fallbackCaches();
  if (const auto meminfo = detail::readTextFile(root / "proc/meminfo")) {
    info.totalRamBytes = detail::meminfoBytes(*meminfo, "MemTotal").value_or(0);
    info.availableRamBytes = detail::meminfoBytes(*meminfo, "MemAvailable").value_or(0);
  }
  info.os = osName(root);
  info.kernel = kernelName();
  info.compiler = compilerName();
  info.compilerFlags = detail::trimmed(ACCELLAB_CXX_FLAGS);
  info.buildType = ACCELLAB_BUILD_TYPE;
  return info;
}

}  // namespace accellab
