#include "accellab/gbench.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <tuple>

#include "accellab/format.h"
#include "accellab/output_file.h"
#include "accellab/parse.h"
#include "accellab/quality.h"
#include "accellab/stats.h"
#include "json_reader.h"
#include "session_json.h"

namespace accellab {

namespace {

using detail::Json;
using detail::JsonNode;

constexpr std::string_view kDocument = "Google Benchmark JSON";

// ---- names ---------------------------------------------------------------------------

std::vector<std::string_view> splitName(std::string_view name) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const auto slash = name.find('/', start);
    parts.push_back(name.substr(start, slash - start));
    if (slash == std::string_view::npos) return parts;
    start = slash + 1;
  }
}

// Parts Google Benchmark appends for how a benchmark ran, not for what it ran on.
bool isOption(std::string_view part) {
  for (std::string_view option :
       {"min_time:", "min_warmup_time:", "iterations:", "repeats:", "threads:"})
    if (part.starts_with(option)) return true;
  return part == "real_time" || part == "manual_time" || part == "process_time";
}

// Digits alone (from_chars reads no sign into an unsigned type), up to 2^64 - 1.
std::optional<std::uint64_t> wholeNumber(std::string_view text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end) return std::nullopt;
  return value;
}

std::optional<std::uint64_t> positiveInteger(std::string_view text) {
  const auto value = wholeNumber(text);
  return value == std::uint64_t{0} ? std::nullopt : value;
}

std::uint64_t fnv1a(std::string_view text, std::uint64_t salt = 0) {
  std::uint64_t hash = 14695981039346656037ull ^ salt;
  for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return hash;
}

// `name` cut to leave room for "-" and 16 hex digits of `hash`: a plain name of at most
// kMaxNameLength that two different hashes keep apart.
std::string hashed(const std::string& name, std::uint64_t hash) {
  std::array<char, 17> hex{};
  std::snprintf(hex.data(), hex.size(), "%016llx", static_cast<unsigned long long>(hash));
  return name.substr(0, kMaxNameLength - 17) + "-" + hex.data();
}

bool isPlainCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '+';
}

}  // namespace

// No imported name carries a path or an escape: ':', '<', ' ', control characters and UTF-8
// all become '_'.
std::string plainNameFor(std::string_view text) {
  std::string name;
  bool replacing = false;
  for (const char c : text) {
    char mapped = c == '/' ? '.' : c;
    if (!isPlainCharacter(mapped) && mapped != '.') {
      if (!replacing) name += '_';
      replacing = true;
      continue;
    }
    replacing = false;
    // Never '.' first nor "..": "/x" and "a//b" are no way out of a folder either.
    if (mapped == '.' && (name.empty() || name.back() == '.')) mapped = '_';
    name += mapped;
  }
  if (name.empty()) name = "_";
  if (name.size() <= kMaxNameLength) return name;
  return hashed(name, fnv1a(text));
}

