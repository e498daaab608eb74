#include "accellab/counters.h"

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <optional>

#include "accellab/child_process.h"
#include "accellab/format.h"
#include "host_files.h"
#include "joined.h"

namespace accellab {
namespace {

namespace fs = std::filesystem;

// More threads than this exist in the process already (a BLAS pool of 64): the rest are not
// counted, and the description says how many, rather than taking hundreds of descriptors.
constexpr std::size_t kMaxThreads = 32;

std::vector<int> threadsOfThisProcess() {
  std::vector<int> tids;
  std::error_code error;
  for (fs::directory_iterator entry("/proc/self/task", error), end; !error && entry != end;
       entry.increment(error)) {
    const std::string name = entry->path().filename().string();
    if (!name.empty() && name.find_first_not_of("0123456789") == std::string::npos)
      tids.push_back(std::stoi(name));
  }
  if (tids.empty()) tids.push_back(static_cast<int>(gettid()));
  return tids;
}

class PerfCounters final : public CounterSource {
 public:
  // One descriptor per thread of each event, in events' order.
  void add(std::string event, std::vector<UniqueFd> fds) {
    events_.push_back(std::move(event));
    fds_.push_back(std::move(fds));
  }
  bool empty() const { return events_.empty(); }

  const std::vector<std::string>& events() const override { return events_; }

  std::vector<double> read() override {
    std::vector<double> totals;
    totals.reserve(fds_.size());
    for (const std::vector<UniqueFd>& threads : fds_) {
      double total = 0;
      for (const UniqueFd& fd : threads) {
        // value, time enabled, time running (PERF_FORMAT_TOTAL_TIME_*): scaled where the
        // kernel shared the counter with others.
        std::uint64_t value[3] = {};
        if (::read(fd.get(), value, sizeof value) != static_cast<ssize_t>(sizeof value)) continue;
        total += value[2] > 0 && value[2] < value[1]
                     ? static_cast<double>(value[0]) * static_cast<double>(value[1]) /
                           static_cast<double>(value[2])
                     : static_cast<double>(value[0]);
      }
      totals.push_back(total);
    }
    return totals;
  }

