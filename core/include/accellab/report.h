// Results as rows of a table, and the reporters that print them. Reporters are a strategy:
// the console table, CSV, Markdown and JSON share one interface, one column description
// (reportColumns) and one formatting (format.h); the desktop app's table reads the same.
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "accellab/format.h"
#include "accellab/result.h"
#include "accellab/session.h"
#include "accellab/sysinfo.h"

namespace accellab {

// One row per point, with what the table shows derived once for all reporters and the GUI.
// Rows of one run only: speedups never mix runs.
struct ReportRow {
  int runId = 0;      // the run the point belongs to; 0 when rows were built from bare points
  std::string group;  // kernel + describe(params): points of one group share a baseline
  std::string kernel;
  std::string problem;     // describe(params): "1024x1024x512 f64", "1e9 samples"
  std::uint64_t size = 0;  // problemSize(params): sorts problems by size, not by text
  std::string variant;
  int threads = 1;
  int ranks = 1;  // MPI processes; threads are per rank
  PointStatus status = PointStatus::ok;
  double medianS = 0;  // gpu rows: the kernel alone or end to end, as ReportOptions say
  double spreadS = 0;  // median absolute deviation
  Statistics stats;    // of the samples (kernel time for gpu rows)
  std::size_t samples = 0;
  std::uint64_t runsPerSample = 1;
  double firstCallS = 0;  // the warm-up: first-call cost
  std::uint64_t elements = 0;
  std::uint64_t bytes = 0;
  double elementsPerS = 0;
  double bytesPerS = 0;
  std::uint64_t flops = 0;  // per run; 0: the kernel does not count them
  double flopsPerS = 0;
  // flops / bytes, where the roofline places the point; none unless both are counted.
  std::optional<double> intensity;
  // bytesPerS / the measured copy ceiling of where the row ran (host, or the GPU's own), or of
  // the cache level that holds what a call moves (cacheRoofFor, ceilingLevel); none for
  // end-to-end gpu rows, whose time is mostly the bus.
  std::optional<double> ceilingFraction;
  int ceilingLevel = 0;  // the cache level whose roof ceilingFraction divides by; 0: memory's
  std::optional<double> speedup;  // baseline median / this median
  // The slowest rank's median over the fastest's (rankMediansS) of an ok point of 2 ranks or
  // more: 1 is a perfect balance.
  std::optional<double> imbalance;
  bool verified = false;
  // Point::originalName: an imported point's own name; such a point was never verified here.
  std::string originalName;
  PointFlags flags;
  std::uint32_t attempts = 1;
  std::string reason;  // why not ok
  std::string isa;
  std::optional<GpuTiming> gpu;
  // The CPU time of an ok point's process per run, and the cores it kept busy (PointResult::
  // cpu): none where not measured.
  std::optional<double> cpuS;
  std::optional<double> coresUsed;
  std::optional<EventCounts> counts;  // PointResult::counts
  std::string note;  // reason when not ok, flags, ISA of SIMD variants, GPU transfer split
  // PointResult::values, a failed point's too (its abserr explains a failed verification)
  std::vector<ReportedValue> values;
};

// Which time a gpu row shows and compares: the kernel alone, or end to end with the copies
// to and from pinned memory (the tutorial's question: does the GPU still win once the data
// has to travel?).
enum class GpuTime { kernel, endToEnd };
std::string_view toString(GpuTime time);
std::optional<GpuTime> parseGpuTime(std::string_view text);  // "kernel", "end-to-end"

struct ReportOptions {
  // The variant speedups are against; empty: each run's defaultBaseline.
  std::string baseline{};
  GpuTime gpuTime = GpuTime::kernel;
  // The variants a run will measure, when they are known before its points come (a run in
  // progress): the console's variant column is made wide enough for them all.
  std::vector<std::string> variants{};
  // Reported values whose columns the tables show before any point reports them: the kernel's
  // declared ones for a run in progress, every run's in a file of several (writeReport). Their
  // descriptions are not read.
  std::vector<KernelInfo::ValueSpec> values{};
};

// The baseline when the user names none, for every front end and printer: "loop" where the
// variants include it (or there are none yet), else the first of them (a Google Benchmark
// import has no loop).
std::string defaultBaseline(const std::vector<std::string>& variants);
// Over the points' variants, in the order they first appear.
std::string defaultBaseline(const std::vector<PointResult>& points);
// The one the run was started with (RunSettings::baseline) where it has a point of it, else
// the points' default.
std::string defaultBaseline(const Run& run);
// `options`, an empty baseline replaced by the run's default.
ReportOptions resolvedFor(const ReportOptions& options, const Run& run);

// What each row's bandwidth is held against.
struct Ceilings {
  double hostBytesPerS = 0;    // the host's STREAM copy
  double deviceBytesPerS = 0;  // the copy kernel on the GPU the gpu rows ran on
  // An MPI launch over several nodes: which of them a point of several ranks used is not
  // recorded, so no one machine's ceiling bounds it (such points get no fraction).
  bool acrossNodes = false;
  // The host's caches: which of them holds a problem that ran above the copy ceiling.
  std::vector<CacheInfo> caches{};
  // The host's cache roofs (SystemInfo::cacheRoofs): a problem that fits a cache is judged
  // against its level's roof, not memory's (cacheRoofFor).
  std::vector<CacheRoof> cacheRoofs{};
};
Ceilings ceilingsOf(const SystemInfo& system);

// The memory roof of the cache-aware roofline a host point of `threads` threads moving `bytes`
// a call is judged against: the smallest level with a measured roof that holds the bytes (a
// level private to a core, L1 or L2, holds its size on each of the point's threads' cores).
// Its bandwidth is the roof measured on one thread for one thread; for more, the every-thread
// roof, scaled to the point's threads on a private level (each core brings its own cache).
// None: the point is judged against memory's copy ceiling.
std::optional<CacheRoof> cacheRoofFor(std::uint64_t bytes, int threads,
                                      const std::vector<CacheRoof>& roofs);
// cacheRoofFor of a measured point: a host point of one rank, on the threads that did its work
// (PointResult::threadsWorked, where counted); none for a gpu point or one of several ranks.
std::optional<CacheRoof> cacheRoofOf(const PointResult& point, const std::vector<CacheRoof>& roofs);
// The run's machine's ceilings, across nodes when its MPI launch spanned several.
Ceilings ceilingsOf(const Run& run);

// The one rule of a group's baseline, for every table and the GUI's: the baseline variant's
// point on one thread and one rank, measured (ok), with a time. The first such row of a group
// sets the speedup of every row of it (setSpeedup).
bool isBaselineRow(const ReportRow& row, std::string_view baseline);
// The row's speedup, baseline time / its time, when it has a time and its group a baseline.
void setSpeedup(ReportRow& row, std::optional<double> baselineS);

// Speedup is relative to the baseline variant's 1-thread ok point of the same group, among
// `points` only: pass one run's complete result set. Rows carry `runId`.
std::vector<ReportRow> buildReportRows(const std::vector<PointResult>& points,
                                       const Ceilings& ceilings, const ReportOptions& options = {},
                                       int runId = 0);
// buildReportRows over the run's points with the run's ceilings.
std::vector<ReportRow> buildRunRows(const Run& run, const ReportOptions& options = {});

// The points of a run reordered so that within each group the baseline variant comes
// first, otherwise in sweep order: a table printed row by row then knows every speedup.
std::vector<PointResult> baselineFirst(std::vector<PointResult> points,
                                       const std::string& baseline);

// Where a column appears. The console and Markdown name the run and problem in headings.
// `whenCounted` keeps a column out of the console and Markdown tables of problems whose
// kernel counts no FLOPs, where it could only ever show "-". `whenDistributed` keeps a column
// out of every table and file of runs without distributed points (isDistributed), so that
// theirs read as before MPI.
enum ColumnPlace : unsigned {
  inConsole = 1,
  inTable = 2,
  inFiles = 4,
  everywhere = 7,
  whenCounted = 8,
  whenDistributed = 16
};
enum class Align { left, right };

// One column of every results table, described once: the console, CSV, Markdown and JSON
// printers and the desktop app's model all read this.
struct ReportColumn {
  std::string id;      // CSV header and JSON key: "median_s"
  std::string header;  // console, Markdown and GUI header: "median"
  std::string unit;    // SI unit of value(): "s", "1/s", "B/s", "" for none
  // How text() formats value(); none for a text column, whose value() (if any) is only its
  // sort key ("problem" sorts by element count, not by its text).
  std::optional<ValueKind> kind;
  Align align;
  unsigned places;           // ColumnPlace bits
  std::size_t consoleWidth;  // 0: as wide as the cell
  // The cell as shown; "-" when there is no value (a reported value's column: empty).
  std::function<std::string(const ReportRow&)> text;
  // The raw number behind the cell, in `unit`: the sort key, and what CSV and JSON write for
  // columns with a kind; none for a cell without a value.
  std::function<std::optional<double>(const ReportRow&)> value;
};
std::span<const ReportColumn> reportColumns();
// The columns with `place` among their places, in order; the `whenDistributed` ones only
// when `distributed`.
std::vector<const ReportColumn*> columnsIn(ColumnPlace place, bool distributed = false);
// The console's (or Markdown's) columns of the table whose first row is `first`: without the
// `whenCounted` ones when that row counts no FLOPs.
std::vector<const ReportColumn*> consoleColumnsFor(const ReportRow& first,
                                                   bool distributed = false);

// The columns of the values points report (ReportedValue), one per name in the order the names
// first appear, with the unit the name first came with: headed "name (unit)", or "name" without
// a unit; in CSV and JSON the name and unit as the other ids spell theirs ("occupancy_pct",
// "traffic_B_per_elem"), with "value_" before one that another column already has. A point
// that did not report the value has an empty cell, never 0. Columns are only ever added, and
// stay where they are: what placedIn returned stays valid while this lives.
class ValueColumns {
 public:
  // Each adds a column for each name not among them yet; true when it added any.
  bool add(const std::vector<KernelInfo::ValueSpec>& values);
  bool add(const std::vector<ReportedValue>& values);
  bool add(const std::vector<PointResult>& points);
  // Their names and units, as ReportOptions::values takes them.
  const std::vector<KernelInfo::ValueSpec>& values() const { return values_; }
  // A table's `columns` with these among them: before the note, which ends a row, or last.
  std::vector<const ReportColumn*> placedIn(std::vector<const ReportColumn*> columns) const;
  // The same names with the same units, in the same order.
  bool operator==(const ValueColumns& other) const;

