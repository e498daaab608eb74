// The session file: runs, each with its settings, a probe of the machine, the system
// conditions seen at its start and every measured point. Format documented in
// docs/session-format.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "accellab/kernel.h"
#include "accellab/measure_config.h"
#include "accellab/output_file.h"
#include "accellab/result.h"
#include "accellab/sysinfo.h"

namespace accellab {

inline constexpr std::string_view kSessionFormat = "accellab-session";
inline constexpr int kSessionVersion = 2;

// What a session may hold, the same for the writer and the reader (docs/session-format.md,
// "Limits"). A file is at most this large; the writer refuses to write a larger one.
inline constexpr std::uint64_t kMaxSessionBytes = std::uint64_t{256} << 20;
// Kernel and variant names are plain names: they become parts of file names.
inline constexpr std::size_t kMaxNameLength = 64;
// Every other string (run names, host names, reasons, notes) is free text of at most this
// many bytes of UTF-8.
inline constexpr std::size_t kMaxTextBytes = 4096;
// Samples one run may store, over all its points: the runner caps each point's repetitions
// at kMaxRunSamples / points (runner.h). At up to 25 bytes a sample that is 50 MB.
inline constexpr std::uint64_t kMaxRunSamples = 2'000'000;
// A sweep whose points would get fewer samples each than this is refused before it starts.
inline constexpr std::uint64_t kMinPointSamples = 20;
inline constexpr std::size_t kMaxRunPoints = kMaxRunSamples / kMinPointSamples;
// Ranks of an MPI launch (MpiInfo::worldSize) and so of a point (Point::ranks).
inline constexpr int kMaxRanks = 1 << 20;
// A time a session holds (a sample, a statistic, a first call, a GPU or CPU time), in
// seconds: 31 years at most. More is no measurement (a file edited or broken), and would make
// every ratio drawn from it infinite.
inline constexpr double kMaxTimeS = 1e9;
// What the readers say of a time beyond it, after the value and its unit.
inline constexpr std::string_view kNoMeasuredTime =
    " is no measured time (at most 1e9 s, 31 years)";
// params.samples of a point, as the kernels accept it.
inline constexpr std::uint64_t kMaxSampleCount = std::uint64_t{1} << 63;

// What the user asked for when starting a run.
struct RunSettings {
  MeasureConfig measure;
  std::string baseline{kDefaultBaseline};  // the variant speedups were first shown against
  std::string origin;  // "accellab-cli run …", "desktop app", "Google Benchmark"
  friend bool operator==(const RunSettings&, const RunSettings&) = default;
};

// A system-conditions check that found something to warn about (never a refusal).
struct SystemCondition {
  std::string
      check;  // "build-type", "governor", "turbo", "load", "busy-process", "virtual-machine"
  std::string message;  // "CPU frequency governor is 'powersave', not 'performance'"
  friend bool operator==(const SystemCondition&, const SystemCondition&) = default;
};

// The MPI launch a run with distributed points ran in.
struct MpiInfo {
  std::string library;  // MPI_Get_library_version's first line: "Open MPI v4.1.4, ..."
  int worldSize = 0;    // ranks launched; a point's ranks may be fewer
  Scaling scaling = Scaling::strong;
  std::vector<SystemInfo> nodes;  // one per host name, in rank order of their first rank
  friend bool operator==(const MpiInfo&, const MpiInfo&) = default;
};

// One sweep as it was started: every derived number (speedup, scaling, efficiency) is
// computed within one run, never across runs unless a comparison says so.
struct Run {
  int id = 1;           // unique within its session, from 1
  std::string name;     // editable; defaultRunName() when started
  std::string created;  // ISO-8601 UTC, "2026-11-30T04:33:24Z"
  RunSettings settings;
  SystemInfo system;
  std::vector<SystemCondition> conditions;
  std::vector<PointResult> points;  // in sweep order, as measured
  std::optional<MpiInfo> mpi;       // runs of distributed points only
  // The plugin of the run's kernel (KernelInfo::plugin); none for built-in kernels and imports.
  std::optional<PluginIdentity> plugin{};
  // By variant name, the user's file of each variant that joined the kernel from one
  // (VariantInfo::source): a Python function or a CUDA source joining add.
  std::map<std::string, PluginIdentity> variantSources{};
  // KernelInfo::unrelatedVariants of its kernel: its points have no speedup over one another.
  bool unrelatedVariants = false;
  friend bool operator==(const Run&, const Run&) = default;
};

// Records in `run` the code that measuring `kernel` over `points` runs: the kernel's plugin and
// the file of each of those variants that came from one; and whether its variants are
// unrelated benchmarks (no speedups).
void recordCode(Run& run, const KernelInfo& kernel, const std::vector<Point>& points);

struct Session {
  std::string created;  // ISO-8601 UTC, "2026-11-30T04:33:24Z"
  std::vector<Run> runs;
  friend bool operator==(const Session&, const Session&) = default;
};

std::string nowIso8601();

// Letters, digits, '_', '-', '.' and '+', 1 to kMaxNameLength characters, not starting with
// '.': "add", "loop-strided", "BM_Sum.real_time". Never a path, never a control character.
bool isPlainName(std::string_view name);
// `text` (a name another tool gave: a Google Benchmark run, an asv benchmark) made plain:
// '/' becomes '.', every run of other characters one '_'; a name too long keeps its start and
// a hash of the whole, so two long names stay two.
std::string plainNameFor(std::string_view text);
// `text` cut to kMaxTextBytes at a UTF-8 character boundary, ending in "…" when cut.
std::string clippedText(std::string text);

// "add 3 sizes × 5 variants", "pi 2 sample counts × 2 variants × 2 thread counts",
// "pi 1 sample count × 2 variants × 3 rank counts".
std::string summarizePoints(const std::vector<Point>& points);
// "2026-11-30 16:05 add 3 sizes × 5 variants": the time (UTC) and summarizePoints().
std::string defaultRunName(const std::string& created, const std::vector<Point>& points);
// One more than the highest id in the session (1 for an empty one).
int nextRunId(const Session& session);
const Run* findRun(const Session& session, int id);
Run* findRun(Session& session, int id);

class SessionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Arrays of numbers and strings (samples, shapes, flags) are written on one line each, the
// rest indented. Throws SessionError when the session breaks a limit above (a name that is
// not plain, a text too long, more than kMaxSessionBytes in all): the reader would refuse it.
std::string sessionToJson(const Session& session);
// The "system" object of a session, alone (accellab-cli sysinfo --json).
std::string systemInfoToJson(const SystemInfo& system);
// That object read back, as strictly as a session's: throws SessionError.
SystemInfo systemInfoFromJson(std::string_view json);
// Throws SessionError with a message a user can act on: "not an AccelLab session",
// "session version 7 is newer than this AccelLab reads (2)",
// "runs[0].points[3].stats: missing median_s". Version-1 files become one run.
Session sessionFromJson(std::string_view json);

// Serialised first, then written atomically (output_file.h): a crash or a full disk never
// leaves a half-written session. Throws OutputError, naming the file, also when
// sessionToJson refuses the session. `links`: whose name the file bears (output_file.h).
void writeSessionFile(const Session& session, const std::filesystem::path& path,
                      Symlinks links = Symlinks::follow);
Session readSessionFile(const std::filesystem::path& path);

}  // namespace accellab