namespace {

// Whether plainNameFor keeps every character of `name` (only '/' becomes '.'); ':', '.',
// spaces, UTF-8, empty parts and long names are changed or cut.
bool mapsExactly(std::string_view name) {
  if (name.size() > kMaxNameLength) return false;
  return std::ranges::all_of(splitName(name), [](std::string_view part) {
    return !part.empty() && std::ranges::all_of(part, isPlainCharacter);
  });
}

// The size a benchmark's first argument gives: "1024" or a named "size:1024".
std::optional<std::uint64_t> argumentSize(std::string_view part) {
  if (isOption(part)) return std::nullopt;
  const auto colon = part.find(':');
  const auto size =
      positiveInteger(colon == std::string_view::npos ? part : part.substr(colon + 1));
  if (size > kMaxSampleCount) return std::nullopt;  // no kernel takes more
  return size;
}

// A kernel parameter's name as the export writes it: lower-case letters, digits and '_'.
bool isParameterName(std::string_view name) {
  return !name.empty() && name.front() >= 'a' && name.front() <= 'z' &&
         std::ranges::all_of(name, [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
         });
}

// The name the export gives an AccelLab point, without the point's original name.
std::string exportName(const Point& point) {
  std::string name = point.kernel + "/" + point.variant;
  const Params& params = point.params;
  if (params.shape) name += "/shape:" + toString(*params.shape);
  if (params.samples) name += "/samples:" + std::to_string(*params.samples);
  for (const auto& [parameter, value] : params.kernelParams)
    name += "/" + parameter + ":" + std::to_string(value);
  // A sampling problem has no element type (describe(Params)): only another than f64 is said;
  // an untyped one has none at all.
  if (params.typed && (!params.samples || params.dtype != DType::f64))
    name += "/dtype:" + std::string(toString(params.dtype));
  if (point.threads != 1) name += "/threads:" + std::to_string(point.threads);
  if (point.ranks != 1) name += "/ranks:" + std::to_string(point.ranks);
  return name;
}

// The point an export name (exportName) stands for; nullopt for every name the export would
// not have written exactly so, which is then an ordinary benchmark name.
std::optional<Point> exportedPoint(std::string_view name) {
  const auto parts = splitName(name);
  if (parts.size() < 3 || !isPlainName(parts[0]) || !isPlainName(parts[1])) return std::nullopt;
  Point point;
  point.kernel = parts[0];
  point.variant = parts[1];
  Params& params = point.params;
  for (std::size_t i = 2; i < parts.size(); ++i) {
    const auto colon = parts[i].find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    const std::string_view key = parts[i].substr(0, colon);
    const std::string_view value = parts[i].substr(colon + 1);
    if (key == "shape") {
      params.shape = parseShape(value).value;
      if (!params.shape || !boundedElementCount(*params.shape)) return std::nullopt;
    } else if (key == "samples") {
      params.samples = positiveInteger(value);
      if (!params.samples || *params.samples > kMaxSampleCount) return std::nullopt;
    } else if (key == "dtype") {
      const auto dtype = parseDType(value);
      if (!dtype) return std::nullopt;
      params.dtype = *dtype;
    } else if (key == "threads" || key == "ranks") {
      const auto count = positiveInteger(value);
      const int most = key == "threads" ? detail::kMaxThreads : kMaxRanks;
      if (!count || *count > static_cast<std::uint64_t>(most)) return std::nullopt;
      (key == "threads" ? point.threads : point.ranks) = static_cast<int>(*count);
    } else if (const auto parameter = wholeNumber(value);
               parameter && isParameterName(key) && !isOption(parts[i])) {
      params.kernelParams[std::string(key)] = *parameter;
    } else {
      return std::nullopt;
    }
  }
  // Parameters alone and no element type: an untyped problem (exportName wrote none).
  params.typed =
      params.shape || params.samples ||
      std::ranges::any_of(parts, [](std::string_view p) { return p.starts_with("dtype:"); });
  // A problem as a session holds one: a shape or samples (not both), or parameters alone.
  if ((params.shape && params.samples) ||
      (!params.shape && !params.samples && params.kernelParams.empty()))
    return std::nullopt;
  // Written in one order, each part once: any other spelling is someone else's name.
  if (exportName(point) != name) return std::nullopt;
  return point;
}

// ---- reading -------------------------------------------------------------------------

std::string shortNumber(double value) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.4g", value);
  return text.data();
}

// How many of `unit` make a second.
double perSecond(const JsonNode& unit) {
  const std::string text = unit.string();
  if (text == "ns") return 1e9;
  if (text == "us") return 1e6;
  if (text == "ms") return 1e3;
  if (text == "s") return 1;
  unit.fail("unknown time unit '" + detail::shown(text) + "' (one of ns, us, ms, s)");
}

// Fields Google Benchmark writes itself, and the export's own (accellab_*); every other
// number in an entry is a user counter.
bool isReportField(std::string_view key) {
  if (key.starts_with("accellab_")) return true;
  for (std::string_view field : {"name",
                                 "family_index",
                                 "per_family_instance_index",
                                 "run_name",
                                 "run_type",
                                 "repetitions",
                                 "repetition_index",
                                 "threads",
                                 "iterations",
                                 "real_time",
                                 "cpu_time",
                                 "time_unit",
                                 "bytes_per_second",
                                 "items_per_second",
                                 "label",
                                 "aggregate_name",
                                 "aggregate_unit",
                                 "error_occurred",
                                 "error_message",
                                 "skipped",
                                 "skip_message"})
    if (key == field) return true;
  return false;
}

// The numbers of one entry of "benchmarks".
struct Row {
  std::uint64_t repetition = 0;
  std::uint64_t iterations = 0;
  double realS = 0;
  double cpuS = 0;
  std::optional<double> itemsPerS;
  std::optional<double> bytesPerS;
  // What the export (gbenchToJson) says one run of the point does; 0 when it does not say.
  std::uint64_t elements = 0;
  std::uint64_t bytes = 0;
  std::uint64_t flops = 0;
  std::vector<std::pair<std::string, double>> counters;  // in file order
  std::string label;
  // False where AccelLab's export marked the entry's cpu_time as real_time repeated.
  bool cpuMeasured = true;
};