 private:
  bool add(const std::string& name, const std::string& unit);
  bool taken(const std::string& id) const;

  std::vector<KernelInfo::ValueSpec> values_;
  std::deque<ReportColumn> columns_;  // a deque: adding one moves none of the others
};

// Whether the run was launched under MPI or holds a point of more than one rank: its tables
// show the ranks.
bool isDistributed(const Run& run);

// A reporter prints runs: begin(run) (its points, where it has them already, only shape the
// columns: the variants' width, the reported values), then each point as it is measured, in the
// order given (see baselineFirst), then end(). Several runs may follow. A table shows the value
// columns known when its header is written: a name first reported later joins the next one.
class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void begin(const Run& run) = 0;
  virtual void point(const PointResult& result) = 0;
  virtual void end() = 0;
  // Once after the last run: files are complete.
  virtual void finish() {}
};

// Feeds a whole run to a reporter, baseline first within each group.
void reportRun(Reporter& reporter, const Run& run, const ReportOptions& options);

enum class ReportFormat { console, csv, markdown, json };
// The reporter writes to `out`, which must outlive it.
std::unique_ptr<Reporter> makeReporter(ReportFormat format, std::ostream& out,
                                       const ReportOptions& options = {});
// Writes `runs` complete (Reporter::finish) to `out`: a report file. Every table of it has the
// columns of the values any of the runs reported (options.values among them), so that CSV's
// one header names them all.
void writeReport(ReportFormat format, std::ostream& out, const std::vector<Run>& runs,
                 ReportOptions options);

}  // namespace accellab
