// perf events counted per point in the process that runs the code (perf_event_open(2)), as
// nanobench and Google Benchmark (through libpfm) count them: the software events always (they
// work in VMs), the hardware ones where the machine exposes a PMU. What cannot be counted is
// said once (SystemInfo::counters), never recorded as a zero.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "accellab/result.h"

namespace accellab {

struct CounterEvent {
  std::string name;        // perf's: "page-faults", "cycles", "L1-dcache-load-misses"
  std::uint32_t type = 0;  // PERF_TYPE_*
  std::uint64_t config = 0;
  bool hardware = false;  // needs a PMU; counted in user space only
};

// Every event AccelLab counts, in the order files and findings list them.
const std::vector<CounterEvent>& counterEvents();

// Running totals of the events it counts.
class CounterSource {
 public:
  virtual ~CounterSource() = default;
  // The events counted, in the order read() gives their totals.
  virtual const std::vector<std::string>& events() const = 0;
  // Each event's total so far over the whole process (scaled up where the kernel multiplexed
  // the counters).
  virtual std::vector<double> read() = 0;
};

// perf_event_open(2) for `event` on thread `tid` of this process (inheriting to the threads it
// starts), cpu -1, no group: an fd, or -errno.
using PerfOpen = std::function<int(const CounterEvent& event, bool excludeKernel, int tid)>;
int perfEventOpen(const CounterEvent& event, bool excludeKernel, int tid);

struct CounterOpening {
  std::shared_ptr<CounterSource> source;  // null when no event could be opened
  // What is counted and why the rest is not: "page-faults, context-switches, cpu-migrations;
  // hardware counters: not available on this machine (no PMU exposed: virtual machines
  // usually hide it)".
  std::string description;
};

// Opens every event of counterEvents() on every thread this process has now (and so on the
// threads they start): a software event counting the kernel's side too (a page fault is
// taken there), a hardware event user space only. A refusal (kernel.perf_event_paranoid) is
// said with the fix, never an error.
CounterOpening openPerfCounters(const PerfOpen& open = perfEventOpen);

// What a point's hardware counters say, normalised: instructions per cycle, and per element of
// a call, the misses. Only what was counted: none of them on a machine without a PMU.
struct CountedRates {
  std::optional<double> instructionsPerCycle;
  std::optional<double> cacheMissesPerElement;  // perf's cache-misses: usually the last level
  std::optional<double> l1dMissesPerElement;    // L1 data cache load misses
  std::optional<double> branchMissesPerElement;
  bool any() const {
    return instructionsPerCycle || cacheMissesPerElement || l1dMissesPerElement ||
           branchMissesPerElement;
  }
};
CountedRates countedRates(const EventCounts& counts, std::uint64_t elementsPerCall);
// "0.42 instructions per cycle; per element: 1.02 cache misses, 3.10 L1D load misses, 0.001
// branch misses"; empty where nothing was counted.
std::string describe(const CountedRates& rates);

}  // namespace accellab
