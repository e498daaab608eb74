// The interface every kernel implements. Core runs kernels only through it, so core is
// tested with fake kernels and never sees OpenMP, Highway or CUDA.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "accellab/types.h"

namespace accellab {

struct Availability {
  bool available = true;
  std::string reason;  // why not, when not: "no CUDA device", "built without CUDA"
  static Availability yes() { return {}; }
  static Availability no(std::string why) { return {false, std::move(why)}; }
};

// The plugin a kernel came from (plugin_loader.h), as sessions record it, so that a result
// names the build of the code it measured.
struct PluginIdentity {
  std::string name;     // the plugin's own name: "saxpy-example"; a Python file's module name
  std::string version;  // as the plugin declares it: "1.0.0"; for a Python file, the
                        // interpreter and its packages: "Python 3.11.2 (/usr/bin/python3), …"
  std::string file;     // the file loaded
  std::string sha256;   // the file's SHA-256 when it was loaded, 64 lower-case hex digits
  // What the file is: "plugin" (a shared library, plugin.h), "python" (an asv-style
  // benchmark file, docs/python.md) or "cuda" (a CUDA source, docs/cuda-source.md).
  std::string kind = "plugin";
  friend bool operator==(const PluginIdentity&, const PluginIdentity&) = default;
};

// "plugin saxpy-example 1.0.0 (/home/me/libsaxpy.so, SHA-256 3f2a…)", the digest in full, or
// "(…, no SHA-256: built without OpenSSL)"; "python file bench (/home/me/bench.py, SHA-256
// …) run by Python 3.11.2 (/usr/bin/python3), NumPy 1.24.2"; "CUDA source my_add
// (/home/me/my_add.cu, SHA-256 …)".
std::string describe(const PluginIdentity& plugin);
// What the file is, in words: "plugin", "python file", "CUDA source".
std::string kindWords(const PluginIdentity& plugin);

struct VariantInfo {
  std::string name;  // "loop", "loop-strided", "vectorized", "parallel", "gpu"
  std::string description;
  bool usesThreads = false;  // the thread-count axis applies to this variant only
  bool onDevice = false;     // runs on the GPU; reports a GpuTiming
  Availability availability;
  // Left out of a default experiment (SweepSpec without variants, the panel's first ticks):
  // on the default problem one run takes minutes, or it starts another program.
  bool optIn = false;
  // Runs across the MPI ranks of its launch, one share each: the ranks axis applies.
  bool distributed = false;
  // The user's file its code came from when it joins a kernel that is not the file's own (a
  // Python function or a CUDA source joining a built-in kernel); none otherwise.
  std::optional<PluginIdentity> source{};
};

// One of a kernel's own parameters (matmul's "n"): an integer within [min, max].
struct ParamSpec {
  std::string name;  // "n": a plain lower-case word, as it appears in "n=2048"
  std::string description;
  std::uint64_t defaultValue = 1;
  std::uint64_t min = 1;
  std::uint64_t max = 1;
  // Small awkward values (odd, no block or vector width divides them) that `verify` and the
  // tests of every kernel run; empty: the default alone.
  std::vector<std::uint64_t> verifyValues;
  // The only values it takes, in order (an asv file's parameter axis): a default sweep takes
  // them all and any other is refused. Empty: any value in [min, max], the default alone.
  std::vector<std::uint64_t> values{};
  // What each of `values` stands for when the values are indices (an asv axis of strings or
  // objects: "'float32'"); empty when the values are the parameter itself.
  std::vector<std::string> labels{};
};

struct KernelInfo {
  std::string name;  // "add", "pi"
  std::string description;
  ProblemKind problem = ProblemKind::array3d;
  // The kernel's own parameters, each swept like a size (SweepSpec::parameters); a missing one
  // takes its default. Required to be non-empty for ProblemKind::parameters.
  std::vector<ParamSpec> parameters;
  std::vector<DType> dtypes;  // empty: the element type is not a parameter of this kernel
  Params defaults;            // the default shape or sample count
  // What a default experiment of a sampling kernel sweeps (pi: the tutorial's 1e4, 3e7 and
  // 1e9); empty: defaults.samples alone. The CLI's and the GUI's defaults both read it.
  std::vector<std::uint64_t> defaultSampleSweep;
  std::vector<VariantInfo> variants;

