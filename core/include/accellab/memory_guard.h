// Refuses a point before allocation when the machine, or the limits the process runs under,
// lack the memory for it.
#pragma once

#include <cstdint>
#include <filesystem>
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

// What bounds the memory this process may still allocate; each is empty where it is absent or
// unreadable. Under `ulimit -v` or in a container the process can have far less than the
// machine's MemAvailable, and allocating past that fails (std::bad_alloc) or is killed.
struct HostMemoryLimits {
  std::optional<std::uint64_t> memAvailable;      // MemAvailable of /proc/meminfo
  std::optional<std::uint64_t> addressSpaceLeft;  // RLIMIT_AS (soft) minus what is mapped
  // The tightest memory limit of the process's cgroup and its ancestors (v2 memory.max, v1
  // memory.limit_in_bytes) minus that cgroup's usage; page cache it could drop counts as free.
  std::optional<std::uint64_t> cgroupLeft;

  // The smallest of them; 0 when none is known.
  std::uint64_t effective() const;
};

// Reads proc/self/{limits,status,cgroup,mountinfo}, proc/meminfo and the cgroup files the
// mount table points to, below `root` ("/" for this process; a fake tree in tests).
HostMemoryLimits probeHostMemoryLimits(const std::filesystem::path& root = "/");

// hostBytes: the effective limit of this process (0 when nothing could be read).
MemoryAvailable probeHostMemory();

}  // namespace accellab