// The key of AccelLab's export that says an entry's cpu_time was not measured (it repeats
// real_time), and what the context says under it; exports before CPU time was measured said
// "not measured" in the context alone.
constexpr std::string_view kCpuMarker = "accellab_cpu_time";
constexpr std::string_view kCpuNotMeasured = "not measured: cpu_time repeats real_time";

// The most seconds a time may take: the export writes nanoseconds, and a time beyond this
// would be infinite there, which JSON cannot hold.
constexpr double kMaxSeconds = std::numeric_limits<double>::max() / 1e9;

// A time of the file in seconds, refused where it could not be written back. Nanoseconds,
// which the export writes, become the seconds next to their quotient that give the same
// nanoseconds again when there are such: export, import and export write the same numbers.
double secondsOf(const JsonNode& time, double unitsPerSecond, const std::string& unit) {
  const double value = time.amount();
  const double seconds = value / unitsPerSecond;
  if (!(seconds <= kMaxSeconds))
    time.fail(time.json().dump() + " " + unit + " is not a representable time (at most " +
              shortNumber(kMaxSeconds) + " s)");
  // What a session holds (kMaxTimeS), as its reader says it.
  if (seconds > kMaxTimeS)
    time.fail(time.json().dump() + " " + unit + std::string(kNoMeasuredTime));
  if (unitsPerSecond != 1e9) return seconds;
  double below = seconds;
  double above = seconds;
  for (int ulps = 0; ulps <= 2; ++ulps) {
    if (above * 1e9 == value) return above;
    if (below * 1e9 == value) return below;
    above = std::nextafter(above, kMaxSeconds);
    below = std::nextafter(below, 0.0);
  }
  return seconds;
}

Row readRow(const JsonNode& node) {
  Row row;
  if (auto index = node.optional("repetition_index")) row.repetition = index->count();
  const JsonNode iterations = node["iterations"];
  row.iterations = iterations.count();
  if (row.iterations == 0) iterations.fail("must be positive");
  const JsonNode unit = node["time_unit"];
  const double unitsPerSecond = perSecond(unit);
  row.realS = secondsOf(node["real_time"], unitsPerSecond, unit.string());
  row.cpuS = secondsOf(node["cpu_time"], unitsPerSecond, unit.string());
  if (auto rate = node.optional("items_per_second")) row.itemsPerS = rate->amount();
  if (auto rate = node.optional("bytes_per_second")) row.bytesPerS = rate->amount();
  for (const auto& [key, work] :
       {std::pair{"accellab_elements", &Row::elements}, std::pair{"accellab_bytes", &Row::bytes},
        std::pair{"accellab_flops", &Row::flops}})
    if (auto count = node.optional(key)) row.*work = count->count();
  if (auto label = node.optional("label")) row.label = label->string();
  if (node.optional(std::string(kCpuMarker))) row.cpuMeasured = false;
  for (const auto& item : node.json().items()) {
    if (item.value().is_number() && !isReportField(item.key()))
      row.counters.emplace_back(item.key(), node[item.key()].number());
  }
  return row;
}

// Every entry of one benchmark instance: the entries that share a run_name.
struct Instance {
  std::string runName;
  int threads = 1;
  std::uint64_t family = 0;  // family_index, per_family_instance_index: the registration
  std::uint64_t member = 0;  // order, which random interleaving does not keep in the file
  std::vector<Row> iterations;
  std::optional<Row> median;
  std::optional<Row> mean;
  std::optional<PointStatus> notMeasured;  // error_occurred: failed; skipped: skipped
  std::string reason;
};

// error_occurred (SkipWithError) or skipped (SkipWithMessage, Google Benchmark 1.8).
bool readNotMeasured(const JsonNode& entry, Instance& instance) {
  for (const auto& [flag, message, status] :
       {std::tuple{"error_occurred", "error_message", PointStatus::failed},
        std::tuple{"skipped", "skip_message", PointStatus::skipped}}) {
    const auto set = entry.optional(flag);
    if (!set || !set->boolean()) continue;
    instance.notMeasured = status;
    const auto text = entry.optional(message);
    instance.reason = text ? text->string() : std::string("Google Benchmark: ") + flag;
    return true;
  }
  return false;
}

