#include "accellab/memory_guard.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <vector>

#include "accellab/format.h"
#include "host_files.h"

namespace accellab {

namespace {

namespace fs = std::filesystem;

std::string refusal(std::uint64_t need, std::string_view what, const std::string& have) {
  return "needs " + formatValue(static_cast<double>(need), ValueKind::bytes) + " of " +
         std::string(what) + ", " + have;
}

std::string availableText(std::uint64_t bytes) {
  return formatValue(static_cast<double>(bytes), ValueKind::bytes) + " available";
}

std::optional<std::uint64_t> number(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// A file holding one number ("max", cgroup v2's "no limit", reads as none).
std::optional<std::uint64_t> numberIn(const fs::path& path) {
  const auto text = detail::readTextFile(path);
  return text ? number(detail::trimmed(*text)) : std::nullopt;
}

std::uint64_t saturatingMinus(std::uint64_t a, std::uint64_t b) { return a > b ? a - b : 0; }

void keepSmaller(std::optional<std::uint64_t>& smallest, std::optional<std::uint64_t> value) {
  if (value && (!smallest || *value < *smallest)) smallest = value;
}

// The soft "Max address space" of proc/self/limits minus VmSize of proc/self/status.
std::optional<std::uint64_t> addressSpaceLeft(const fs::path& proc) {
  const auto limits = detail::readTextFile(proc / "self/limits");
  const auto status = detail::readTextFile(proc / "self/status");
  if (!limits || !status) return std::nullopt;
  constexpr std::string_view kName = "Max address space";
  std::istringstream lines(*limits);
  for (std::string line; std::getline(lines, line);) {
    if (!line.starts_with(kName)) continue;
    std::istringstream fields(line.substr(kName.size()));
    std::string soft;
    fields >> soft;
    const auto limit = number(soft);  // "unlimited" is none
    const auto mapped = detail::meminfoBytes(*status, "VmSize");
    if (!limit || !mapped) return std::nullopt;
    return saturatingMinus(*limit, *mapped);
  }
  return std::nullopt;
}

struct CgroupMount {
  fs::path root;   // the part of the hierarchy the mount shows
  fs::path point;  // where it is mounted
};

// The cgroup v2 mount and the v1 memory controller's, from proc/self/mountinfo:
// "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory".
struct CgroupMounts {
  std::optional<CgroupMount> v2;
  std::optional<CgroupMount> v1Memory;
};

CgroupMounts cgroupMounts(const fs::path& proc) {
  CgroupMounts mounts;
  const auto mountinfo = detail::readTextFile(proc / "self/mountinfo");
  if (!mountinfo) return mounts;
  std::istringstream lines(*mountinfo);
  for (std::string line; std::getline(lines, line);) {
    const auto dash = line.find(" - ");
    if (dash == std::string::npos) continue;
    std::istringstream before(line.substr(0, dash));
    std::istringstream after(line.substr(dash + 3));
    std::string id, parent, device, root, point, type, source, options;
    if (!(before >> id >> parent >> device >> root >> point)) continue;
    if (!(after >> type >> source >> options)) continue;
    if (type == "cgroup2") {
      mounts.v2 = CgroupMount{root, point};
    } else if (type == "cgroup" && ("," + options + ",").find(",memory,") != std::string::npos) {
      mounts.v1Memory = CgroupMount{root, point};
    }
  }
  return mounts;
}

// The process's cgroup in one hierarchy of proc/self/cgroup ("0::/user.slice" for v2,
// "4:memory:/docker/abc" for v1's memory controller).
std::optional<fs::path> cgroupPath(const std::string& cgroups, bool v2) {
  std::istringstream lines(cgroups);
  for (std::string line; std::getline(lines, line);) {
    const auto first = line.find(':');
    const auto second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const bool matches =
        v2 ? controllers.empty() : ("," + controllers + ",").find(",memory,") != std::string::npos;
    if (matches) return fs::path(line.substr(second + 1));
  }
  return std::nullopt;
}

struct CgroupFiles {
  const char* limit;
  const char* usage;
  const char* reclaimable;  // the memory.stat key of page cache the kernel drops before failing
};
constexpr CgroupFiles kV2{"memory.max", "memory.current", "inactive_file"};
constexpr CgroupFiles kV1{"memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file"};

// Limits nest: the tightest of the cgroup and each ancestor up to the mount counts. A path
// outside the mount's root (a container without its own cgroup namespace) starts at the mount.
std::optional<std::uint64_t> cgroupLeft(const fs::path& host, const CgroupMount& mount,
                                        const fs::path& cgroup, const CgroupFiles& files) {
  const fs::path mountDir = host / mount.point.relative_path();
  const fs::path inside = cgroup.lexically_relative(mount.root);
  const bool outside = inside.empty() || inside == "." || *inside.begin() == "..";
  fs::path dir = outside ? mountDir : mountDir / inside;
  std::optional<std::uint64_t> tightest;
  for (;;) {
    if (const auto limit = numberIn(dir / files.limit)) {
      std::uint64_t usage = numberIn(dir / files.usage).value_or(0);
      if (const auto stat = detail::readTextFile(dir / "memory.stat")) {
        if (const auto text = detail::keyValue(*stat, files.reclaimable, ' '))
          usage = saturatingMinus(usage, number(*text).value_or(0));
      }
      keepSmaller(tightest, saturatingMinus(*limit, usage));
    }
    if (dir == mountDir || !dir.has_relative_path() || dir.parent_path() == dir) break;
    dir = dir.parent_path();
  }
  return tightest;
}

std::optional<std::uint64_t> cgroupLeft(const fs::path& root) {
  const fs::path proc = root / "proc";
  const auto cgroups = detail::readTextFile(proc / "self/cgroup");
  if (!cgroups) return std::nullopt;
  const CgroupMounts mounts = cgroupMounts(proc);
  std::optional<std::uint64_t> left;
  if (const auto path = cgroupPath(*cgroups, true); path && mounts.v2)
    keepSmaller(left, cgroupLeft(root, *mounts.v2, *path, kV2));
  if (const auto path = cgroupPath(*cgroups, false); path && mounts.v1Memory)
    keepSmaller(left, cgroupLeft(root, *mounts.v1Memory, *path, kV1));
  return left;
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

std::uint64_t HostMemoryLimits::effective() const {
  std::optional<std::uint64_t> smallest;
  for (const auto& limit : {memAvailable, addressSpaceLeft, cgroupLeft})
    keepSmaller(smallest, limit);
  return smallest.value_or(0);
}

HostMemoryLimits probeHostMemoryLimits(const fs::path& root) {
  HostMemoryLimits limits;
  if (const auto meminfo = detail::readTextFile(root / "proc/meminfo"))
    limits.memAvailable = detail::meminfoBytes(*meminfo, "MemAvailable");
  limits.addressSpaceLeft = addressSpaceLeft(root / "proc");
  limits.cgroupLeft = cgroupLeft(root);
  return limits;
}

MemoryAvailable probeHostMemory() { return {probeHostMemoryLimits().effective(), std::nullopt}; }

}  // namespace accellab