  // How the kernel counts its work, for arithmetic intensity (FLOPs per byte): "1 add per
  // element; 16 bytes read + written per element (f64)".
  std::string intensityNote;
  std::optional<PluginIdentity> plugin{};  // none for the built-in kernels
  // The CUDA kernel a user's source must define to join this kernel as a variant
  // (--cuda-source, docs/cuda-source.md), ENTRY standing for its name; empty: it takes none.
  std::string sourceSignature{};
  // The Python function that joins this kernel as a variant (accellab.Builtin, docs/python.md);
  // empty: it takes none.
  std::string pythonSignature{};
  // The values its runs report (KernelRun::reportedValues): name, unit and description each,
  // the value itself 0; `list` and the docs of a plugin show them.
  struct ValueSpec {
    std::string name;
    std::string unit;
    std::string description;
  };
  std::vector<ValueSpec> reportedValues{};
  // Its variants are unrelated benchmarks, not ways of doing one piece of work (an asv file's
  // benchmarks grouped by their axes alone): no speedup between them.
  bool unrelatedVariants = false;

  const VariantInfo* variant(std::string_view name) const;
  const ParamSpec* parameter(std::string_view name) const;
};

// Work done by one run: elements (or samples) processed, bytes the kernel must read plus
// write (write-allocate traffic not counted, as in STREAM), and floating-point operations
// (an FMA counts 2) as KernelInfo::intensityNote documents. flops / bytes is the arithmetic
// intensity the roofline places the point at.
struct Workload {
  std::uint64_t elements = 0;
  std::uint64_t bytes = 0;
  std::uint64_t flops = 0;
};

struct MemoryNeed {
  std::uint64_t hostBytes = 0;
  std::uint64_t deviceBytes = 0;
};

// Times of one GPU run, from device events, in seconds. The kernel is timed by events
// recorded around its launch, with the launch already queued, so launch latency is not in it.
struct GpuTiming {
  double kernelS = 0;
  double h2dS = 0;          // from pinned host memory
  double d2hS = 0;          // to pinned host memory
  double endToEndS = 0;     // pinned h2d + kernel + d2h, as one stream of work
  double h2dPageableS = 0;  // the same copies from and to pageable memory (plain new[]),
  double d2hPageableS = 0;  // as the tutorial's to_device does; 0 when nothing is copied
  friend bool operator==(const GpuTiming&, const GpuTiming&) = default;
};

struct RunOutcome {
  bool cancelled = false;
  // Set when the run timed itself (GPU: device events around the kernel). The runner's
  // clock is used otherwise.
  std::optional<double> timedS;
  std::optional<GpuTiming> gpu;
  // The threads that did a share of the work, counted by the variants given a thread count
  // (parallel): fewer than asked when the problem was too small to split.
  std::optional<int> threadsWorked{};
  // The CPU seconds, over all its threads, of the process that ran the code, when that is not
  // this one (a Python child times its own call with process_time, beside timedS); the runner
  // reads this process's CPU clock otherwise.
  std::optional<double> cpuS{};
  // The call this reports was made before run() was called (an asv benchmark's first call, made
  // and timed by its child as it prepared): what the runner counted around run() is not its.
  bool madeEarlier = false;
};

struct Verification {
  bool ok = false;
  std::string detail;  // "max |error| 0", "785402 hits, pi 3.14161 (0.4 sigma)"
  // A value every variant must reproduce exactly for the same params (pi: the hit count).
  // The runner compares it across the points of one sweep.
  std::optional<std::uint64_t> fingerprint;
  // False when the variant has nothing to be compared with (an asv benchmark returns no
  // output): the point is not verified, and not failed either; `detail` says why.
  bool checked = true;
};

// The code a run compiled and loaded for itself when it was prepared (a CUDA source compiled by
// NVRTC, docs/cuda-source.md). A program pays for both before its first call, so the runner adds
// them to the point's first-call cost, never to its samples, and keeps them apart in the point.
struct CodeBuild {
  // What was built, for whom and where it came from: "NVRTC 13.0, sm_90 cubin of add_twice.cu
  // (SHA-256 3f2a…)", "… from the kernel cache".
  std::string how;
  double compileS = 0;  // compiling (or reading the compiled code back from the cache)
  double loadS = 0;     // loading it on the device
  friend bool operator==(const CodeBuild&, const CodeBuild&) = default;
};

// A number a kernel reports about a point besides its times (a plugin's accellab_value, as
// nvbench's summaries): "occupancy" 84.2 in "%". Shown as a column of its own, named with its
// unit, in every printer; a point that reported none leaves its cells empty.
struct ReportedValue {
  std::string name;  // a plain name: "occupancy", "iterations"
  std::string unit;  // "%", "B/elem"; empty for a plain count
  double value = 0;
  friend bool operator==(const ReportedValue&, const ReportedValue&) = default;
};

// The repetitions a run asks for itself, in place of the run's settings (an asv benchmark's
// `repeat`): at least minReps samples and until minTimeS of them, at most maxReps. The run's
// MeasureConfig::maxTimeS still bounds the point unless minTimeS is longer.
struct OwnRepetitions {
  std::size_t minReps = 1;
  std::size_t maxReps = 1;
  double minTimeS = 0;
  std::string origin;  // what asked, as the point's note says it: "repeat = (1, 10, 20.0)"
};

// One prepared point: owns its inputs, outputs and device buffers (RAII). Inputs are
// random and never zero; they are filled in Kernel::prepare.
class KernelRun {
 public:
  virtual ~KernelRun() = default;
  // Fill the output with a value no correct run produces (NaN, all-ones); untimed.
  virtual void poisonOutput() = 0;
  // Long runs work in chunks and return {cancelled = true} within 0.5 s of a stop request.
  virtual RunOutcome run(std::stop_token stop) = 0;
  // Compare the output of the last run with the reference.
  virtual Verification verify() const = 0;
  // The SIMD target the run used ("AVX3", "AVX2", "scalar"); empty when not applicable.
  virtual std::string isa() const { return {}; }
  // How the run writes its output, for loops that choose: "streaming" (non-temporal stores,
  // past the caches) or "cached"; empty when the variant does not choose.
  virtual std::string stores() const { return {}; }
  // Repetitions the code measured asks for; none: the run's settings decide.
  virtual std::optional<OwnRepetitions> repetitions() const { return std::nullopt; }
  // The code prepare built for this run; none for code compiled into AccelLab or a plugin.
  virtual std::optional<CodeBuild> codeBuild() const { return std::nullopt; }
  // Values the run reports once its samples are taken and it is verified, untimed; the
  // kernel's declared values (KernelInfo::reportedValues) in their order, a value it did not
  // have this time left out.
  virtual std::vector<ReportedValue> reportedValues() const { return {}; }
};

// What a point is prepared with besides its problem and variant.
struct PrepareOptions {
  int threads = 1;  // the point's thread count
  // The streaming loops write with streaming stores when they touch at least this many
  // bytes (MeasureConfig::streamingFromBytes: the machine's measured crossover); 0: when they
  // touch more than the last-level cache sysconf reports.
  std::uint64_t streamingFromBytes = 0;
  // Their parallel variants split work between threads from this many bytes touched
  // (MeasureConfig::splitFromBytes); 0: pieces of at least 128 KiB of traffic.
  std::uint64_t splitFromBytes = 0;
  // A prepare that waits on something else (a Python child importing Numba) polls it.
  std::stop_token stop{};
};

// Thrown by Kernel::prepare when the variant does not apply to this point here (a plugin's
// "not applicable: reason"): the runner records the point as skipped, with the reason, not as
// failed.
class PointSkipped : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Kernel {
 public:
  virtual ~Kernel() = default;
  virtual const KernelInfo& info() const = 0;
  // Callers validate params first (validateParams), so sizes here do not overflow.
  virtual Workload workload(const Params& params) const = 0;
  virtual MemoryNeed memoryNeed(const Params& params, std::string_view variant) const = 0;
  // Allocates and initialises everything a run needs. Throws std::runtime_error (with the
  // reason) when it cannot; the runner turns that into a failed point. A prepare that waits
  // on something else (a Python child importing Numba) polls options.stop and throws within
  // 0.5 s of a request; the runner then records the point as cancelled.
  virtual std::unique_ptr<KernelRun> prepare(const Params& params, std::string_view variant,
                                             const PrepareOptions& options) const = 0;
};

// Empty when params suit the kernel; otherwise the reason ("shape 0x5x5 has a zero
// extent", "shape product overflows 64 bits", "samples must be positive").
std::optional<std::string> validateParams(const KernelInfo& kernel, const Params& params);
// Empty when `kernel` declares parameter `name` and `value` lies in its range; otherwise the
// reason ("mm has no parameter 'x'", "mm n=5000 is outside [1, 4096]").
std::optional<std::string> validateParam(const KernelInfo& kernel, std::string_view name,
                                         std::uint64_t value);

// The kernel's own parameter `name` in `params`, or its default when params leave it out.
// Throws std::logic_error when the kernel declares no such parameter.
std::uint64_t paramOf(const KernelInfo& kernel, const Params& params, std::string_view name);

}  // namespace accellab