std::vector<Instance> readInstances(const JsonNode& benchmarks) {
  std::vector<Instance> instances;
  std::map<std::string, std::size_t> byRunName;
  for (std::size_t i = 0; i < benchmarks.size(); ++i) {
    const JsonNode entry = benchmarks[i];
    const JsonNode name = entry["name"];
    const auto runNameNode = entry.optional("run_name");
    const std::string runName = (runNameNode ? *runNameNode : name).string();
    if (runName.empty()) (runNameNode ? *runNameNode : name).fail("empty benchmark name");
    const auto runType = entry.optional("run_type");
    const std::string type = runType ? runType->string() : "iteration";
    if (type != "iteration" && type != "aggregate")
      runType->fail("unknown run_type '" + detail::shown(type) + "' (iteration or aggregate)");
    std::string aggregate;
    if (type == "aggregate") {
      const auto aggregateName = entry.optional("aggregate_name");
      aggregate = aggregateName ? aggregateName->string() : "";
      // stddev, cv, BigO, RMS and user statistics: AccelLab computes its own statistics.
      if (aggregate != "median" && aggregate != "mean") continue;
    }

    const auto [at, added] = byRunName.try_emplace(runName, instances.size());
    if (added) {
      Instance& instance = instances.emplace_back();
      instance.runName = runName;
      if (auto threads = entry.optional("threads"))
        instance.threads = threads->integer(1, detail::kMaxThreads);
      if (auto family = entry.optional("family_index")) instance.family = family->count();
      if (auto member = entry.optional("per_family_instance_index"))
        instance.member = member->count();
    }
    Instance& instance = instances[at->second];
    if (readNotMeasured(entry, instance) || instance.notMeasured) continue;
    Row row = readRow(entry);
    if (type == "iteration")
      instance.iterations.push_back(std::move(row));
    else
      (aggregate == "median" ? instance.median : instance.mean) = std::move(row);
  }
  std::ranges::stable_sort(instances, {}, [](const Instance& instance) {
    return std::pair{instance.family, instance.member};
  });
  return instances;
}

// The median of a field over the rows that have it; 0 when none has.
double medianOf(const std::vector<Row>& rows, std::optional<double> Row::*field) {
  std::vector<double> values;
  for (const Row& row : rows)
    if (row.*field) values.push_back(*(row.*field));
  return median(values);
}

// What Google Benchmark reported beside the time, each counter as its median over the rows.
std::string importNote(const Instance& instance, const std::vector<Row>& rows, bool aggregated) {
  std::vector<double> cpu;
  for (const Row& row : rows) cpu.push_back(row.cpuS);
  std::string note = "not verified: measured by Google Benchmark as " + instance.runName +
                     "; cpu_time " + formatValue(median(cpu), ValueKind::duration);
  if (aggregated)
    note += "; the file holds aggregates only: its " +
            std::string(instance.median ? "median" : "mean") + " is the one sample";
  if (!rows.front().label.empty()) note += "; label " + rows.front().label;
  std::vector<std::string> names;
  for (const Row& row : rows)
    for (const auto& counter : row.counters)
      if (std::ranges::find(names, counter.first) == names.end()) names.push_back(counter.first);
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::vector<double> values;
    for (const Row& row : rows)
      for (const auto& [name, value] : row.counters)
        if (name == names[i]) values.push_back(value);
    note += (i == 0 ? "; counters " : ", ") + names[i] + " " + shortNumber(median(values));
  }
  return note;
}

// The CPU time Google Benchmark (or AccelLab's export) reported of each row, kept beside the
// samples, where every row has it measured.
std::optional<CpuUse> cpuOf(const std::vector<Row>& rows) {
  CpuUse cpu;
  double realS = 0;
  for (const Row& row : rows) {
    if (!row.cpuMeasured) return std::nullopt;
    cpu.samplesS.push_back(row.cpuS);
    realS += row.realS;
  }
  if (rows.empty() || !(realS > 0)) return std::nullopt;
  cpu.medianS = median(cpu.samplesS);
  cpu.cores = std::accumulate(cpu.samplesS.begin(), cpu.samplesS.end(), 0.0) / realS;
  return cpu;
}

