#include "accellab/system_conditions.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>
#include <thread>
#include <utility>

#include <unistd.h>

#include "accellab/format.h"
#include "host_files.h"
#include "joined.h"

// ACCELLAB_BUILD_TYPE comes from core/CMakeLists.txt for this file and sysinfo.cpp.

namespace accellab {

namespace {

namespace fs = std::filesystem;

const fs::path kCpuDir = "sys/devices/system/cpu";

// A process that kept about a core busy: a whole core reads as 0.95 to 1.05 of one over the
// default sample, as the kernel rounds CPU time to 10 ms ticks.
constexpr double kBusyCores = 0.9;
constexpr std::size_t kBusyNamed = 3;  // the busiest named; the rest counted

using detail::joined;

std::optional<std::string> readTrimmed(const fs::path& path) {
  auto text = detail::readTextFile(path);
  if (text) *text = detail::trimmed(std::move(*text));
  return text;
}

std::optional<SystemCondition> buildType(const BuildFacts& build) {
  std::vector<std::string> found;
  if (build.buildType.empty())
    found.emplace_back("without a build type (no optimization flags)");
  else if (build.buildType != "Release" && build.buildType != "RelWithDebInfo")
    found.push_back("as " + build.buildType);
  if (build.assertions) found.emplace_back("with assertions");
  if (build.sanitizer) found.emplace_back("with AddressSanitizer");
  if (found.empty()) return std::nullopt;
  return SystemCondition{"build-type", "engine built " + joined(found, ", ") +
                                           ": its times are not those of an optimized build; "
                                           "measure with one (cmake --preset release)"};
}

bool isNumber(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The names in `dir`, none when it cannot be read. Iterated with error codes: a /proc entry
// may vanish while it is listed.
std::vector<std::string> entryNames(const fs::path& dir) {
  std::vector<std::string> names;
  std::error_code error;
  for (fs::directory_iterator entry(dir, error), end; !error && entry != end;
       entry.increment(error))
    names.push_back(entry->path().filename().string());
  return names;
}

// cpu0, cpu1, …, cpu10 in that order: the numbered directories, not cpufreq/ or cpuidle/.
std::vector<fs::path> cpuDirs(const fs::path& root) {
  std::vector<int> numbers;
  for (const std::string& name : entryNames(root / kCpuDir)) {
    if (name.starts_with("cpu") && isNumber(std::string_view(name).substr(3)))
      numbers.push_back(std::stoi(name.substr(3)));
  }
  std::sort(numbers.begin(), numbers.end());
  std::vector<fs::path> dirs;
  for (int number : numbers) dirs.push_back(root / kCpuDir / ("cpu" + std::to_string(number)));
  return dirs;
}

std::optional<SystemCondition> governor(const fs::path& root) {
  int read = 0;
  int slow = 0;
  std::vector<std::string> others;
  for (const fs::path& cpu : cpuDirs(root)) {
    const auto governor = readTrimmed(cpu / "cpufreq/scaling_governor");
    if (!governor) continue;
    ++read;
    if (*governor == "performance") continue;
    ++slow;
    const std::string quoted = "'" + *governor + "'";
    if (std::find(others.begin(), others.end(), quoted) == others.end()) others.push_back(quoted);
  }
  if (slow == 0) return std::nullopt;
  return SystemCondition{
      "governor", "CPU frequency governor is " + joined(others, ", ") + " on " +
                      std::to_string(slow) + " of " + std::to_string(read) +
                      " CPUs, not 'performance': clocks ramp up and down during the run; set it "
                      "to performance: sudo cpupower frequency-set -g performance"};
}

// intel_pstate says whether turbo is off; other drivers (acpi-cpufreq, amd-pstate) whether
// boost is on.
std::optional<SystemCondition> turbo(const fs::path& root) {
  const std::string effect =
      ": the clock then depends on temperature and on how many cores are busy, so thread "
      "scaling and repeated runs drift; for steadier numbers turn it off: ";
  if (const auto noTurbo = readTrimmed(root / kCpuDir / "intel_pstate/no_turbo")) {
    if (*noTurbo != "0") return std::nullopt;
    return SystemCondition{"turbo", "turbo boost is on (intel_pstate/no_turbo is 0)" + effect +
                                        "echo 1 | sudo tee /" +
                                        (kCpuDir / "intel_pstate/no_turbo").string()};
  }
  const auto boost = readTrimmed(root / kCpuDir / "cpufreq/boost");
  if (!boost || *boost != "1") return std::nullopt;
  return SystemCondition{"turbo", "CPU boost is on (cpufreq/boost is 1)" + effect +
                                      "echo 0 | sudo tee /" + (kCpuDir / "cpufreq/boost").string()};
}

// "0-3,6,8-9" as in sys/devices/system/cpu/online; nullopt when malformed.
std::optional<int> countCpuList(const std::string& list) {
  int count = 0;
  std::istringstream ranges(list);
  for (std::string range; std::getline(ranges, range, ',');) {
    int first = 0;
    int last = 0;
    const int fields = std::sscanf(range.c_str(), "%d-%d", &first, &last);
    if (fields < 1) return std::nullopt;
    if (fields == 1) last = first;
    if (last < first) return std::nullopt;
    count += last - first + 1;
  }
  return count > 0 ? std::optional<int>(count) : std::nullopt;
}

// What competes for the machine: the fact, and the advice a run's condition adds to it.
struct Competing {
  std::string check;
  std::string fact;
  std::string advice;
  SystemCondition condition() const { return {check, fact + advice}; }
};

std::optional<Competing> load(const fs::path& root) {
  const auto loadavg = detail::readTextFile(root / "proc/loadavg");
  const auto online = readTrimmed(root / kCpuDir / "online");
  if (!loadavg || !online) return std::nullopt;
  double lastMinute = 0;
  const auto cores = countCpuList(*online);
  if (std::sscanf(loadavg->c_str(), "%lf", &lastMinute) != 1 || !cores || lastMinute <= *cores)
    return std::nullopt;
  std::array<char, 32> average{};
  std::snprintf(average.data(), average.size(), "%.2f", lastMinute);
  return Competing{"load",
                   "load average " + std::string(average.data()) +
                       " over the last minute is above the " + std::to_string(*cores) +
                       " logical cores",
                   ": other work competes for them; stop it or wait until the machine is idle"};
}

struct ProcessTime {
  std::string name;
  unsigned long long ticks = 0;  // user + system CPU time, in clock ticks
};

// Every process's CPU time so far, by pid, but our own. One that ends while it is read is
// left out.
std::map<int, ProcessTime> processTimes(const fs::path& root) {
  std::error_code error;
  const std::string self = fs::read_symlink(root / "proc/self", error).string();
  std::map<int, ProcessTime> times;
  for (const std::string& pid : entryNames(root / "proc")) {
    if (pid == self || !isNumber(pid)) continue;
    const auto stat = detail::readTextFile(root / "proc" / pid / "stat");
    if (!stat) continue;
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so it ends at the last ')'.
    const auto open = stat->find('(');
    const auto close = stat->rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open) continue;
    std::istringstream fields(stat->substr(close + 1));
    std::string skipped;
    for (int field = 3; field < 14; ++field) fields >> skipped;  // state … cmajflt
    unsigned long long user = 0;
    unsigned long long system = 0;
    if (!(fields >> user >> system)) continue;
    times.emplace(std::stoi(pid),
                  ProcessTime{stat->substr(open + 1, close - open - 1), user + system});
  }
  return times;
}

std::optional<Competing> busyProcess(const ConditionsProbe& probe) {
  const auto before = processTimes(probe.root);
  const double seconds = probe.wait(probe.busySampleS);
  const auto after = processTimes(probe.root);
  const double ticksPerSecond = static_cast<double>(sysconf(_SC_CLK_TCK));
  if (seconds <= 0 || ticksPerSecond <= 0) return std::nullopt;

  struct Busy {
    int pid;
    std::string name;
    double cores;
  };
  std::vector<Busy> busy;
  for (const auto& [pid, now] : after) {
    const auto then = before.find(pid);
    if (then == before.end() || now.ticks < then->second.ticks) continue;  // pid reused
    const double cores =
        static_cast<double>(now.ticks - then->second.ticks) / ticksPerSecond / seconds;
    if (cores >= kBusyCores) busy.push_back({pid, now.name, cores});
  }
  if (busy.empty()) return std::nullopt;
  std::sort(busy.begin(), busy.end(),
            [](const Busy& a, const Busy& b) { return a.cores > b.cores; });

  std::vector<std::string> named;
  for (std::size_t i = 0; i < std::min(busy.size(), kBusyNamed); ++i) {
    named.push_back("'" + busy[i].name + "' (pid " + std::to_string(busy[i].pid) + ") " +
                    std::to_string(std::lround(busy[i].cores * 100)) + "%");
  }
  if (busy.size() > kBusyNamed) named.push_back(std::to_string(busy.size() - kBusyNamed) + " more");
  const bool one = busy.size() == 1;
  return Competing{
      "busy-process",
      std::string(one ? "another process" : "other processes") + " kept a core or more busy over " +
          formatValue(seconds, ValueKind::duration) + " (100% = one core): " + joined(named, ", "),
      std::string("; ") + (one ? "it competes" : "they compete") +
          " with the measured kernels for cores and caches: stop " + (one ? "it" : "them") +
          " or wait until " + (one ? "it ends" : "they end")};
}

// What DMI's sys_vendor and product_name say in guests of the common hypervisors and clouds.
constexpr std::array<std::string_view, 12> kVirtualMachineNames = {
    "QEMU",  "KVM",   "VMware",    "VirtualBox", "Virtual Machine",       "Xen",
    "Bochs", "BHYVE", "Parallels", "OpenStack",  "Google Compute Engine", "Amazon EC2"};

std::optional<SystemCondition> virtualMachine(const fs::path& root) {
  const auto cpuinfo = detail::readTextFile(root / "proc/cpuinfo");
  const auto flags = cpuinfo ? detail::keyValue(*cpuinfo, "flags", ':') : std::nullopt;
  const bool hypervisorFlag =
      flags && (" " + *flags + " ").find(" hypervisor ") != std::string::npos;

  const auto product = readTrimmed(root / "sys/class/dmi/id/product_name").value_or("");
  const std::string dmi = detail::trimmed(
      readTrimmed(root / "sys/class/dmi/id/sys_vendor").value_or("") + " " + product);
  // EC2's bare-metal instances ("m5.metal") keep the cloud's vendor name but run no hypervisor.
  const bool dmiGuest =
      product.find(".metal") == std::string::npos &&
      std::any_of(kVirtualMachineNames.begin(), kVirtualMachineNames.end(),
                  [&](std::string_view name) { return dmi.find(name) != std::string::npos; });
  if (!hypervisorFlag && !dmiGuest) return std::nullopt;

  std::vector<std::string> found;
  if (hypervisorFlag) found.emplace_back("hypervisor flag in /proc/cpuinfo");
  if (!dmi.empty()) found.push_back("DMI: " + dmi);
  return SystemCondition{"virtual-machine",
                         "running in a virtual machine (" + joined(found, "; ") +
                             "): other guests may share the host's cores and caches and steal "
                             "time from the run; compare runs from the same machine only, and "
                             "measure on bare metal for numbers others will quote"};
}

// The widest SIMD an OpenBLAS core's kernels use: 3 AVX-512, 2 AVX2, 1 AVX, 0 older; -1 for a
// name not known here (no judgement then).
int blasCoreLevel(std::string core) {
  std::ranges::transform(core, core.begin(), [](unsigned char c) { return std::tolower(c); });
  static constexpr std::pair<std::string_view, int> kCores[] = {
      {"skylakex", 3},   {"cooperlake", 3},  {"sapphirerapids", 3}, {"haswell", 2},
      {"zen", 2},        {"excavator", 2},   {"sandybridge", 1},    {"bulldozer", 1},
      {"piledriver", 1}, {"steamroller", 1}, {"nehalem", 0},        {"core2", 0},
      {"penryn", 0},     {"dunnington", 0},  {"prescott", 0},       {"atom", 0},
      {"barcelona", 0},  {"opteron", 0},     {"katmai", 0},         {"coppermine", 0},
      {"northwood", 0},  {"banias", 0},      {"athlon", 0},
  };
  for (const auto& [name, level] : kCores)
    if (core == name) return level;
  return -1;
}

// The same scale for the CPU, from the Highway targets it supports.
int cpuSimdLevel(const std::vector<std::string>& targets) {
  int level = 0;
  for (const std::string& t : targets) {
    if (t.starts_with("AVX3") || t.starts_with("AVX10")) level = std::max(level, 3);
    if (t == "AVX2") level = std::max(level, 2);
  }
  return level;
}

std::optional<SystemCondition> blasCore(const ConditionsProbe& probe) {
  if (!probe.system || probe.system->blasCore.empty() || !probe.environment) return std::nullopt;
  const char* forced = probe.environment("OPENBLAS_CORETYPE");
  if (forced == nullptr || *forced == '\0') return std::nullopt;
  // The core the library reports running, which the variable chose.
  const int core = blasCoreLevel(probe.system->blasCore);
  const int cpu = cpuSimdLevel(probe.system->simdAvailable);
  if (core < 0 || core >= cpu) return std::nullopt;
  constexpr const char* kLevels[] = {"SSE", "AVX", "AVX2", "AVX-512"};
  return SystemCondition{
      "blas-core",
      std::string("OPENBLAS_CORETYPE=") + forced + " makes OpenBLAS run its " + kLevels[core] +
          " kernels (core " + probe.system->blasCore + ") on a CPU with " + kLevels[cpu] +
          ": the blas variants run slower than this machine allows, and a comparison with "
          "them understates OpenBLAS; unset OPENBLAS_CORETYPE (and OPENBLAS_L2_SIZE) to let "
          "OpenBLAS choose its core"};
}

// Ceilings measured while other work competed are low: every "% of ceiling" reads high.
std::optional<SystemCondition> busyCeilings(const SystemInfo* system) {
  if (!system || system->ceilingsBusy.empty()) return std::nullopt;
  return SystemCondition{
      "busy-ceilings",
      "the machine's ceilings were measured while it was busy (" + system->ceilingsBusy +
          "): they are low, so each \"% of ceiling\" reads high; they are measured again once "
          "the machine is quiet (or now: accellab-cli sysinfo --remeasure)"};
}

}  // namespace

BuildFacts engineBuild() {
  BuildFacts build{.buildType = ACCELLAB_BUILD_TYPE};
#ifndef NDEBUG
  build.assertions = true;
#endif
#if defined(__SANITIZE_ADDRESS__)
  build.sanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  build.sanitizer = true;
#endif
#endif
  return build;
}

double sleepSeconds(double seconds) {
  const auto start = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::vector<SystemCondition> checkSystemConditions(const ConditionsProbe& probe) {
  const auto competing = [](const std::optional<Competing>& c) {
    return c ? std::optional(c->condition()) : std::nullopt;
  };
  std::vector<SystemCondition> found;
  for (auto condition : {buildType(probe.build), governor(probe.root), turbo(probe.root),
                         competing(load(probe.root)), competing(busyProcess(probe)),
                         virtualMachine(probe.root), blasCore(probe), busyCeilings(probe.system)}) {
    if (condition) found.push_back(std::move(*condition));
  }
  return found;
}

std::vector<std::string> checkCompetition(const ConditionsProbe& probe) {
  // The load first: it would count what `wait` does itself.
  std::vector<std::string> found;
  for (const auto& competing : {load(probe.root), busyProcess(probe)})
    if (competing) found.push_back(competing->fact);
  return found;
}

}  // namespace accellab
