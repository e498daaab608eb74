// The one description of the results table's columns.
#include <algorithm>
#include <array>

#include "accellab/printable.h"
#include "accellab/quality.h"
#include "accellab/report.h"
#include "table_text.h"

namespace accellab {

namespace {

using Value = std::optional<double>;

// A measured amount, or none: 0 stands for "not measured" in ReportRow, never for a value.
Value amount(double value) { return value > 0 ? Value(value) : std::nullopt; }
bool timed(const ReportRow& row) { return row.medianS > 0; }

std::string shown(const Value& value, ValueKind kind) {
  return value ? formatValue(*value, kind) : "-";
}

std::string gpuTime(const ReportRow& row, double GpuTiming::*field) {
  return row.gpu ? formatValue((*row.gpu).*field, ValueKind::duration) : "-";
}
Value gpuValue(const ReportRow& row, double GpuTiming::*field) {
  return row.gpu ? Value((*row.gpu).*field) : std::nullopt;
}

#define ACCELLAB_AMOUNT(expr, kind)                               \
  [](const ReportRow& row) { return shown(amount(expr), kind); }, \
      [](const ReportRow& row) { return amount(expr); }
#define ACCELLAB_TIMED(expr, kind)                                                 \
  [](const ReportRow& row) { return timed(row) ? formatValue(expr, kind) : "-"; }, \
      [](const ReportRow& row) { return timed(row) ? Value(expr) : std::nullopt; }
#define ACCELLAB_COUNT(expr)                                 \
  [](const ReportRow& row) { return std::to_string(expr); }, \
      [](const ReportRow& row) { return Value(static_cast<double>(expr)); }
#define ACCELLAB_TEXT(expr) [](const ReportRow& row) { return std::string(expr); }, nullptr
// A perf event's count per timed call (or in the first call), none where it was not counted.
Value counted(const ReportRow& row, const std::map<std::string, double> EventCounts::*calls,
              const char* event) {
  if (!row.counts) return std::nullopt;
  const auto& counts = (*row.counts).*calls;
  const auto found = counts.find(event);
  return found == counts.end() ? std::nullopt : Value(found->second);
}
#define ACCELLAB_EVENT(calls, event)                                           \
  [](const ReportRow& row) {                                                   \
    return shown(counted(row, &EventCounts::calls, event), ValueKind::number); \
  },                                                                           \
      [](const ReportRow& row) { return counted(row, &EventCounts::calls, event); }
#define ACCELLAB_GPU(field)                                             \
  [](const ReportRow& row) { return gpuTime(row, &GpuTiming::field); }, \
      [](const ReportRow& row) { return gpuValue(row, &GpuTiming::field); }

constexpr unsigned kAll = everywhere;
constexpr unsigned kShown = inConsole | inTable | inFiles;
constexpr unsigned kTableAndFiles = inTable | inFiles;

const auto kDuration = ValueKind::duration;
const std::optional<ValueKind> kText;

// The console and Markdown print the run and the problem as headings above each table.
const std::array<ReportColumn, 51> kColumns = {{
    {"run", "run", "", ValueKind::count, Align::right, kTableAndFiles, 0,
     ACCELLAB_COUNT(row.runId)},
    {"kernel", "kernel", "", kText, Align::left, inFiles, 0, ACCELLAB_TEXT(row.kernel)},
    {"problem", "problem", "", kText, Align::left, kTableAndFiles, 0,
     [](const ReportRow& row) { return row.problem; },
     [](const ReportRow& row) { return Value(static_cast<double>(row.size)); }},
    {"size", "size", "", ValueKind::count, Align::right, inFiles, 0, ACCELLAB_COUNT(row.size)},
    {"variant", "variant", "", kText, Align::left, kAll, 12, ACCELLAB_TEXT(row.variant)},
    {"threads", "threads", "", ValueKind::count, Align::right, kAll, 7,
     ACCELLAB_COUNT(row.threads)},
    {"ranks", "ranks", "", ValueKind::count, Align::right, kAll | whenDistributed, 5,
     ACCELLAB_COUNT(row.ranks)},
    {"median_s", "median", "s", kDuration, Align::right, kShown, 9,
     ACCELLAB_AMOUNT(row.medianS, kDuration)},
    {"mad_s", "\u00b1 MAD", "s", kDuration, Align::right, kShown, 9,
     ACCELLAB_TIMED(row.spreadS, kDuration)},
    {"first_call_s", "first call", "s", kDuration, Align::right, kShown, 10,
     ACCELLAB_AMOUNT(row.firstCallS, kDuration)},
    {"elements_per_s", "throughput", "1/s", ValueKind::rate, Align::right, kShown, 11,
     ACCELLAB_AMOUNT(row.elementsPerS, ValueKind::rate)},
    {"bytes_per_s", "bandwidth", "B/s", ValueKind::byteRate, Align::right, kShown, 12,
     ACCELLAB_AMOUNT(row.bytesPerS, ValueKind::byteRate)},
    {"ceiling_fraction", "% ceiling", "", ValueKind::percentage, Align::right, kShown, 9,
     [](const ReportRow& row) { return shown(row.ceilingFraction, ValueKind::percentage); },
     [](const ReportRow& row) { return row.ceilingFraction; }},
    {"flops_per_s", "FLOP rate", "FLOP/s", ValueKind::flopRate, Align::right, kShown | whenCounted,
     12, ACCELLAB_AMOUNT(row.flopsPerS, ValueKind::flopRate)},
    {"intensity", "intensity", "FLOP/B", ValueKind::intensity, Align::right, kShown | whenCounted,
     13, [](const ReportRow& row) { return shown(row.intensity, ValueKind::intensity); },
     [](const ReportRow& row) { return row.intensity; }},
    // The cores the point's process kept busy, CPU time over wall time: threads it did not
    // declare (a library's pool) show here, beside the threads it was given.
    {"cores_used", "cores", "", ValueKind::number, Align::right, kShown, 5,
     [](const ReportRow& row) { return shown(row.coresUsed, ValueKind::number); },
     [](const ReportRow& row) { return row.coresUsed; }},
    {"speedup", "speedup", "", ValueKind::ratio, Align::right, kShown, 8,
     [](const ReportRow& row) { return shown(row.speedup, ValueKind::ratio); },
     [](const ReportRow& row) { return row.speedup; }},
    {"rank_imbalance", "imbalance", "", ValueKind::ratio, Align::right, kShown | whenDistributed, 9,
     [](const ReportRow& row) { return shown(row.imbalance, ValueKind::ratio); },
     [](const ReportRow& row) { return row.imbalance; }},
    {"verified", "verified", "", kText, Align::left, kShown, 8,
     // An ok point that is not verified had nothing to compare (an asv benchmark): "-", as an
     // imported one, not "no"; its note says why.
     ACCELLAB_TEXT(row.verified                                                    ? "yes"
                   : row.status == PointStatus::failed && row.originalName.empty() ? "no"
                                                                                   : "-")},
    {"status", "status", "", kText, Align::left, kShown, 9, ACCELLAB_TEXT(toString(row.status))},
    {"flags", "flags", "", kText, Align::left, kShown, 9, ACCELLAB_TEXT(flagsText(row.flags))},
    {"cpu_s", "CPU time", "s", kDuration, Align::right, inFiles, 0,
     [](const ReportRow& row) { return shown(row.cpuS, kDuration); },
     [](const ReportRow& row) { return row.cpuS; }},
    // perf events (counters.h): the software ones everywhere, the hardware ones where counted.
    {"page_faults_per_call", "page faults", "", ValueKind::number, Align::right, inFiles, 0,
     ACCELLAB_EVENT(perCall, "page-faults")},
    {"first_call_page_faults", "first call page faults", "", ValueKind::number, Align::right,
     inFiles, 0, ACCELLAB_EVENT(firstCall, "page-faults")},
    {"context_switches_per_call", "context switches", "", ValueKind::number, Align::right, inFiles,
     0, ACCELLAB_EVENT(perCall, "context-switches")},
    {"cpu_migrations_per_call", "CPU migrations", "", ValueKind::number, Align::right, inFiles, 0,
     ACCELLAB_EVENT(perCall, "cpu-migrations")},
    {"cycles_per_call", "cycles", "", ValueKind::number, Align::right, inFiles, 0,
     ACCELLAB_EVENT(perCall, "cycles")},
    {"instructions_per_call", "instructions", "", ValueKind::number, Align::right, inFiles, 0,
     ACCELLAB_EVENT(perCall, "instructions")},
    {"cache_misses_per_call", "cache misses", "", ValueKind::number, Align::right, inFiles, 0,
     ACCELLAB_EVENT(perCall, "cache-misses")},
    {"l1d_load_misses_per_call", "L1D load misses", "", ValueKind::number, Align::right, inFiles, 0,
     ACCELLAB_EVENT(perCall, "L1-dcache-load-misses")},
    {"branch_misses_per_call", "branch misses", "", ValueKind::number, Align::right, inFiles, 0,
     ACCELLAB_EVENT(perCall, "branch-misses")},
    {"min_s", "min", "s", kDuration, Align::right, inFiles, 0,
     ACCELLAB_TIMED(row.stats.minS, kDuration)},
    {"mean_s", "mean", "s", kDuration, Align::right, inFiles, 0,
     ACCELLAB_TIMED(row.stats.meanS, kDuration)},
    {"stddev_s", "stddev", "s", kDuration, Align::right, inFiles, 0,
     ACCELLAB_TIMED(row.stats.stddevS, kDuration)},
    {"ci95_low_s", "CI95 low", "s", kDuration, Align::right, inFiles, 0,
     ACCELLAB_TIMED(row.stats.ci95LowS, kDuration)},
    {"ci95_high_s", "CI95 high", "s", kDuration, Align::right, inFiles, 0,
     ACCELLAB_TIMED(row.stats.ci95HighS, kDuration)},
    {"outliers", "outliers", "", ValueKind::count, Align::right, inFiles, 0,
     ACCELLAB_COUNT(row.stats.outliers)},
    {"samples", "samples", "", ValueKind::count, Align::right, kTableAndFiles, 0,
     ACCELLAB_COUNT(row.samples)},
    {"runs_per_sample", "runs/sample", "", ValueKind::count, Align::right, inFiles, 0,
     ACCELLAB_COUNT(row.runsPerSample)},
    {"attempts", "attempts", "", ValueKind::count, Align::right, inFiles, 0,
     ACCELLAB_COUNT(row.attempts)},
    {"elements", "elements", "", ValueKind::count, Align::right, inFiles, 0,
     ACCELLAB_COUNT(row.elements)},
    {"bytes", "bytes", "B", ValueKind::count, Align::right, inFiles, 0, ACCELLAB_COUNT(row.bytes)},
    {"flops", "FLOPs", "", ValueKind::count, Align::right, inFiles, 0, ACCELLAB_COUNT(row.flops)},
    {"reason", "reason", "", kText, Align::left, inFiles, 0, ACCELLAB_TEXT(row.reason)},
    {"isa", "isa", "", kText, Align::left, inFiles, 0, ACCELLAB_TEXT(row.isa)},
    {"gpu_kernel_s", "GPU kernel", "s", kDuration, Align::right, inFiles, 0, ACCELLAB_GPU(kernelS)},
    {"gpu_h2d_s", "GPU h2d", "s", kDuration, Align::right, inFiles, 0, ACCELLAB_GPU(h2dS)},
    {"gpu_d2h_s", "GPU d2h", "s", kDuration, Align::right, inFiles, 0, ACCELLAB_GPU(d2hS)},
    {"gpu_end_to_end_s", "GPU end to end", "s", kDuration, Align::right, inFiles, 0,
     ACCELLAB_GPU(endToEndS)},
    // An imported point's own name (Google Benchmark's run_name): the names AccelLab maps it
    // to are made plain and may carry a hash, this says which benchmark it was.
    {"benchmark", "benchmark", "", kText, Align::left, inFiles, 0, ACCELLAB_TEXT(row.originalName)},
    {"note", "note", "", kText, Align::left, inConsole | inTable, 0, ACCELLAB_TEXT(row.note)},
}};

#undef ACCELLAB_AMOUNT
#undef ACCELLAB_TIMED
#undef ACCELLAB_COUNT
#undef ACCELLAB_TEXT
#undef ACCELLAB_GPU

// The unit as the ids spell theirs: "%" as "pct", "/" as "_per_", anything else that is not a
// letter or digit as one "_".
std::string unitId(const std::string& unit) {
  std::string id;
  for (const char c : unit) {
    if (c == '/')
      id += "_per_";
    else if (c == '%')
      id += "pct";
    else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
      id += c;
    else
      id += '_';
  }
  id.erase(std::unique(id.begin(), id.end(), [](char a, char b) { return a == '_' && b == '_'; }),
           id.end());
  const auto first = id.find_first_not_of('_');
  if (first == std::string::npos) return {};
  return id.substr(first, id.find_last_not_of('_') + 1 - first);
}

// Each of `items` through `add`, all of them: true when any added a column.
template <typename Items, typename Add>
bool addEach(const Items& items, Add add) {
  bool added = false;
  for (const auto& item : items) added = add(item) || added;
  return added;
}

Value reported(const ReportRow& row, const std::string& name) {
  const auto value = std::find_if(row.values.begin(), row.values.end(),
                                  [&](const ReportedValue& v) { return v.name == name; });
  return value == row.values.end() ? std::nullopt : Value(value->value);
}

}  // namespace

std::span<const ReportColumn> reportColumns() { return kColumns; }

std::vector<const ReportColumn*> columnsIn(ColumnPlace place, bool distributed) {
  std::vector<const ReportColumn*> columns;
  for (const ReportColumn& column : kColumns)
    if ((column.places & place) && (distributed || !(column.places & whenDistributed)))
      columns.push_back(&column);
  return columns;
}

std::vector<const ReportColumn*> consoleColumnsFor(const ReportRow& first, bool distributed) {
  std::vector<const ReportColumn*> columns = columnsIn(inConsole, distributed);
  if (first.flops == 0)
    std::erase_if(columns, [](const ReportColumn* c) { return (c->places & whenCounted) != 0; });
  return columns;
}

bool ValueColumns::add(const std::vector<KernelInfo::ValueSpec>& values) {
  return addEach(values, [this](const auto& value) { return add(value.name, value.unit); });
}

bool ValueColumns::add(const std::vector<ReportedValue>& values) {
  return addEach(values, [this](const auto& value) { return add(value.name, value.unit); });
}

bool ValueColumns::add(const std::vector<PointResult>& points) {
  return addEach(points, [this](const PointResult& point) { return add(point.values); });
}

bool ValueColumns::add(const std::string& name, const std::string& unit) {
  if (std::any_of(values_.begin(), values_.end(), [&](const auto& v) { return v.name == name; }))
    return false;
  values_.push_back({name, unit, {}});
  std::string header = unit.empty() ? name : name + " (" + unit + ")";
  // A value called "speedup" is not the speedup: its header says whose it is.
  if (std::any_of(kColumns.begin(), kColumns.end(),
                  [&](const ReportColumn& c) { return c.header == header; }))
    header = "value " + header;
  const std::string unitPart = unitId(unit);
  std::string id = unitPart.empty() ? name : name + "_" + unitPart;
  while (taken(id)) id = "value_" + id;
  // Rows are printed as they come: as wide as the header, or a number in scientific notation.
  const std::size_t width = std::max<std::size_t>(detail::displayWidth(printable(header)), 8);
  columns_.push_back({id, header, unit, ValueKind::number, Align::right, everywhere, width,
                      [name](const ReportRow& row) {
                        const Value value = reported(row, name);
                        return value ? formatValue(*value, ValueKind::number) : std::string();
                      },
                      [name](const ReportRow& row) { return reported(row, name); }});
  return true;
}

bool ValueColumns::taken(const std::string& id) const {
  const auto named = [&](const ReportColumn& c) { return c.id == id; };
  return std::any_of(kColumns.begin(), kColumns.end(), named) ||
         std::any_of(columns_.begin(), columns_.end(), named);
}

std::vector<const ReportColumn*> ValueColumns::placedIn(
    std::vector<const ReportColumn*> columns) const {
  const auto note = std::find_if(columns.begin(), columns.end(),
                                 [](const ReportColumn* c) { return c->id == "note"; });
  std::vector<const ReportColumn*> values;
  for (const ReportColumn& column : columns_) values.push_back(&column);
  columns.insert(note, values.begin(), values.end());
  return columns;
}

bool ValueColumns::operator==(const ValueColumns& other) const {
  // A header names one value and its unit: a plain name has no " (".
  return std::equal(
      columns_.begin(), columns_.end(), other.columns_.begin(), other.columns_.end(),
      [](const ReportColumn& a, const ReportColumn& b) { return a.header == b.header; });
}

bool isDistributed(const Run& run) {
  return run.mpi || std::any_of(run.points.begin(), run.points.end(),
                                [](const PointResult& p) { return p.point.ranks != 1; });
}

}  // namespace accellab