 private:
  std::vector<std::string> events_;
  std::vector<std::vector<UniqueFd>> fds_;
};

// Why the kernel refused, and the fix where the setting is it.
std::string refusal() {
  const auto text = detail::readTextFile("/proc/sys/kernel/perf_event_paranoid");
  const std::string level = text ? detail::trimmed(*text) : std::string();
  if (level.empty()) return "not permitted (no kernel.perf_event_paranoid to read)";
  if (level.find_first_not_of("-0123456789") == std::string::npos && std::stoi(level) > 2)
    return "not permitted: kernel.perf_event_paranoid is " + level +
           " (sudo sysctl kernel.perf_event_paranoid=2 lets a user count their own processes)";
  return "not permitted although kernel.perf_event_paranoid is " + level +
         " (a container's seccomp profile or a security module may forbid perf_event_open)";
}

std::string why(int error) {
  return error == EACCES || error == EPERM ? refusal() : std::string(std::strerror(error));
}

}  // namespace

const std::vector<CounterEvent>& counterEvents() {
  static const std::vector<CounterEvent> events{
      {"page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, false},
      {"context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, false},
      {"cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS, false},
      {"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, true},
      {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, true},
      {"cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES, true},
      {"L1-dcache-load-misses", PERF_TYPE_HW_CACHE,
       PERF_COUNT_HW_CACHE_L1D | (PERF_COUNT_HW_CACHE_OP_READ << 8) |
           (PERF_COUNT_HW_CACHE_RESULT_MISS << 16),
       true},
      {"branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES, true},
  };
  return events;
}

int perfEventOpen(const CounterEvent& event, bool excludeKernel, int tid) {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = event.type;
  attr.config = event.config;
  attr.inherit = 1;
  attr.exclude_kernel = excludeKernel ? 1 : 0;
  attr.exclude_hv = 1;
  attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  const long fd = syscall(SYS_perf_event_open, &attr, tid, -1, -1, PERF_FLAG_FD_CLOEXEC);
  return fd >= 0 ? static_cast<int>(fd) : -errno;
}

CounterOpening openPerfCounters(const PerfOpen& open) {
  std::vector<int> tids = threadsOfThisProcess();
  const std::size_t uncounted = tids.size() > kMaxThreads ? tids.size() - kMaxThreads : 0;
  tids.resize(std::min(tids.size(), kMaxThreads));
  auto counters = std::make_shared<PerfCounters>();
  std::vector<std::string> counted;
  std::vector<std::string> refused;  // software events the kernel refused
  int softwareError = 0;             // the first refusal of a software event
  std::optional<int> hardwareError;  // the first refusal of a hardware event
  std::vector<std::string> hardwareMissing;
  bool hardwareCounted = false;
  for (const CounterEvent& event : counterEvents()) {
    std::vector<UniqueFd> fds;
    int error = 0;
    for (const int tid : tids) {
      const int fd = open(event, event.hardware, tid);
      if (fd < 0) {
        error = -fd;
        break;
      }
      fds.emplace_back(fd);
    }
    if (error == 0) {
      counters->add(event.name, std::move(fds));
      counted.push_back(event.name);
      hardwareCounted = hardwareCounted || event.hardware;
    } else if (event.hardware) {
      if (!hardwareError) hardwareError = error;
      hardwareMissing.push_back(event.name);
    } else {
      if (softwareError == 0) softwareError = error;
      refused.push_back(event.name);
    }
  }
  std::vector<std::string> said;
  if (!counted.empty()) said.push_back("counted: " + detail::joined(counted, ", "));
  if (!refused.empty())
    said.push_back("not counted: " + detail::joined(refused, ", ") + " (" + why(softwareError) +
                   ")");
  if (hardwareError) {
    const int error = *hardwareError;
    if (!hardwareCounted && (error == ENOENT || error == EOPNOTSUPP || error == ENODEV))
      said.emplace_back(
          "hardware counters: not available on this machine (no PMU exposed: virtual machines "
          "usually hide it)");
    else if (!hardwareCounted && (error == EACCES || error == EPERM))
      said.push_back("hardware counters: " + refusal());
    else
      said.push_back("not supported here: " + detail::joined(hardwareMissing, ", "));
  }
  if (hardwareCounted) said.emplace_back("hardware events in user space only");
  if (uncounted > 0)
    said.push_back(std::to_string(uncounted) +
                   " of the process's threads started before "
                   "counting are not counted");
  return {counters->empty() ? nullptr : std::move(counters), detail::joined(said, "; ")};
}

CountedRates countedRates(const EventCounts& counts, std::uint64_t elementsPerCall) {
  const auto of = [&](const char* name) -> std::optional<double> {
    const auto found = counts.perCall.find(name);
    if (found == counts.perCall.end() || !std::isfinite(found->second)) return std::nullopt;
    return found->second;
  };
  const auto perElement = [&](const char* name) -> std::optional<double> {
    const auto count = of(name);
    if (!count || elementsPerCall == 0) return std::nullopt;
    return *count / static_cast<double>(elementsPerCall);
  };
  CountedRates rates;
  const auto cycles = of("cycles");
  const auto instructions = of("instructions");
  if (cycles && instructions && *cycles > 0) rates.instructionsPerCycle = *instructions / *cycles;
  rates.cacheMissesPerElement = perElement("cache-misses");
  rates.l1dMissesPerElement = perElement("L1-dcache-load-misses");
  rates.branchMissesPerElement = perElement("branch-misses");
  return rates;
}

std::string describe(const CountedRates& rates) {
  std::string text;
  if (rates.instructionsPerCycle)
    text = formatValue(*rates.instructionsPerCycle, ValueKind::number) + " instructions per cycle";
  std::vector<std::string> misses;
  const auto add = [&](const std::optional<double>& rate, const char* what) {
    if (rate) misses.push_back(formatValue(*rate, ValueKind::number) + what);
  };
  add(rates.cacheMissesPerElement, " cache misses");
  add(rates.l1dMissesPerElement, " L1D load misses");
  add(rates.branchMissesPerElement, " branch misses");
  if (misses.empty()) return text;
  if (!text.empty()) text += "; ";
  text += "per element: " + misses.front();
  for (std::size_t i = 1; i < misses.size(); ++i) text += ", " + misses[i];
  return text;
}

}  // namespace accellab
