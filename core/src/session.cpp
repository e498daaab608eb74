#include "accellab/session.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "accellab/output_file.h"
#include "accellab/quality.h"
#include "json_reader.h"

namespace accellab {

namespace {

using detail::Json;
using detail::kMaxThreads;

// ---- writing -------------------------------------------------------------------------

Json toJson(const GpuTiming& gpu) {
  return {{"kernel_s", gpu.kernelS},
          {"h2d_s", gpu.h2dS},
          {"d2h_s", gpu.d2hS},
          {"end_to_end_s", gpu.endToEndS},
          {"h2d_pageable_s", gpu.h2dPageableS},
          {"d2h_pageable_s", gpu.d2hPageableS}};
}

Json toJson(const GpuInfo& gpu) {
  return {{"index", gpu.index},
          {"name", gpu.name},
          {"sm_count", gpu.smCount},
          {"memory_bytes", gpu.memoryBytes},
          {"clock_mhz", gpu.clockMHz},
          {"memory_clock_mhz", gpu.memoryClockMHz},
          {"compute_capability", gpu.computeCapability},
          {"driver_version", gpu.driverVersion},
          {"runtime_version", gpu.runtimeVersion},
          {"pci_bus_id", gpu.pciBusId},
          {"copy_ceiling_bytes_per_s", gpu.copyCeilingBytesPerS}};
}

Json toJson(const SystemInfo& system) {
  Json caches = Json::array();
  for (const auto& cache : system.caches)
    caches.push_back(
        {{"level", cache.level}, {"type", cache.type}, {"size_bytes", cache.sizeBytes}});
  Json gpus = Json::array();
  for (const GpuInfo& gpu : system.gpus) gpus.push_back(toJson(gpu));
  return {{"host_name", system.hostName},
          {"cpu_model", system.cpuModel},
          {"logical_cores", system.logicalCores},
          {"simd_available", system.simdAvailable},
          {"simd_selected", system.simdSelected},
          {"caches", caches},
          {"total_ram_bytes", system.totalRamBytes},
          {"available_ram_bytes", system.availableRamBytes},
          {"os", system.os},
          {"kernel", system.kernel},
          {"compiler", system.compiler},
          {"compiler_flags", system.compilerFlags},
          {"build_type", system.buildType},
          {"openmp_version", system.openmpVersion},
          {"cuda_built", system.cudaBuilt},
          {"gpus", gpus},
          {"gpu_device", system.gpuDevice},
          {"gpu_reason", system.gpuReason},
          {"bandwidth_ceiling_bytes_per_s", system.bandwidthCeilingBytesPerS},
          {"bandwidth_method", system.bandwidthMethod}};
}

Json toJson(const Params& params) {
  Json json = Json::object();
  if (params.shape) json["shape"] = {params.shape->z, params.shape->y, params.shape->x};
  if (params.samples) json["samples"] = *params.samples;
  json["dtype"] = toString(params.dtype);
  json["seed"] = params.seed;
  return json;
}

Json toJson(const PointResult& result) {
  const Statistics& stats = result.stats;
  Json json = {{"kernel", result.point.kernel},
               {"variant", result.point.variant},
               {"params", toJson(result.point.params)},
               {"threads", result.point.threads},
               {"status", toString(result.status)}};
  if (!result.reason.empty()) json["reason"] = result.reason;
  json["samples_s"] = result.samplesS;
  json["runs_per_sample"] = result.runsPerSample;
  json["stats"] = {{"median_s", stats.medianS}, {"min_s", stats.minS},
                   {"mean_s", stats.meanS},     {"stddev_s", stats.stddevS},
                   {"mad_s", stats.madS},       {"ci95_s", {stats.ci95LowS, stats.ci95HighS}},
                   {"outliers", stats.outliers}};
  json["first_call_s"] = result.firstCallS;
  json["elements"] = result.elements;
  json["bytes"] = result.bytes;
  json["elements_per_s"] = result.elementsPerS;
  json["bytes_per_s"] = result.bytesPerS;
  json["verified"] = result.verified;
  json["verify_detail"] = result.verifyDetail;
  json["isa"] = result.isa;
  if (result.gpu) json["gpu"] = toJson(*result.gpu);
  if (result.gpuMad) json["gpu_mad"] = toJson(*result.gpuMad);
  json["flags"] = flagNames(result.flags);
  json["attempts"] = result.attempts;
  return json;
}

Json toJson(const RunSettings& settings) {
  const MeasureConfig& m = settings.measure;
  return {{"min_reps", m.minReps},
          {"min_time_s", m.minTimeS},
          {"max_reps", m.maxReps},
          {"max_time_s", m.maxTimeS},
          {"min_sample_s", m.minSampleS},
          {"max_relative_spread", m.quality.maxRelativeSpread},
          {"cold_factor", m.quality.coldFactor},
          {"baseline", settings.baseline},
          {"origin", settings.origin}};
}

Json toJson(const Run& run) {
  Json conditions = Json::array();
  for (const SystemCondition& c : run.conditions)
    conditions.push_back({{"check", c.check}, {"message", c.message}});
  Json points = Json::array();
  for (const auto& point : run.points) points.push_back(toJson(point));
  return {{"id", run.id},
          {"name", run.name},
          {"created", run.created},
          {"settings", toJson(run.settings)},
          {"system", toJson(run.system)},
          {"conditions", conditions},
          {"points", points}};
}

// ---- reading -------------------------------------------------------------------------

using Node = detail::JsonNode;

void readOptional(const Node& node, std::string_view key, std::string& target) {
  if (auto field = node.optional(key)) target = field->string();
}
void readOptional(const Node& node, std::string_view key, int& target) {
  if (auto field = node.optional(key)) target = field->integer(0, std::numeric_limits<int>::max());
}
void readOptional(const Node& node, std::string_view key, std::uint64_t& target) {
  if (auto field = node.optional(key)) target = field->count();
}
void readOptional(const Node& node, std::string_view key, double& target) {
  if (auto field = node.optional(key)) target = field->amount();
}
void readOptional(const Node& node, std::string_view key, bool& target) {
  if (auto field = node.optional(key)) target = field->boolean();
}

GpuInfo readGpuInfo(const Node& node) {
  GpuInfo gpu;
  readOptional(node, "index", gpu.index);
  readOptional(node, "name", gpu.name);
  readOptional(node, "sm_count", gpu.smCount);
  readOptional(node, "memory_bytes", gpu.memoryBytes);
  readOptional(node, "clock_mhz", gpu.clockMHz);
  readOptional(node, "memory_clock_mhz", gpu.memoryClockMHz);
  readOptional(node, "compute_capability", gpu.computeCapability);
  readOptional(node, "driver_version", gpu.driverVersion);
  readOptional(node, "runtime_version", gpu.runtimeVersion);
  readOptional(node, "pci_bus_id", gpu.pciBusId);
  readOptional(node, "copy_ceiling_bytes_per_s", gpu.copyCeilingBytesPerS);
  return gpu;
}

// The probe grows with AccelLab: every field is optional, but a present one must be right.
SystemInfo readSystem(const Node& node) {
  SystemInfo system;
  readOptional(node, "host_name", system.hostName);
  readOptional(node, "cpu_model", system.cpuModel);
  readOptional(node, "logical_cores", system.logicalCores);
  if (auto simd = node.optional("simd_available"))
    for (std::size_t i = 0; i < simd->size(); ++i)
      system.simdAvailable.push_back((*simd)[i].string());
  readOptional(node, "simd_selected", system.simdSelected);
  if (auto caches = node.optional("caches")) {
    for (std::size_t i = 0; i < caches->size(); ++i) {
      const Node cache = (*caches)[i];
      system.caches.push_back(
          {cache["level"].integer(0, 16), cache["type"].string(), cache["size_bytes"].count()});
    }
  }
  readOptional(node, "total_ram_bytes", system.totalRamBytes);
  readOptional(node, "available_ram_bytes", system.availableRamBytes);
  readOptional(node, "os", system.os);
  readOptional(node, "kernel", system.kernel);
  readOptional(node, "compiler", system.compiler);
  readOptional(node, "compiler_flags", system.compilerFlags);
  readOptional(node, "build_type", system.buildType);
  readOptional(node, "openmp_version", system.openmpVersion);
  readOptional(node, "cuda_built", system.cudaBuilt);
  if (auto gpus = node.optional("gpus")) {
    for (std::size_t i = 0; i < gpus->size(); ++i) system.gpus.push_back(readGpuInfo((*gpus)[i]));
  } else if (auto gpu = node.optional("gpu")) {
    system.gpus.push_back(readGpuInfo(*gpu));  // files before "gpus" held device 0 alone
  }
  readOptional(node, "gpu_device", system.gpuDevice);
  readOptional(node, "gpu_reason", system.gpuReason);
  readOptional(node, "bandwidth_ceiling_bytes_per_s", system.bandwidthCeilingBytesPerS);
  readOptional(node, "bandwidth_method", system.bandwidthMethod);
  return system;
}

std::uint64_t positiveCount(const Node& node) {
  const auto value = node.count();
  if (value == 0) node.fail("must be positive");
  return value;
}

Params readParams(const Node& node) {
  Params params;
  const auto shape = node.optional("shape");
  const auto samples = node.optional("samples");
  if (shape.has_value() == samples.has_value()) node.fail("needs either shape or samples");
  if (shape) {
    if (shape->size() != 3) shape->fail("expected [z, y, x]");
    params.shape =
        Shape3{positiveCount((*shape)[0]), positiveCount((*shape)[1]), positiveCount((*shape)[2])};
    if (!boundedElementCount(*params.shape)) shape->fail("element count overflows");
  } else {
    params.samples = positiveCount(*samples);
  }
  const Node dtype = node["dtype"];
  const auto parsed = parseDType(dtype.string());
  if (!parsed) dtype.fail("unknown element type '" + dtype.string() + "'");
  params.dtype = *parsed;
  params.seed = node["seed"].count();
  return params;
}

Statistics readStats(const Node& node) {
  Statistics stats;
  stats.medianS = node["median_s"].amount();
  stats.minS = node["min_s"].amount();
  stats.meanS = node["mean_s"].amount();
  stats.stddevS = node["stddev_s"].amount();
  stats.madS = node["mad_s"].amount();
  const Node ci = node["ci95_s"];
  if (ci.size() != 2) ci.fail("expected [low, high]");
  stats.ci95LowS = ci[0].amount();
  stats.ci95HighS = ci[1].amount();
  stats.outliers = node["outliers"].count();
  return stats;
}

GpuTiming readGpuTiming(const Node& node) {
  GpuTiming gpu;
  gpu.kernelS = node["kernel_s"].amount();
  gpu.h2dS = node["h2d_s"].amount();
  gpu.d2hS = node["d2h_s"].amount();
  gpu.endToEndS = node["end_to_end_s"].amount();
  readOptional(node, "h2d_pageable_s", gpu.h2dPageableS);
  readOptional(node, "d2h_pageable_s", gpu.d2hPageableS);
  return gpu;
}

PointResult readPoint(const Node& node) {
  PointResult result;
  result.point.kernel = node["kernel"].string();
  result.point.variant = node["variant"].string();
  result.point.params = readParams(node["params"]);
  result.point.threads = node["threads"].integer(1, kMaxThreads);
  const Node status = node["status"];
  const auto parsed = parsePointStatus(status.string());
  if (!parsed) status.fail("unknown status '" + status.string() + "'");
  result.status = *parsed;
  readOptional(node, "reason", result.reason);
  const Node samples = node["samples_s"];
  result.samplesS.reserve(samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i) result.samplesS.push_back(samples[i].amount());
  readOptional(node, "runs_per_sample", result.runsPerSample);
  if (result.runsPerSample == 0) node["runs_per_sample"].fail("must be positive");
  result.stats = readStats(node["stats"]);
  result.firstCallS = node["first_call_s"].amount();
  readOptional(node, "elements", result.elements);
  readOptional(node, "bytes", result.bytes);
  result.elementsPerS = node["elements_per_s"].amount();
  result.bytesPerS = node["bytes_per_s"].amount();
  result.verified = node["verified"].boolean();
  readOptional(node, "verify_detail", result.verifyDetail);
  readOptional(node, "isa", result.isa);
  if (auto gpu = node.optional("gpu")) result.gpu = readGpuTiming(*gpu);
  if (auto mad = node.optional("gpu_mad")) result.gpuMad = readGpuTiming(*mad);
  if (auto flags = node.optional("flags")) {
    for (std::size_t i = 0; i < flags->size(); ++i) {
      const Node flag = (*flags)[i];
      if (!setFlag(result.flags, flag.string())) flag.fail("unknown flag '" + flag.string() + "'");
    }
  }
  if (auto attempts = node.optional("attempts"))
    result.attempts = static_cast<std::uint32_t>(attempts->integer(1, 1 << 20));
  return result;
}

std::vector<PointResult> readPoints(const Node& points) {
  std::vector<PointResult> results;
  results.reserve(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) results.push_back(readPoint(points[i]));
  return results;
}

RunSettings readSettings(const Node& node) {
  RunSettings settings;
  MeasureConfig& m = settings.measure;
  if (auto reps = node.optional("min_reps")) m.minReps = reps->count();
  readOptional(node, "min_time_s", m.minTimeS);
  if (auto reps = node.optional("max_reps")) m.maxReps = reps->count();
  readOptional(node, "max_time_s", m.maxTimeS);
  readOptional(node, "min_sample_s", m.minSampleS);
  readOptional(node, "max_relative_spread", m.quality.maxRelativeSpread);
  readOptional(node, "cold_factor", m.quality.coldFactor);
  readOptional(node, "baseline", settings.baseline);
  readOptional(node, "origin", settings.origin);
  return settings;
}

Run readRun(const Node& node) {
  Run run;
  run.id = node["id"].integer(1, std::numeric_limits<int>::max());
  readOptional(node, "name", run.name);
  run.created = node["created"].string();
  if (auto settings = node.optional("settings")) run.settings = readSettings(*settings);
  run.system = readSystem(node["system"]);
  if (auto conditions = node.optional("conditions")) {
    for (std::size_t i = 0; i < conditions->size(); ++i) {
      const Node c = (*conditions)[i];
      run.conditions.push_back({c["check"].string(), c["message"].string()});
    }
  }
  run.points = readPoints(node["points"]);
  return run;
}

// A version-1 file was one sweep: it becomes run 1. Its flags were never stored, so they
// are judged with the default limits (cut short cannot be known and stays unset).
Run migrateVersion1(const Node& root, const std::string& created) {
  Run run;
  run.created = created;
  run.system = readSystem(root["system"]);
  run.points = readPoints(root["points"]);
  for (PointResult& point : run.points) point.flags = judgeQuality(point, QualityLimits{});
  std::vector<Point> planned;
  for (const PointResult& point : run.points) planned.push_back(point.point);
  run.name = defaultRunName(created, planned);
  return run;
}

}  // namespace

std::string nowIso8601() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::array<char, 32> text{};
  std::strftime(text.data(), text.size(), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text.data();
}

namespace {

std::string plural(std::size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::string summarizePoints(const std::vector<Point>& points) {
  std::vector<std::string> kernels;
  std::set<std::string> problems, variants;
  std::set<int> threads;
  bool sampled = false, shaped = false;
  for (const Point& point : points) {
    if (std::find(kernels.begin(), kernels.end(), point.kernel) == kernels.end())
      kernels.push_back(point.kernel);
    problems.insert(describe(point.params));
    variants.insert(point.variant);
    threads.insert(point.threads);
    sampled = sampled || point.params.samples.has_value();
    shaped = shaped || point.params.shape.has_value();
  }
  if (points.empty()) return "no points";
  std::string text;
  for (const std::string& kernel : kernels) text += (text.empty() ? "" : ", ") + kernel;
  const auto [one, many] = sampled && shaped ? std::pair("problem", "problems")
                           : sampled         ? std::pair("sample count", "sample counts")
                                             : std::pair("size", "sizes");
  text += " " + plural(problems.size(), one, many);
  text += " \u00d7 " + plural(variants.size(), "variant", "variants");
  if (threads.size() > 1)
    text += " \u00d7 " + plural(threads.size(), "thread count", "thread counts");
  return text;
}

std::string defaultRunName(const std::string& created, const std::vector<Point>& points) {
  // "2026-11-30T04:33:24Z" -> "2026-11-30 04:33"
  std::string when = created.substr(0, 16);
  if (when.size() > 10 && when[10] == 'T') when[10] = ' ';
  return (when.empty() ? "" : when + " ") + summarizePoints(points);
}

int nextRunId(const Session& session) {
  int highest = 0;
  for (const Run& run : session.runs) highest = std::max(highest, run.id);
  return highest + 1;
}

const Run* findRun(const Session& session, int id) {
  const auto it = std::find_if(session.runs.begin(), session.runs.end(),
                               [id](const Run& run) { return run.id == id; });
  return it == session.runs.end() ? nullptr : &*it;
}

Run* findRun(Session& session, int id) {
  return const_cast<Run*>(findRun(std::as_const(session), id));
}

std::string systemInfoToJson(const SystemInfo& system) { return toJson(system).dump(2) + "\n"; }

std::string sessionToJson(const Session& session) {
  Json runs = Json::array();
  for (const Run& run : session.runs) runs.push_back(toJson(run));
  const Json json = {{"format", kSessionFormat},
                     {"version", kSessionVersion},
                     {"created", session.created},
                     {"runs", runs}};
  return json.dump(2) + "\n";
}

Session sessionFromJson(std::string_view text) {
  const Json json = detail::parseBoundedJson(text, "a session");
  const Node root(json, "session");
  if (!json.is_object())
    throw SessionError(std::string("not an AccelLab session: the file holds a JSON ") +
                       json.type_name() + ", not an object");
  const auto format = root.optional("format");
  if (!format || !format->json().is_string() || format->string() != kSessionFormat)
    throw SessionError("not an AccelLab session (\"format\" is not \"accellab-session\")");
  const Node version = root["version"];
  const int number =
      version.integer(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
  if (number > kSessionVersion)
    throw SessionError("session version " + std::to_string(number) +
                       " is newer than this AccelLab reads (" + std::to_string(kSessionVersion) +
                       ")");
  if (number < 1) version.fail("session version " + std::to_string(number) + " is invalid");

  Session session;
  session.created = root["created"].string();
  if (number == 1) {
    session.runs.push_back(migrateVersion1(root, session.created));
    return session;
  }
  const Node runs = root["runs"];
  session.runs.reserve(runs.size());
  std::set<int> ids;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    session.runs.push_back(readRun(runs[i]));
    if (!ids.insert(session.runs.back().id).second)
      runs[i]["id"].fail("run id " + std::to_string(session.runs.back().id) + " is used twice");
  }
  return session;
}

void writeSessionFile(const Session& session, const std::filesystem::path& path) {
  writeFileAtomically(path, sessionToJson(session));
}

Session readSessionFile(const std::filesystem::path& path) {
  const std::string text = detail::readBoundedFile(path, "a session");
  try {
    return sessionFromJson(text);
  } catch (const SessionError& problem) {
    throw SessionError(path.string() + ": " + problem.what());
  }
}

}  // namespace accellab