PointResult toPoint(const Instance& instance, const QualityLimits& limits, bool cpuMeasured) {
  PointResult result;
  result.point = gbenchPoint(instance.runName, instance.threads);
  if (instance.notMeasured) {
    result.status = *instance.notMeasured;
    result.reason = instance.reason;
    return result;
  }
  std::vector<Row> rows = instance.iterations;
  std::ranges::stable_sort(rows, {}, &Row::repetition);
  const bool aggregated = rows.empty();
  if (aggregated) rows.push_back(instance.median ? *instance.median : *instance.mean);
  for (const Row& row : rows) result.samplesS.push_back(row.realS);
  result.stats = summarize(result.samplesS);
  result.runsPerSample = std::ranges::min(rows, {}, &Row::iterations).iterations;
  result.elements = rows.front().elements;
  result.bytes = rows.front().bytes;
  result.flops = rows.front().flops;
  // Where the export says the work, the rates are AccelLab's (work over the median, as the
  // runner computes them); otherwise Google Benchmark's, the median of its entries'.
  const double medianS = result.stats.medianS;
  const auto rate = [&](std::uint64_t work, std::optional<double> Row::*fileRate) {
    return work > 0 && medianS > 0 ? static_cast<double>(work) / medianS : medianOf(rows, fileRate);
  };
  result.elementsPerS = rate(result.elements, &Row::itemsPerS);
  result.bytesPerS = rate(result.bytes, &Row::bytesPerS);
  if (result.flops > 0 && medianS > 0)
    result.flopsPerS = static_cast<double>(result.flops) / medianS;
  if (cpuMeasured) result.cpu = cpuOf(rows);
  result.verifyDetail = clippedText(importNote(instance, rows, aggregated));
  result.flags = judgeQuality(result, limits);
  return result;
}

// What makes two points one to every table and comparison, threads aside.
std::string workKey(const Point& point) {
  return point.kernel + "/" + point.variant + "/" + describe(point.params) + "/" +
         std::string(point.params.typed ? toString(point.params.dtype) : "") + "/" +
         std::to_string(point.ranks);
}

