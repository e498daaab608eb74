#include "accellab/session.h"

#include "accellab/experiment_settings.h"

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
#include "session_json.h"

namespace accellab {

namespace {

using detail::Json;
using detail::kMaxThreads;

// ---- what writer and reader both check -------------------------------------------------

// What makes a run's MPI record and its points' ranks disagree, or "" when they agree: the
// writer refuses such a run, the reader names the field. Checks the points in order.
struct MpiProblem {
  std::string what;
  std::size_t point = 0;  // the point it concerns, when it concerns one
  std::string field;      // "ranks", "rank_medians_s", or "" for the run's "mpi"
};

// "1 rank", "2 ranks".
std::string counted(std::size_t n, const std::string& what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

std::optional<MpiProblem> findMpiProblem(const Run& run) {
  if (run.mpi) {
    const MpiInfo& mpi = *run.mpi;
    if (mpi.worldSize < 1 || mpi.worldSize > kMaxRanks)
      return MpiProblem{"world_size " + std::to_string(mpi.worldSize) + " is outside 1.." +
                            std::to_string(kMaxRanks),
                        0,
                        {}};
    if (mpi.nodes.empty() || mpi.nodes.size() > static_cast<std::size_t>(mpi.worldSize))
      return MpiProblem{counted(mpi.nodes.size(), "node") + " for " +
                            counted(static_cast<std::size_t>(mpi.worldSize), "rank") +
                            " (1 to one per rank)",
                        0,
                        {}};
    std::set<std::string> hosts;
    for (const SystemInfo& node : mpi.nodes)
      if (!hosts.insert(node.hostName).second)
        return MpiProblem{"node '" + detail::shown(node.hostName) + "' is listed twice", 0, {}};
  }
  const int worldSize = run.mpi ? run.mpi->worldSize : 1;
  for (std::size_t i = 0; i < run.points.size(); ++i) {
    const PointResult& result = run.points[i];
    const int ranks = result.point.ranks;
    if (ranks < 1 || ranks > worldSize)
      return MpiProblem{std::to_string(ranks) + " ranks" +
                            (run.mpi ? " outside the launch's 1.." + std::to_string(worldSize)
                                     : std::string(" in a run without \"mpi\"")),
                        i, "ranks"};
    if (!result.rankMediansS.empty() &&
        result.rankMediansS.size() != static_cast<std::size_t>(ranks))
      return MpiProblem{counted(result.rankMediansS.size(), "median") + " for " +
                            counted(static_cast<std::size_t>(ranks), "rank"),
                        i, "rank_medians_s"};
  }
  return std::nullopt;
}

// ---- writing -------------------------------------------------------------------------

// The reader refuses what the writer must not write.
const std::string& plainName(const std::string& name) {
  if (!isPlainName(name)) throw SessionError("cannot store " + detail::notPlainName(name));
  return name;
}

// Indented as dump(2) would, except that an array of numbers or strings takes one line (a
// point's samples, however many), and so does an object of such values from `inlineDepth`
// down (a point's stats, a cache): a point reads as a short block. Every string is checked
// against the reader's bound on its way out.
class Printer {
 public:
  explicit Printer(int inlineDepth) : inlineDepth_(inlineDepth) {}

  std::string print(const Json& json) && {
    print(json, "", 0);
    out_ += '\n';
    return std::move(out_);
  }

 private:
  void print(const Json& value, std::string_view key, int depth) {
    if (!value.is_structured()) return scalar(value, key);
    const bool object = value.is_object();
    const bool pretty = !value.empty() && !(flat(value) && (!object || depth >= inlineDepth_));
    out_ += object ? '{' : '[';
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (it != value.begin()) out_ += ',';
      if (pretty)
        out_.append(1, '\n').append(static_cast<std::size_t>(2 * depth + 2), ' ');
      else if (it != value.begin())
        out_ += ' ';
      if (object) out_.append(1, '"').append(it.key()).append("\": ");  // our keys: ASCII
      print(*it, object ? std::string_view(it.key()) : key, depth + 1);
      // Checked as it grows: a session far too large is refused before it takes the memory.
      if (out_.size() > kMaxSessionBytes)
        throw SessionError(
            "the session would take more than the 256 MiB a session file may hold: save fewer "
            "runs in one file");
    }
    if (pretty) out_.append(1, '\n').append(static_cast<std::size_t>(2 * depth), ' ');
    out_ += object ? '}' : ']';
  }

  // Scalars, or (objects) scalars and arrays of scalars.
  static bool flat(const Json& value) {
    return std::none_of(value.begin(), value.end(), [&](const Json& element) {
      return element.is_object() || (element.is_array() && (value.is_array() || !flat(element)));
    });
  }

  void scalar(const Json& value, std::string_view key) {
    if (value.is_string() && value.get_ref<const std::string&>().size() > kMaxTextBytes)
      throw SessionError("cannot store " + std::string(key) + ": a text of " +
                         std::to_string(value.get_ref<const std::string&>().size()) +
                         " bytes, more than the " + std::to_string(kMaxTextBytes) +
                         " a session may hold");
    serializer_.dump(value, false, false, 0);
  }

  int inlineDepth_;
  std::string out_;
  // One of nlohmann's serializers for every number and string: its formatting, made once.
  // Invalid UTF-8 (never from AccelLab, possibly from a system string) becomes U+FFFD, which
  // the reader accepts, instead of an exception.
  nlohmann::detail::serializer<Json> serializer_{
      nlohmann::detail::output_adapter<char, std::string>(out_), ' ',
      Json::error_handler_t::replace};
};

// Settings stay indented; a condition, a cache, a GPU and a point's params, stats and GPU
// times take one line each.
constexpr int kSessionInlineDepth = 4;
constexpr int kSystemInlineDepth = 1;  // the system object alone, laid out as in a session
// A point's counts name each event once: far fewer than this (counters.h counts 8).
constexpr std::size_t kMaxCountedEvents = 64;
// A point's output as the worker client keeps it: kMaxPointOutput bytes, each one that was
// not UTF-8 written as U+FFFD's three, after a line counting what came before.
constexpr std::size_t kMaxStoredOutput = 3 * kMaxPointOutput + 128;

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
  for (const auto& cache : system.caches) {
    Json json = {{"level", cache.level}, {"type", cache.type}, {"size_bytes", cache.sizeBytes}};
    if (!cache.source.empty()) json["source"] = cache.source;
    caches.push_back(std::move(json));
  }
  Json gpus = Json::array();
  for (const GpuInfo& gpu : system.gpus) gpus.push_back(toJson(gpu));
  Json json = {{"host_name", system.hostName},
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
               {"blas_library", system.blasLibrary},
               {"blas_core", system.blasCore},
               {"gpus", gpus},
               {"gpu_device", system.gpuDevice},
               {"gpu_reason", system.gpuReason},
               {"bandwidth_ceiling_bytes_per_s", system.bandwidthCeilingBytesPerS},
               {"bandwidth_method", system.bandwidthMethod}};
  // Written only when known, so the sessions of probes without a time read as before; each
  // half on its own, as a file may hold one without the other.
  if (!system.bandwidthMeasured.empty()) json["bandwidth_measured"] = system.bandwidthMeasured;
  if (!system.bandwidthMeasured.empty() || system.bandwidthCached)
    json["bandwidth_cached"] = system.bandwidthCached;
  if (!system.ceilingsBusy.empty()) json["ceilings_busy"] = system.ceilingsBusy;
  // Written only when known: imports and older probes have none of them.
  if (!system.python.empty()) json["python"] = system.python;
  if (!system.counters.empty()) json["counters"] = system.counters;
  if (system.cpuMHz > 0) json["cpu_mhz"] = system.cpuMHz;
  if (!system.loadAverage.empty()) json["load_average"] = system.loadAverage;
  if (system.streamingFromBytes > 0) {
    json["streaming_from_bytes"] = system.streamingFromBytes;
    json["streaming_method"] = system.streamingMethod;
  }
  if (system.splitFromBytes > 0) {
    json["split_from_bytes"] = system.splitFromBytes;
    json["split_method"] = system.splitMethod;
  }
  if (!system.computeCeilings.empty()) {
    Json roofs = Json::array();
    for (const ComputeCeiling& roof : system.computeCeilings)
      roofs.push_back({{"dtype", toString(roof.dtype)},
                       {"isa", roof.isa},
                       {"threads", roof.threads},
                       {"gpu_index", roof.gpuIndex},
                       {"flops_per_s", roof.flopsPerS}});
    json["compute_ceilings"] = roofs;
  }
  if (!system.cacheRoofs.empty()) {
    Json roofs = Json::array();
    for (const CacheRoof& roof : system.cacheRoofs)
      roofs.push_back({{"level", roof.level},
                       {"size_bytes", roof.sizeBytes},
                       {"threads", roof.threads},
                       {"bytes_per_s", roof.bytesPerS}});
    json["cache_roofs"] = roofs;
  }
  return json;
}

Json toJson(const Params& params) {
  Json json = Json::object();
  if (params.shape) json["shape"] = {params.shape->z, params.shape->y, params.shape->x};
  if (params.samples) json["samples"] = *params.samples;
  // Written only when the problem has an element type, so that a file says no more than
  // was measured.
  if (params.typed) json["dtype"] = toString(params.dtype);
  json["seed"] = params.seed;
  // A problem with neither shape nor samples is sized by its own parameters, even none (an
  // asv benchmark without params): the empty object says so, which the reader requires.
  if (!params.kernelParams.empty() || (!params.shape && !params.samples))
    json["kernel_params"] =
        params.kernelParams.empty() ? Json::object() : Json(params.kernelParams);
  if (!params.labels.empty()) json["labels"] = params.labels;
  return json;
}

Json toJson(const Point& point) {
  Json json = {{"kernel", plainName(point.kernel)},
               {"variant", plainName(point.variant)},
               {"params", toJson(point.params)},
               {"threads", point.threads}};
  // Written only for distributed points, so the files of every other run read as before.
  if (point.ranks != 1) json["ranks"] = point.ranks;
  // Written only for imported points, likewise.
  if (!point.originalName.empty()) json["original_name"] = point.originalName;
  return json;
}

Json toJson(const PointResult& result) {
  const Statistics& stats = result.stats;
  Json json = toJson(result.point);
  json["status"] = toString(result.status);
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
  if (result.flops > 0) {
    json["flops"] = result.flops;
    json["flops_per_s"] = result.flopsPerS;
  }
  json["verified"] = result.verified;
  json["verify_detail"] = result.verifyDetail;
  json["isa"] = result.isa;
  if (!result.stores.empty()) json["stores"] = result.stores;
  if (!result.repetitionsBy.empty()) json["repetitions_by"] = result.repetitionsBy;
  if (result.build)
    json["build"] = {{"how", result.build->how},
                     {"compile_s", result.build->compileS},
                     {"load_s", result.build->loadS}};
  if (result.gpu) json["gpu"] = toJson(*result.gpu);
  if (result.gpuMad) json["gpu_mad"] = toJson(*result.gpuMad);
  json["flags"] = flagNames(result.flags);
  json["attempts"] = result.attempts;
  if (!result.rankMediansS.empty()) json["rank_medians_s"] = result.rankMediansS;
  if (result.threadsWorked > 0) json["threads_worked"] = result.threadsWorked;
  if (!result.values.empty()) {
    Json values = Json::array();
    for (const ReportedValue& value : result.values)
      values.push_back(
          {{"name", plainName(value.name)}, {"unit", value.unit}, {"value", value.value}});
    json["values"] = values;
  }
  if (!result.valuesMissing.empty()) json["values_missing"] = result.valuesMissing;
  if (result.cpu)
    json["cpu"] = {{"median_s", result.cpu->medianS},
                   {"cores", result.cpu->cores},
                   {"samples_s", result.cpu->samplesS}};
  if (result.counts) {
    const auto events = [](const std::map<std::string, double>& counts) {
      Json json = Json::object();
      for (const auto& [event, count] : counts) json[plainName(event)] = count;
      return json;
    };
    json["counts"] = {{"per_call", events(result.counts->perCall)},
                      {"first_call", events(result.counts->firstCall)}};
  }
  if (!result.output.empty()) json["output"] = result.output;
  return json;
}

Json toJson(const RunSettings& settings) {
  const MeasureConfig& m = settings.measure;
  // The table's settings, each checked against the range the CLI and the window take.
  const ExperimentSettings values{m};
  Json json = Json::object();
  for (const SettingDescription& setting : settingDescriptions()) {
    if (!setting.inSession) continue;
    const double value = setting.get(values);
    if (!acceptsValue(setting, value))
      throw SessionError("cannot store " + std::string(setting.key) + " " +
                         describeValue(setting, value) + ": it is outside " +
                         describeRange(setting));
    if (setting.unit == SettingUnit::count)
      json[std::string(setting.key)] = static_cast<std::uint64_t>(value);
    else
      json[std::string(setting.key)] = value;
  }
  json["baseline"] = settings.baseline;
  json["origin"] = settings.origin;
  // Written only when the machine's crossover decided it: 0 leaves it to the cache size.
  if (m.streamingFromBytes > 0) json["streaming_from_bytes"] = m.streamingFromBytes;
  if (m.splitFromBytes > 0) json["split_from_bytes"] = m.splitFromBytes;
  return json;
}

Json toJson(const PluginIdentity& plugin) {
  Json json = {{"name", plugin.name},
               {"version", plugin.version},
               {"file", plugin.file},
               {"sha256", plugin.sha256}};
  if (plugin.kind != "plugin") json["kind"] = plugin.kind;
  return json;
}

Json toJson(const MpiInfo& mpi) {
  Json nodes = Json::array();
  for (const SystemInfo& node : mpi.nodes) nodes.push_back(toJson(node));
  return {{"library", mpi.library},
          {"world_size", mpi.worldSize},
          {"scaling", toString(mpi.scaling)},
          {"nodes", nodes}};
}

Json toJson(const Run& run) {
  if (const auto problem = findMpiProblem(run))
    throw SessionError("cannot store run " + std::to_string(run.id) + ": " +
                       (problem->field.empty()
                            ? std::string("mpi")
                            : "points[" + std::to_string(problem->point) + "]." + problem->field) +
                       ": " + problem->what);
  Json conditions = Json::array();
  for (const SystemCondition& c : run.conditions)
    conditions.push_back({{"check", c.check}, {"message", c.message}});
  Json points = Json::array();
  for (const auto& point : run.points) points.push_back(toJson(point));
  Json json = {{"id", run.id},
               {"name", run.name},
               {"created", run.created},
               {"settings", toJson(run.settings)},
               {"system", toJson(run.system)}};
  if (run.mpi) json["mpi"] = toJson(*run.mpi);
  if (run.plugin) json["plugin"] = toJson(*run.plugin);
  if (!run.variantSources.empty()) {
    Json sources = Json::array();
    for (const auto& [variant, source] : run.variantSources) {
      sources.push_back({{"variant", variant}});
      sources.back().update(toJson(source));
    }
    json["variant_sources"] = sources;
  }
  // Written only when set, so the files of every other run read as before.
  if (run.unrelatedVariants) json["unrelated_variants"] = true;
  json["conditions"] = conditions;
  json["points"] = points;
  return json;
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

std::uint64_t positiveCount(const Node& node) {
  const auto value = node.count();
  if (value == 0) node.fail("must be positive");
  return value;
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
      CacheInfo& read = system.caches.emplace_back(CacheInfo{
          cache["level"].integer(0, 16), cache["type"].string(), cache["size_bytes"].count()});
      readOptional(cache, "source", read.source);
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
  readOptional(node, "blas_library", system.blasLibrary);
  readOptional(node, "blas_core", system.blasCore);
  readOptional(node, "python", system.python);
  readOptional(node, "counters", system.counters);
  readOptional(node, "cpu_mhz", system.cpuMHz);
  if (auto load = node.optional("load_average")) {
    if (load->size() > 3) load->fail("holds the load over 1, 5 and 15 minutes: 3 numbers at most");
    for (std::size_t i = 0; i < load->size(); ++i)
      system.loadAverage.push_back(detail::readLoadAverage((*load)[i]));
  }
  if (auto gpus = node.optional("gpus")) {
    for (std::size_t i = 0; i < gpus->size(); ++i) system.gpus.push_back(readGpuInfo((*gpus)[i]));
  } else if (auto gpu = node.optional("gpu")) {
    system.gpus.push_back(readGpuInfo(*gpu));  // files before "gpus" held device 0 alone
  }
  readOptional(node, "gpu_device", system.gpuDevice);
  readOptional(node, "gpu_reason", system.gpuReason);
  readOptional(node, "bandwidth_ceiling_bytes_per_s", system.bandwidthCeilingBytesPerS);
  readOptional(node, "bandwidth_method", system.bandwidthMethod);
  readOptional(node, "bandwidth_measured", system.bandwidthMeasured);
  readOptional(node, "bandwidth_cached", system.bandwidthCached);
  readOptional(node, "ceilings_busy", system.ceilingsBusy);
  readOptional(node, "streaming_from_bytes", system.streamingFromBytes);
  readOptional(node, "streaming_method", system.streamingMethod);
  readOptional(node, "split_from_bytes", system.splitFromBytes);
  readOptional(node, "split_method", system.splitMethod);
  if (auto roofs = node.optional("compute_ceilings")) {
    for (std::size_t i = 0; i < roofs->size(); ++i) {
      const Node roof = (*roofs)[i];
      const Node dtype = roof["dtype"];
      const auto parsed = parseDType(dtype.string());
      if (!parsed) dtype.fail("unknown element type '" + detail::shown(dtype.string()) + "'");
      const double rate = roof["flops_per_s"].amount();
      if (rate <= 0) roof["flops_per_s"].fail("must be positive");
      system.computeCeilings.push_back({*parsed, roof["isa"].string(),
                                        roof["threads"].integer(0, kMaxThreads),
                                        roof["gpu_index"].integer(-1, 1 << 20), rate});
    }
  }
  if (auto roofs = node.optional("cache_roofs")) {
    for (std::size_t i = 0; i < roofs->size(); ++i) {
      const Node roof = (*roofs)[i];
      const double rate = roof["bytes_per_s"].amount();
      if (rate <= 0) roof["bytes_per_s"].fail("must be positive");
      system.cacheRoofs.push_back({roof["level"].integer(1, 8), positiveCount(roof["size_bytes"]),
                                   roof["threads"].integer(1, kMaxThreads), rate});
    }
  }
  return system;
}

// `sized`: whether the problem must have a size; an imported benchmark may not have one.
Params readParams(const Node& node, bool sized) {
  Params params;
  const auto shape = node.optional("shape");
  const auto samples = node.optional("samples");
  const auto own = node.optional("kernel_params");
  if (shape && samples) node.fail("needs either shape or samples, not both");
  if (sized && !shape && !samples && !own) node.fail("needs a shape, samples or kernel_params");
  if (own) {
    if (!own->json().is_object()) own->fail("expected an object of counts");
    for (const auto& item : own->json().items()) {
      const Node value = (*own)[item.key()];
      if (!isPlainName(item.key())) value.fail("is not a plain parameter name");
      params.kernelParams[item.key()] = value.count();
    }
  }
  if (shape) {
    if (shape->size() != 3) shape->fail("expected [z, y, x]");
    params.shape =
        Shape3{positiveCount((*shape)[0]), positiveCount((*shape)[1]), positiveCount((*shape)[2])};
    if (!boundedElementCount(*params.shape)) shape->fail("element count overflows");
  } else if (samples) {
    params.samples = positiveCount(*samples);
    if (*params.samples > kMaxSampleCount) samples->fail("more than 2^63 samples");
  }
  // Only a problem sized by its own parameters may go without an element type.
  if (const auto dtype = node.optional("dtype"); dtype || shape || samples) {
    const Node type = dtype ? *dtype : node["dtype"];
    const auto parsed = parseDType(type.string());
    if (!parsed) type.fail("unknown element type '" + detail::shown(type.string()) + "'");
    params.dtype = *parsed;
  } else {
    params.typed = false;
  }
  if (const auto labels = node.optional("labels")) {
    if (!labels->json().is_object()) labels->fail("expected an object of strings");
    for (const auto& item : labels->json().items()) {
      if (!params.kernelParams.contains(item.key()))
        (*labels)[item.key()].fail("labels no parameter of the point");
      params.labels[item.key()] = (*labels)[item.key()].string();
    }
  }
  params.seed = node["seed"].count();
  return params;
}

// A time of the file: an amount no larger than kMaxTimeS.
double seconds(const Node& node) {
  const double value = node.amount();
  if (value > kMaxTimeS) node.fail(node.json().dump() + " s" + std::string(kNoMeasuredTime));
  return value;
}

Statistics readStats(const Node& node) {
  Statistics stats;
  stats.medianS = seconds(node["median_s"]);
  stats.minS = seconds(node["min_s"]);
  stats.meanS = seconds(node["mean_s"]);
  stats.stddevS = seconds(node["stddev_s"]);
  stats.madS = seconds(node["mad_s"]);
  const Node ci = node["ci95_s"];
  if (ci.size() != 2) ci.fail("expected [low, high]");
  stats.ci95LowS = seconds(ci[0]);
  stats.ci95HighS = seconds(ci[1]);
  stats.outliers = node["outliers"].count();
  return stats;
}

GpuTiming readGpuTiming(const Node& node) {
  GpuTiming gpu;
  gpu.kernelS = seconds(node["kernel_s"]);
  gpu.h2dS = seconds(node["h2d_s"]);
  gpu.d2hS = seconds(node["d2h_s"]);
  gpu.endToEndS = seconds(node["end_to_end_s"]);
  readOptional(node, "h2d_pageable_s", gpu.h2dPageableS);
  readOptional(node, "d2h_pageable_s", gpu.d2hPageableS);
  return gpu;
}

Point readPointKey(const Node& node) {
  Point point;
  point.kernel = node["kernel"].name();
  point.variant = node["variant"].name();
  readOptional(node, "original_name", point.originalName);
  point.params = readParams(node["params"], point.originalName.empty());
  point.threads = node["threads"].integer(1, kMaxThreads);
  if (auto ranks = node.optional("ranks")) point.ranks = ranks->integer(1, kMaxRanks);
  return point;
}

// {"page-faults": 12.5, …}: counts of perf events by their names.
std::map<std::string, double> readEventCounts(const Node& node) {
  if (!node.json().is_object()) node.fail("must be an object of event counts");
  if (node.json().size() > kMaxCountedEvents) node.fail("holds more events than AccelLab counts");
  std::map<std::string, double> counts;
  for (const auto& item : node.json().items()) {
    const Node count = node[item.key()];
    if (!isPlainName(item.key())) count.fail("is not an event name");
    counts[item.key()] = count.amount();
  }
  return counts;
}

PointResult readPoint(const Node& node) {
  PointResult result;
  result.point = readPointKey(node);
  const Node status = node["status"];
  const auto parsed = parsePointStatus(status.string());
  if (!parsed) status.fail("unknown status '" + detail::shown(status.string()) + "'");
  result.status = *parsed;
  readOptional(node, "reason", result.reason);
  const Node samples = node["samples_s"];
  result.samplesS.reserve(samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i) result.samplesS.push_back(seconds(samples[i]));
  readOptional(node, "runs_per_sample", result.runsPerSample);
  if (result.runsPerSample == 0) node["runs_per_sample"].fail("must be positive");
  result.stats = readStats(node["stats"]);
  result.firstCallS = seconds(node["first_call_s"]);
  readOptional(node, "elements", result.elements);
  readOptional(node, "bytes", result.bytes);
  readOptional(node, "flops", result.flops);
  readOptional(node, "flops_per_s", result.flopsPerS);
  result.elementsPerS = node["elements_per_s"].amount();
  result.bytesPerS = node["bytes_per_s"].amount();
  result.verified = node["verified"].boolean();
  readOptional(node, "verify_detail", result.verifyDetail);
  readOptional(node, "isa", result.isa);
  if (auto stores = node.optional("stores")) {
    result.stores = stores->string();
    if (result.stores != "streaming" && result.stores != "cached")
      stores->fail("is \"streaming\" or \"cached\"");
  }
  if (auto gpu = node.optional("gpu")) result.gpu = readGpuTiming(*gpu);
  if (auto mad = node.optional("gpu_mad")) result.gpuMad = readGpuTiming(*mad);
  if (auto flags = node.optional("flags")) {
    for (std::size_t i = 0; i < flags->size(); ++i) {
      const Node flag = (*flags)[i];
      if (!setFlag(result.flags, flag.string()))
        flag.fail("unknown flag '" + detail::shown(flag.string()) + "'");
    }
  }
  if (auto attempts = node.optional("attempts"))
    result.attempts = static_cast<std::uint32_t>(attempts->integer(1, 1 << 20));
  if (auto medians = node.optional("rank_medians_s")) {
    result.rankMediansS.reserve(std::min<std::size_t>(medians->size(), kMaxRanks));
    for (std::size_t i = 0; i < medians->size(); ++i)
      result.rankMediansS.push_back(seconds((*medians)[i]));
  }
  readOptional(node, "repetitions_by", result.repetitionsBy);
  if (auto build = node.optional("build"))
    result.build = CodeBuild{.how = (*build)["how"].string(),
                             .compileS = seconds((*build)["compile_s"]),
                             .loadS = seconds((*build)["load_s"])};
  // Never more than the threads the point had: a file saying otherwise is refused.
  if (auto worked = node.optional("threads_worked"))
    result.threadsWorked = worked->integer(1, result.point.threads);
  if (auto values = node.optional("values")) {
    for (std::size_t i = 0; i < values->size(); ++i) {
      const Node value = (*values)[i];
      result.values.push_back(
          {value["name"].name(), value["unit"].string(), value["value"].number()});
    }
  }
  readOptional(node, "values_missing", result.valuesMissing);
  if (auto cpu = node.optional("cpu")) {
    const Node cores = (*cpu)["cores"];
    const Node samples = (*cpu)["samples_s"];
    if (samples.size() != result.samplesS.size())
      samples.fail("holds " + std::to_string(samples.size()) + " samples where samples_s holds " +
                   std::to_string(result.samplesS.size()));
    CpuUse use;
    use.samplesS.reserve(samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) use.samplesS.push_back(seconds(samples[i]));
    use.medianS = seconds((*cpu)["median_s"]);
    use.cores = cores.amount();
    if (use.cores > kMaxThreads) cores.fail("more cores than a point may have threads");
    result.cpu = std::move(use);
  }
  if (auto output = node.optional("output")) {
    if (!output->json().is_string()) output->fail("must be a string");
    result.output = output->json().get<std::string>();
    // Its end, with a line saying how much came before, each byte that was not UTF-8 three.
    if (result.output.size() > kMaxStoredOutput) output->fail("is longer than a point's output");
  }
  if (auto counts = node.optional("counts"))
    result.counts = EventCounts{readEventCounts((*counts)["per_call"]),
                                readEventCounts((*counts)["first_call"])};
  return result;
}

std::vector<PointResult> readPoints(const Node& points) {
  std::vector<PointResult> results;
  results.reserve(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) results.push_back(readPoint(points[i]));
  return results;
}

RunSettings readSettings(const Node& node) {
  ExperimentSettings values;
  // The values the CLI and the window take (experiment_settings.h), no others.
  for (const SettingDescription& setting : settingDescriptions()) {
    if (!setting.inSession) continue;
    const auto field = node.optional(setting.key);
    if (!field) continue;
    const double value =
        setting.unit == SettingUnit::count ? static_cast<double>(field->count()) : field->amount();
    if (!acceptsValue(setting, value)) field->fail("is outside " + describeRange(setting));
    setting.set(values, value);
  }
  RunSettings settings;
  MeasureConfig& m = settings.measure;
  m = values.measure;
  readOptional(node, "streaming_from_bytes", m.streamingFromBytes);
  readOptional(node, "split_from_bytes", m.splitFromBytes);
  readOptional(node, "baseline", settings.baseline);
  readOptional(node, "origin", settings.origin);
  return settings;
}

// `node` holds the run (or, in version 1, its points and system).
void checkMpi(const Node& node, const Run& run) {
  const auto problem = findMpiProblem(run);
  if (!problem) return;
  if (problem->field.empty()) node["mpi"].fail(problem->what);
  node["points"][problem->point][problem->field].fail(problem->what);
}

MpiInfo readMpi(const Node& node) {
  MpiInfo mpi;
  mpi.library = node["library"].string();
  mpi.worldSize = node["world_size"].integer(1, kMaxRanks);
  const Node scaling = node["scaling"];
  const auto parsed = parseScaling(scaling.string());
  if (!parsed) scaling.fail("unknown scaling '" + detail::shown(scaling.string()) + "'");
  mpi.scaling = *parsed;
  const Node nodes = node["nodes"];
  for (std::size_t i = 0; i < nodes.size(); ++i) mpi.nodes.push_back(readSystem(nodes[i]));
  return mpi;
}

// The plugin's name is a plain name (as the loader requires); its digest is SHA-256's 64
// lower-case hex digits, or empty where the build had no OpenSSL.
PluginIdentity readPlugin(const Node& node) {
  PluginIdentity plugin;
  const Node name = node["name"];
  plugin.name = name.string();
  if (!isPlainName(plugin.name))
    name.fail("'" + detail::shown(plugin.name) + "' is not a plain name");
  plugin.version = node["version"].string();
  plugin.file = node["file"].string();
  const Node sha256 = node["sha256"];
  plugin.sha256 = sha256.string();
  const bool hex = std::ranges::all_of(
      plugin.sha256, [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
  if (!plugin.sha256.empty() && (plugin.sha256.size() != 64 || !hex))
    sha256.fail("is not a SHA-256 (64 lower-case hex digits)");
  readOptional(node, "kind", plugin.kind);
  if (plugin.kind != "plugin" && plugin.kind != "python" && plugin.kind != "cuda")
    node["kind"].fail("is none of \"plugin\", \"python\" and \"cuda\"");
  return plugin;
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
  if (auto mpi = node.optional("mpi")) run.mpi = readMpi(*mpi);
  if (auto plugin = node.optional("plugin")) run.plugin = readPlugin(*plugin);
  if (auto sources = node.optional("variant_sources")) {
    for (std::size_t i = 0; i < sources->size(); ++i) {
      const Node source = (*sources)[i];
      if (!run.variantSources.emplace(source["variant"].name(), readPlugin(source)).second)
        source["variant"].fail("names a variant listed before");
    }
  }
  if (auto unrelated = node.optional("unrelated_variants"))
    run.unrelatedVariants = unrelated->boolean();
  checkMpi(node, run);
  return run;
}

// A version-1 file was one sweep: it becomes run 1. Its flags were never stored, so they
// are judged with the default limits (cut short cannot be known and stays unset).
Run migrateVersion1(const Node& root, const std::string& created) {
  Run run;
  run.created = created;
  run.system = readSystem(root["system"]);
  run.points = readPoints(root["points"]);
  checkMpi(root, run);
  for (PointResult& point : run.points) point.flags = judgeQuality(point, QualityLimits{});
  std::vector<Point> planned;
  for (const PointResult& point : run.points) planned.push_back(point.point);
  run.name = defaultRunName(created, planned);
  return run;
}

// Any integer above this build's version is a newer file, however large: never "-1", never
// "outside int range". An integer past 64 bits reaches here as an integral double.
int readVersion(const Node& version) {
  const Json& value = version.json();
  const double number = value.is_number() ? value.get<double>() : 0;
  const bool huge = value.is_number_float() && std::isfinite(number) &&
                    std::trunc(number) == number && std::abs(number) >= 0x1p63;
  const bool newer = value.is_number_unsigned()  ? value.get<std::uint64_t>() > kSessionVersion
                     : value.is_number_integer() ? value.get<std::int64_t>() > kSessionVersion
                                                 : huge && number > 0;
  if (newer)
    throw SessionError("session version " + value.dump() + " is newer than this AccelLab reads (" +
                       std::to_string(kSessionVersion) + ")");
  if (huge || (value.is_number_integer() && value.get<std::int64_t>() < 1))
    version.fail("session version " + value.dump() + " is invalid");
  return version.integer(1, kSessionVersion);
}

}  // namespace

namespace detail {

Json pointJson(const Point& point) { return toJson(point); }
Point readPointJson(const JsonNode& node) { return readPointKey(node); }
Json pointResultJson(const PointResult& result) { return toJson(result); }
PointResult readPointResultJson(const JsonNode& node) { return readPoint(node); }
Json runSettingsJson(const RunSettings& settings) { return toJson(settings); }
RunSettings readRunSettingsJson(const JsonNode& node) { return readSettings(node); }

double readLoadAverage(const JsonNode& node) {
  constexpr double kMaxLoad = 1 << 22;
  const double load = node.amount();
  if (load > kMaxLoad)
    node.fail(node.json().dump() + " is not a load average (at most 4194304, the most tasks " +
              "Linux runs)");
  return load;
}

}  // namespace detail

bool isPlainName(std::string_view name) {
  if (name.empty() || name.size() > kMaxNameLength || name.front() == '.') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == '.' || c == '+';
  });
}

std::string clippedText(std::string text) {
  if (text.size() <= kMaxTextBytes) return text;
  constexpr std::string_view kEllipsis = "\u2026";
  std::size_t end = kMaxTextBytes - kEllipsis.size();
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  text.resize(end);
  return text.append(kEllipsis);
}

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
  std::set<int> threads, ranks;
  bool sampled = false, shaped = false;
  for (const Point& point : points) {
    if (std::find(kernels.begin(), kernels.end(), point.kernel) == kernels.end())
      kernels.push_back(point.kernel);
    problems.insert(describe(point.params));
    variants.insert(point.variant);
    threads.insert(point.threads);
    ranks.insert(point.ranks);
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
  if (ranks.size() > 1) text += " \u00d7 " + plural(ranks.size(), "rank count", "rank counts");
  return text;
}

std::string defaultRunName(const std::string& created, const std::vector<Point>& points) {
  // "2026-11-30T04:33:24Z" -> "2026-11-30 04:33"
  std::string when = created.substr(0, 16);
  if (when.size() > 10 && when[10] == 'T') when[10] = ' ';
  return clippedText((when.empty() ? "" : when + " ") + summarizePoints(points));
}

void recordCode(Run& run, const KernelInfo& kernel, const std::vector<Point>& points) {
  run.plugin = kernel.plugin;
  run.unrelatedVariants = kernel.unrelatedVariants;
  for (const std::string& name : variantsIn(points))
    if (const VariantInfo* variant = kernel.variant(name); variant && variant->source)
      run.variantSources.insert_or_assign(name, *variant->source);
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

std::string systemInfoToJson(const SystemInfo& system) {
  return Printer(kSystemInlineDepth).print(toJson(system));
}

SystemInfo systemInfoFromJson(std::string_view text) {
  const Json json = detail::parseBoundedJson(text, "a system object");
  if (!json.is_object())
    throw SessionError(std::string("not a system object: the text holds a JSON ") +
                       json.type_name() + ", not an object");
  return readSystem(Node(json, "system"));
}

namespace {

Session readSession(const Json& json) {
  const Node root(json, "session");
  if (!json.is_object())
    throw SessionError(std::string("not an AccelLab session: the file holds a JSON ") +
                       json.type_name() + ", not an object");
  const auto format = root.optional("format");
  if (!format || !format->json().is_string() || format->string() != kSessionFormat)
    throw SessionError("not an AccelLab session (\"format\" is not \"accellab-session\")");
  const int number = readVersion(root["version"]);

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

}  // namespace

std::string sessionToJson(const Session& session) {
  Json runs = Json::array();
  for (const Run& run : session.runs) runs.push_back(toJson(run));
  const Json json = {{"format", kSessionFormat},
                     {"version", kSessionVersion},
                     {"created", session.created},
                     {"runs", runs}};
  std::string text = Printer(kSessionInlineDepth).print(json);
  // What the reader would refuse is refused here, naming the field, before a file is touched:
  // a session written is a session that opens. (The tree, not the text: the printer's JSON is
  // well-formed by construction, and reading a tree costs a fraction of parsing the text.)
  try {
    readSession(json);
  } catch (const SessionError& refused) {
    throw SessionError(std::string("the session would not open again: ") + refused.what());
  }
  return text;
}

Session sessionFromJson(std::string_view text) {
  return readSession(detail::parseBoundedJson(text, "a session"));
}

void writeSessionFile(const Session& session, const std::filesystem::path& path, Symlinks links) {
  std::string text;
  try {
    text = sessionToJson(session);
  } catch (const SessionError& refused) {
    throw OutputError("cannot write " + path.string() + ": " + refused.what());
  }
  writeFileAtomically(path, text, links);
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
