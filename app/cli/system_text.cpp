#include "system_text.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "accellab/cache_roofs.h"
#include "accellab/format.h"
#include "accellab/printable.h"

namespace accellab::cli {
namespace {

using Line = std::pair<std::string, std::string>;

std::string join(const std::vector<std::string>& parts, const std::string& separator) {
  std::string result;
  for (const std::string& part : parts) result += (result.empty() ? "" : separator) + part;
  return result;
}

std::string orUnknown(const std::string& text) { return text.empty() ? "unknown" : text; }

std::string cpuText(const SystemInfo& s) {
  return orUnknown(s.cpuModel) + ", " + std::to_string(s.logicalCores) + " logical cores" +
         (s.cpuMHz > 0 ? ", " + std::to_string(s.cpuMHz) + " MHz stated" : "");
}

// A machine AccelLab probed names its compiler; one a Google Benchmark file describes does
// not, and what the file leaves out is unknown there, not zero or absent.
bool probedHere(const SystemInfo& s) { return !s.compiler.empty(); }

std::string ramText(const SystemInfo& s) {
  if (s.totalRamBytes == 0) return "RAM unknown";
  return formatValue(static_cast<double>(s.totalRamBytes), ValueKind::bytes) + " RAM, " +
         formatValue(static_cast<double>(s.availableRamBytes), ValueKind::bytes) + " available";
}

std::string simdText(const SystemInfo& s) {
  if (s.simdSelected.empty())
    return probedHere(s) ? "none (built without Highway)" : "unknown (not in the file)";
  std::vector<std::string> available;
  for (const std::string& target : s.simdAvailable) available.push_back(simdName(target));
  return simdName(s.simdSelected) + " selected (Highway target " + s.simdSelected +
         "); available " + join(available, ", ");
}

std::string bandwidthText(const SystemInfo& s) {
  if (s.bandwidthCeilingBytesPerS <= 0)
    return s.bandwidthMethod.empty() ? "not measured" : s.bandwidthMethod;  // "not measured: why"
  std::string text = formatValue(s.bandwidthCeilingBytesPerS, ValueKind::byteRate) + " ceiling";
  if (!s.bandwidthMethod.empty()) text += " (" + s.bandwidthMethod + ")";
  if (!s.bandwidthMeasured.empty()) {
    // "2026-12-01T04:30:00Z" -> "2026-12-01 04:30 UTC"
    std::string when = s.bandwidthMeasured.substr(0, 16);
    if (when.size() > 10 && when[10] == 'T') when[10] = ' ';
    text += ", measured " + when + " UTC";
    if (s.bandwidthCached) text += " (cached)";
  }
  if (!s.ceilingsBusy.empty()) text += "; measured while the machine was busy: " + s.ceilingsBusy;
  return text;
}

// Measured with the bandwidth ceiling, so cached and re-measured with it.
std::string computeText(const SystemInfo& s) {
  if (s.computeCeilings.empty()) return "not measured";
  std::vector<std::string> parts;
  for (const ComputeCeiling& ceiling : s.computeCeilings) parts.push_back(describe(ceiling));
  return join(parts, ", ");
}

// The cache-aware roofline's roofs, measured with the bandwidth ceiling.
std::string cacheRoofText(const SystemInfo& s) {
  if (s.cacheRoofs.empty()) return "not measured";
  std::vector<std::string> parts;
  for (const JudgedRoof& roof : judgeCacheRoofs(s)) parts.push_back(describe(roof));
  return join(parts, ", ") + " (copy bandwidth within each level: the cache roofs)";
}

std::string gpuText(const GpuInfo& g) {
  std::string text = g.name + ", " + std::to_string(g.smCount) + " SMs, " +
                     formatValue(static_cast<double>(g.memoryBytes), ValueKind::bytes) +
                     ", compute " + g.computeCapability + ", copy ceiling ";
  text += g.copyCeilingBytesPerS > 0 ? formatValue(g.copyCeilingBytesPerS, ValueKind::byteRate)
                                     : "not measured";
  return text;
}

std::string gpuDetailText(const GpuInfo& g) {
  std::string text = gpuText(g) + ", " + std::to_string(g.clockMHz) + " MHz core, " +
                     std::to_string(g.memoryClockMHz) + " MHz memory, driver " + g.driverVersion +
                     ", runtime " + g.runtimeVersion;
  if (!g.pciBusId.empty()) text += ", PCI " + g.pciBusId;
  return text;
}

// "GPU" alone for one device; "GPU 0", "GPU 1 (used)" when there are several.
std::vector<Line> gpuLines(const SystemInfo& s, bool detail) {
  if (s.gpus.empty()) return {{"GPU", "none: " + orUnknown(s.gpuReason)}};
  std::vector<Line> lines;
  for (const GpuInfo& g : s.gpus) {
    std::string label = "GPU";
    if (s.gpus.size() > 1) {
      label.append(" ").append(std::to_string(g.index));
      if (g.index == s.gpuDevice) label.append(" (used)");
    }
    lines.emplace_back(std::move(label), detail ? gpuDetailText(g) : gpuText(g));
  }
  if (!selectedGpu(s)) lines.emplace_back("GPU used", "none: " + orUnknown(s.gpuReason));
  return lines;
}

// "OpenBLAS 0.3.21 DYNAMIC_ARCH NO_AFFINITY Haswell MAX_THREADS=64, core Haswell".
std::string blasText(const SystemInfo& s) {
  if (s.blasLibrary.empty()) return "none (built without OpenBLAS)";
  return s.blasLibrary + ", core " + orUnknown(s.blasCore);
}

std::string cacheText(const SystemInfo& s) {
  std::vector<std::string> parts;
  for (const CacheInfo& c : s.caches) {
    std::string part = "L";
    part += std::to_string(c.level) + ' ' + c.type + ' ';
    part += formatValue(static_cast<double>(c.sizeBytes), ValueKind::bytes);
    parts.push_back(std::move(part));
  }
  if (parts.empty()) return "unknown (neither sysfs nor CPUID says)";
  const bool fromCpuid =
      std::ranges::any_of(s.caches, [](const CacheInfo& c) { return c.source == "CPUID"; });
  return join(parts, ", ") + (fromCpuid ? " (from CPUID: sysfs lists no caches here)" : "");
}

// "Conditions" beside the first warning, nothing beside the others.
std::vector<Line> conditionLines(const std::vector<SystemCondition>& conditions) {
  if (conditions.empty()) return {{"Conditions", "nothing to warn about"}};
  std::vector<Line> lines;
  for (const SystemCondition& c : conditions)
    lines.emplace_back(lines.empty() ? "Conditions" : "", c.message);
  return lines;
}

void writeLines(const std::vector<Line>& lines, std::ostream& out) {
  std::size_t width = 0;
  for (const Line& line : lines) width = std::max(width, line.first.size());
  // Every text here may come from a session file: printed through printable().
  for (const auto& [label, text] : lines) {
    out << label << std::string(width - label.size() + 2, ' ') << printable(text) << '\n';
  }
}

}  // namespace

void writeSystemSummary(const SystemInfo& s, const std::vector<SystemCondition>& conditions,
                        std::ostream& out) {
  std::vector<Line> lines{{"Machine", cpuText(s) + ", SIMD " +
                                          (!s.simdSelected.empty() ? simdName(s.simdSelected)
                                           : probedHere(s)         ? "none"
                                                                   : "unknown") +
                                          ", " + ramText(s)},
                          {"Bandwidth", bandwidthText(s)}};
  for (Line& line : gpuLines(s, false)) lines.push_back(std::move(line));
  for (const SystemCondition& c : conditions) lines.emplace_back("Warning", c.message);
  writeLines(lines, out);
}

void writeSystemDetails(const SystemInfo& s, const std::vector<SystemCondition>& conditions,
                        std::ostream& out) {
  std::vector<Line> lines{
      {"CPU", cpuText(s)},
      {"SIMD", simdText(s)},
      {"Caches", cacheText(s)},
      {"Memory", ramText(s)},
      {"Bandwidth", bandwidthText(s)},
      {"Compute", computeText(s)},
      {"In caches", cacheRoofText(s)},
      {"Stores", describeStreaming(s)},
      {"Splitting", describeSplitting(s)},
      {"OS", orUnknown(s.os) + ", " + orUnknown(s.kernel)},
      {"Compiler", orUnknown(s.compiler) + " (" + orUnknown(s.buildType) + ") " + s.compilerFlags},
      {"OpenMP", s.openmpVersion.empty() ? "none" : s.openmpVersion},
      {"CUDA", s.cudaBuilt ? "built" : "not built"},
      {"BLAS", blasText(s)},
      {"Python", s.python.empty() ? "not asked" : s.python},
      {"Counters", s.counters.empty() ? "not asked" : s.counters},
      {"Load", s.loadAverage.empty() ? "unknown" : describeLoad(s.loadAverage)}};
  for (Line& line : gpuLines(s, true)) lines.push_back(std::move(line));
  for (Line& line : conditionLines(conditions)) lines.push_back(std::move(line));
  writeLines(lines, out);
}

}  // namespace accellab::cli