// Benchmarks whose names map to one point ("BM a/1" and "BM_a/1" are both kernel BM_a, 1
// sample, variant BM_a) are made two: the first whose name maps exactly keeps the mapping,
// every other one's variant takes a hash of its name without threads:N, so that the thread
// counts of one benchmark stay one work. Comparisons match imported points by their
// original names (compare.cpp's sameWork), so which one keeps the plain name does not
// matter there.
void keepApart(std::vector<PointResult>& points) {
  std::vector<std::size_t> order(points.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  // std::stable_partition, not ranges::: clang 14 cannot build the subrange that one returns.
  std::stable_partition(order.begin(), order.end(), [&](std::size_t i) {
    const std::string& name = points[i].point.originalName;
    return mapsExactly(gbenchWorkName(name)) || exportedPoint(name).has_value();
  });
  std::map<std::string, std::string> owners;  // workKey -> the work name holding it
  std::set<std::string> taken;                // workKey and threads
  for (const std::size_t i : order) {
    Point& point = points[i].point;
    const std::string work = gbenchWorkName(point.originalName);
    const std::string mapped = point.variant;
    for (std::uint64_t salt = 0;; ++salt) {
      const std::string key = workKey(point);
      const auto owner = owners.try_emplace(key, work).first;
      if (owner->second == work && taken.insert(key + "/" + std::to_string(point.threads)).second)
        break;
      point.variant = hashed(mapped, fnv1a(work, salt));
    }
  }
}

// "2026-11-30T17:08:41+01:00" -> "2026-11-30T16:08:41Z". A date without a UTC offset (Google
// Benchmark before 1.5 wrote local time) stays as written: its zone is unknown.
std::string utcDate(const std::string& text) {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, used = 0;
  char separator = 0;
  if (std::sscanf(text.c_str(), "%4d-%2d-%2d%c%2d:%2d:%2d%n", &year, &month, &day, &separator,
                  &hour, &minute, &second, &used) != 7 ||
      (separator != 'T' && separator != ' '))
    return text;
  const std::string_view zone = std::string_view(text).substr(static_cast<std::size_t>(used));
  int offsetMinutes = 0;
  if (zone != "Z") {
    int zoneHours = 0, zoneMinutes = 0;
    if (zone.size() != 6 || (zone[0] != '+' && zone[0] != '-') || zone[3] != ':' ||
        std::sscanf(zone.data() + 1, "%2d:%2d", &zoneHours, &zoneMinutes) != 2)
      return text;
    offsetMinutes = (zone[0] == '-' ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  }
  std::tm local{};
  local.tm_year = year - 1900;
  local.tm_mon = month - 1;
  local.tm_mday = day;
  local.tm_hour = hour;
  local.tm_min = minute;
  local.tm_sec = second;
  const std::time_t utc = timegm(&local) - offsetMinutes * 60;
  std::tm parts{};
  gmtime_r(&utc, &parts);
  std::array<char, 32> out{};
  std::strftime(out.data(), out.size(), "%Y-%m-%dT%H:%M:%SZ", &parts);
  return out.data();
}

// The export's "accellab_mpi": the launch of a run with distributed points. Its nodes are
// not in the file: the run's machine stands for them.
MpiInfo readMpi(const JsonNode& node) {
  MpiInfo mpi;
  mpi.library = node["library"].string();
  mpi.worldSize = node["world_size"].integer(1, kMaxRanks);
  const JsonNode scaling = node["scaling"];
  const auto parsed = parseScaling(scaling.string());
  if (!parsed)
    scaling.fail("unknown scaling '" + detail::shown(scaling.string()) + "' (strong or weak)");
  mpi.scaling = *parsed;
  return mpi;
}

// The context block: when and where it ran, and what Google Benchmark warned about; of
// AccelLab's export also the run's name and MPI launch.
void readContext(const JsonNode& context, Run& run) {
  if (auto name = context.optional("accellab_run")) run.name = name->string();
  if (auto mpi = context.optional("accellab_mpi")) run.mpi = readMpi(*mpi);
  if (auto date = context.optional("date")) run.created = utcDate(date->string());
  if (auto host = context.optional("host_name")) run.system.hostName = host->string();
  std::string executable;
  if (auto path = context.optional("executable")) executable = path->string();
  run.settings.origin =
      clippedText(std::string(kGbenchOrigin) + (executable.empty() ? "" : " " + executable));
  if (auto cpus = context.optional("num_cpus"))
    run.system.logicalCores = cpus->integer(0, detail::kMaxThreads);
  if (auto caches = context.optional("caches")) {
    for (std::size_t i = 0; i < caches->size(); ++i) {
      const JsonNode cache = (*caches)[i];
      run.system.caches.push_back(
          {cache["level"].integer(0, 16), cache["type"].string(), cache["size"].count()});
    }
  }
  if (auto scaling = context.optional("cpu_scaling_enabled"); scaling && scaling->boolean())
    run.conditions.push_back({"governor",
                              "CPU frequency scaling was enabled (cpu_scaling_enabled): clocks "
                              "ramped up and down during the run; set the governor to "
                              "performance"});
  if (auto build = context.optional("library_build_type")) {
    run.system.buildType = build->string();
    if (run.system.buildType == "debug")
      run.conditions.push_back({"build-type",
                                "Google Benchmark's library was built as debug "
                                "(library_build_type): its timings may be affected; measure "
                                "with a release build of it"});
  }
  if (auto mhz = context.optional("mhz_per_cpu")) {
    // Rounded to whole MHz, as Google Benchmark writes it; a clock above 1 THz is no clock.
    const double value = mhz->amount();
    if (value > 1e6) mhz->fail("is not a clock in MHz (at most 10^6)");
    run.system.cpuMHz = static_cast<int>(std::lround(value));
  }
  if (auto load = context.optional("load_avg")) {
    if (load->size() > 3) load->fail("holds the load over 1, 5 and 15 minutes: 3 numbers at most");
    for (std::size_t i = 0; i < load->size(); ++i)
      run.system.loadAverage.push_back(detail::readLoadAverage((*load)[i]));
  }
  if (!run.system.loadAverage.empty()) {
    const double lastMinute = run.system.loadAverage.front();
    std::array<char, 32> average{};
    std::snprintf(average.data(), average.size(), "%.2f", lastMinute);
    if (run.system.logicalCores > 0 && lastMinute > run.system.logicalCores)
      run.conditions.push_back(
          {"load", "load average " + std::string(average.data()) +
                       " over the last minute was above the " +
                       std::to_string(run.system.logicalCores) +
                       " logical cores (load_avg): other work competed for them"});
  }
}

// ---- writing -------------------------------------------------------------------------

// "2026-11-30T04:33:24Z" -> "2026-11-30T04:33:24+00:00", as Google Benchmark writes dates.
std::string gbenchDate(const std::string& created) {
  if (created.ends_with('Z')) return created.substr(0, created.size() - 1) + "+00:00";
  return created;
}

// The origin an import gave a run ("Google Benchmark ./bench") back as the executable it read,
// so that export, import and export again write the same context.
std::string executableOf(const std::string& origin) {
  if (origin == kGbenchOrigin) return {};
  const std::string prefix = std::string(kGbenchOrigin) + " ";
  return origin.starts_with(prefix) ? origin.substr(prefix.size()) : origin;
}

Json contextOf(const Run& run) {
  Json caches = Json::array();
  for (const CacheInfo& cache : run.system.caches)
    caches.push_back({{"type", cache.type}, {"level", cache.level}, {"size", cache.sizeBytes}});
  Json context = {{"date", gbenchDate(run.created)},
                  {"host_name", run.system.hostName},
                  {"executable", executableOf(run.settings.origin)},
                  {"num_cpus", run.system.logicalCores},
                  {"caches", caches}};
  if (!run.system.buildType.empty())
    // CMake's "Debug", or "debug" as an import read it.
    context["library_build_type"] =
        run.system.buildType == "Debug" || run.system.buildType == "debug" ? "debug" : "release";
  if (run.system.cpuMHz > 0) context["mhz_per_cpu"] = run.system.cpuMHz;
  if (!run.system.loadAverage.empty()) context["load_avg"] = run.system.loadAverage;
  context["accellab_run"] = run.name;
  context[kCpuMarker] =
      "the CPU time of the process that ran the code, all its threads; an entry that has this "
      "key was not measured: its cpu_time repeats real_time";
  if (run.mpi)
    context["accellab_mpi"] = {{"library", run.mpi->library},
                               {"world_size", run.mpi->worldSize},
                               {"scaling", toString(run.mpi->scaling)}};
  return context;
}

// The fields every entry of one point starts with, in Google Benchmark's order.
Json entryHead(const std::string& name, const std::string& runName, std::size_t family,
               std::size_t member, std::string_view runType, std::size_t repetitions) {
  return {{"name", name},        {"family_index", family}, {"per_family_instance_index", member},
          {"run_name", runName}, {"run_type", runType},    {"repetitions", repetitions}};
}

// `value` as the export writes it: JSON has no infinity (it would be written null, which no
// reader takes for a time), so a number too large for a double is refused, naming it.
double written(double value, const std::string& name, const std::string& what) {
  if (!std::isfinite(value))
    throw SessionError("cannot export " + detail::shown(name) + ": " + what +
                       " is not representable (times up to " + shortNumber(kMaxSeconds) + " s)");
  return value;
}

// An entry's times in nanoseconds. (Plain values: GCC 12 misreads an optional here.)
struct Times {
  double realNs = 0;
  double cpuNs = 0;
  bool cpuMeasured = false;  // else cpu_time repeats real_time, marked (kCpuMarker)
};

void addTimes(Json& entry, std::uint64_t iterations, const Times& times) {
  entry["iterations"] = iterations;
  entry["real_time"] = times.realNs;
  entry["cpu_time"] = times.cpuMeasured ? times.cpuNs : times.realNs;
  entry["time_unit"] = "ns";
  if (!times.cpuMeasured) entry[kCpuMarker] = kCpuNotMeasured;
}

}  // namespace

Point gbenchPoint(std::string_view runName, int threads) {
  Point point;
  if (auto exported = exportedPoint(runName)) {
    point = std::move(*exported);
  } else {
    const auto parts = splitName(runName);
    point.kernel = plainNameFor(parts.front());
    std::string variant(parts.front());
    const auto size = parts.size() > 1 ? argumentSize(parts[1]) : std::nullopt;
    point.params.samples = size;  // a benchmark without one has no known size
    for (std::size_t i = size ? 2 : 1; i < parts.size(); ++i)
      if (!parts[i].starts_with("threads:")) variant.append("/").append(parts[i]);
    point.variant = plainNameFor(variant);
  }
  point.threads = threads;
  point.originalName = clippedText(std::string(runName));
  return point;
}

std::string gbenchWorkName(std::string_view runName) {
  std::string work;
  for (std::string_view part : splitName(runName))
    if (!part.starts_with("threads:")) work.append(work.empty() ? "" : "/").append(part);
  return work;
}

std::string gbenchName(const Point& point) {
  return point.originalName.empty() ? exportName(point) : point.originalName;
}

Session gbenchFromJson(std::string_view text) {
  const Json json = detail::parseBoundedJson(text, kDocument);
  const JsonNode root(json, kDocument);
  Run run;
  const auto context = root.optional("context");
  if (context) readContext(*context, run);
  // AccelLab's exports before it measured CPU time said so here, for every entry.
  const auto cpuNote = context ? context->optional(std::string(kCpuMarker)) : std::nullopt;
  const bool cpuMeasured =
      !(cpuNote && cpuNote->json().is_string() && cpuNote->string().starts_with("not measured"));
  if (run.settings.origin.empty()) run.settings.origin = kGbenchOrigin;
  for (const Instance& instance : readInstances(root["benchmarks"]))
    run.points.push_back(toPoint(instance, run.settings.measure.quality, cpuMeasured));
  keepApart(run.points);
  int ranks = 1;
  for (const PointResult& result : run.points) ranks = std::max(ranks, result.point.ranks);
  // Points of several ranks need their launch: one the export did not describe was as large
  // as its largest point, and its problems are taken as shared (strong scaling).
  if (ranks > 1 && !run.mpi) run.mpi = MpiInfo{"", ranks, Scaling::strong, {}};
  if (run.mpi) {
    if (run.mpi->worldSize < ranks)
      (*context)["accellab_mpi"]["world_size"].fail(std::to_string(run.mpi->worldSize) +
                                                    " is below the " + std::to_string(ranks) +
                                                    " ranks of a point");
    run.mpi->nodes = {run.system};
  }
  std::vector<Point> points;
  for (const PointResult& result : run.points) points.push_back(result.point);
  if (run.name.empty()) run.name = defaultRunName(run.created, points);
  Session session;
  session.created = run.created;
  session.runs.push_back(std::move(run));
  return session;
}

std::string gbenchToJson(const Run& run) {
  Json benchmarks = Json::array();
  std::map<std::string, std::size_t> families;  // kernel/variant -> its index
  std::map<std::size_t, std::size_t> members;   // family -> instances so far
  for (const PointResult& result : run.points) {
    if (result.status != PointStatus::ok || result.samplesS.empty()) continue;
    const std::string name = gbenchName(result.point);
    const auto family =
        families.try_emplace(result.point.kernel + "/" + result.point.variant, families.size())
            .first->second;
    const std::size_t member = members[family]++;
    const std::size_t n = result.samplesS.size();
    for (std::size_t i = 0; i < n; ++i) {
      const double seconds = result.samplesS[i];
      const std::string sample =
          "sample " + std::to_string(i) + " (" + shortNumber(seconds) + " s)";
      Json entry = entryHead(name, name, family, member, "iteration", n);
      entry["repetition_index"] = i;
      entry["threads"] = result.point.threads;
      Times times{.realNs = written(seconds * 1e9, name, sample)};
      if (result.cpu) {
        times.cpuNs = written(result.cpu->samplesS[i] * 1e9, name, "the CPU time of " + sample);
        times.cpuMeasured = true;
      }
      addTimes(entry, result.runsPerSample, times);
      if (seconds > 0 && result.bytes > 0)
        entry["bytes_per_second"] = written(static_cast<double>(result.bytes) / seconds, name,
                                            "the bandwidth of " + sample);
      if (seconds > 0 && result.elements > 0)
        entry["items_per_second"] = written(static_cast<double>(result.elements) / seconds, name,
                                            "the throughput of " + sample);
      // The work, so that an import gets AccelLab's rates and a second export these rates.
      for (const auto& [key, work] :
           {std::pair{"accellab_elements", result.elements},
            std::pair{"accellab_bytes", result.bytes}, std::pair{"accellab_flops", result.flops}})
        if (work > 0) entry[key] = work;
      benchmarks.push_back(std::move(entry));
    }
    if (n < 2) continue;  // Google Benchmark writes aggregates from two repetitions on
    // Each aggregate of the wall times, and of the CPU times where they were measured.
    const auto aggregates = [](const Statistics& stats) {
      const double cv = stats.meanS > 0 ? stats.stddevS / stats.meanS : 0;
      // cv is a fraction, written unscaled as Google Benchmark does ("percentage").
      return std::array{std::tuple{"mean", stats.meanS * 1e9, "time"},
                        std::tuple{"median", stats.medianS * 1e9, "time"},
                        std::tuple{"stddev", stats.stddevS * 1e9, "time"},
                        std::tuple{"cv", cv, "percentage"}};
    };
    const auto wall = aggregates(result.stats);
    const auto cpu =
        result.cpu ? std::optional(aggregates(summarize(result.cpu->samplesS))) : std::nullopt;
    for (std::size_t k = 0; k < wall.size(); ++k) {
      const auto& [aggregate, value, unit] = wall[k];
      Json entry = entryHead(name + "_" + aggregate, name, family, member, "aggregate", n);
      entry["threads"] = result.point.threads;
      entry["aggregate_name"] = aggregate;
      entry["aggregate_unit"] = unit;
      const std::string what = std::string("its ") + aggregate;
      Times times{.realNs = written(value, name, what)};
      if (cpu) {
        times.cpuNs = written(std::get<1>((*cpu)[k]), name, what + " CPU time");
        times.cpuMeasured = true;
      }
      addTimes(entry, n, times);
      benchmarks.push_back(std::move(entry));
    }
  }
  const Json json = {{"context", contextOf(run)}, {"benchmarks", benchmarks}};
  return json.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

void writeGbenchFile(const Run& run, const std::filesystem::path& path) {
  std::string text;
  try {
    text = gbenchToJson(run);
  } catch (const SessionError& refused) {
    throw OutputError("cannot write " + path.string() + ": " + refused.what());
  }
  writeFileAtomically(path, text);
}

}  // namespace accellab
