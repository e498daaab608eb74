// Refuses a point before allocation when the machine lacks the memory for it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "accellab/kernel.h"

namespace accellab {

struct MemoryAvailable {
  std::uint64_t hostBytes = 0;
  std::optional<std::uint64_t> deviceBytes;  // free GPU memory, when a GPU is present
};

// Empty when the need fits; otherwise a message naming both amounts, e.g.
// "needs 8.0 GiB of RAM, 3.2 GiB available".
std::optional<std::string> checkMemory(const MemoryNeed& need, const MemoryAvailable& available);

// MemAvailable from /proc/meminfo (0 when unreadable).
MemoryAvailable probeHostMemory();

}  // namespace accellab
