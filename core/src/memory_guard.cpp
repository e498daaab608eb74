#include "accellab/memory_guard.h"

#include "accellab/format.h"
#include "host_files.h"

namespace accellab {

namespace {

std::string refusal(std::uint64_t need, std::string_view what, const std::string& have) {
  return "needs " + formatValue(static_cast<double>(need), ValueKind::bytes) + " of " +
         std::string(what) + ", " + have;
}

std::string availableText(std::uint64_t bytes) {
  return formatValue(static_cast<double>(bytes), ValueKind::bytes) + " available";
}

}  // namespace

std::optional<std::string> checkMemory(const MemoryNeed& need, const MemoryAvailable& available) {
  // hostBytes == 0 means the probe could not tell; refusing every point then would be worse
  // than trusting the kernel's own allocation failure.
  if (available.hostBytes != 0 && need.hostBytes > available.hostBytes)
    return refusal(need.hostBytes, "RAM", availableText(available.hostBytes));
  if (need.deviceBytes == 0) return std::nullopt;
  if (!available.deviceBytes) return refusal(need.deviceBytes, "GPU memory", "no GPU present");
  if (need.deviceBytes > *available.deviceBytes)
    return refusal(need.deviceBytes, "GPU memory", availableText(*available.deviceBytes));
  return std::nullopt;
}

MemoryAvailable probeHostMemory() {
  MemoryAvailable available;
  if (const auto meminfo = detail::readTextFile("/proc/meminfo"))
    available.hostBytes = detail::meminfoBytes(*meminfo, "MemAvailable").value_or(0);
  return available;
}

}  // namespace accellab
