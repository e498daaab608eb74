// A machine description unlike a workstation's, for the rules that judge by the machine: the
// rules must hold here too.
#pragma once

#include <cstdint>

#include "accellab/sysinfo.h"

namespace accellab::test {

// This VM as its probe saw it: 2 cores, CPUID's L3 of 480 MiB (the host's), a memory copy
// ceiling of 35.2 GB/s; the L3 "roofs" are copies in memory, below that ceiling.
inline SystemInfo thisVm() {
  SystemInfo s;
  s.logicalCores = 2;
  s.caches = {{1, "Data", 48 << 10, "CPUID"},
              {1, "Instruction", 32 << 10, "CPUID"},
              {2, "Unified", 2 << 20, "CPUID"},
              {3, "Unified", std::uint64_t{480} << 20, "CPUID"}};
  s.bandwidthCeilingBytesPerS = 35.2e9;
  s.cacheRoofs = {
      {1, 48 << 10, 1, 501e9}, {2, 2 << 20, 1, 100e9}, {3, std::uint64_t{480} << 20, 1, 14.6e9},
      {1, 48 << 10, 2, 990e9}, {2, 2 << 20, 2, 198e9}, {3, std::uint64_t{480} << 20, 2, 28.4e9}};
  return s;
}

}  // namespace accellab::test
