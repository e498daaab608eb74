// Fake kernels and a fake clock: the runner's logic tested without real work or real time.
#pragma once

#include <chrono>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "accellab/kernel.h"
#include "accellab/runner.h"

namespace accellab::test {

// Time moves only when a fake run says so; so does the CPU time of the process.
struct FakeClock {
  double now = 100;
  double cpu = 7;
  Clock clock() {
    return [this] { return now; };
  }
  Clock cpuClock() {
    return [this] { return cpu; };
  }
};

// What the fake kernel does, and a log of what the runner asked of it.
struct FakeScript {
  FakeClock* clock = nullptr;
  double firstRunS = 0.5;         // the warm-up run
  double runS = 0.125;            // every later run
  std::vector<double> runSByRun;  // indexed by run number (0 = warm-up), when set: noisy runs
  std::optional<double> timedS;
  // The cores the process keeps busy while a run lasts (the CPU clock moves this much faster),
  // and the CPU seconds a run reports of its own process (a Python child's), when set.
  double cores = 1;
  std::optional<double> ownCpuS;
  // The first call was made as the run prepared (an asv child's): run() only reports it.
  bool firstMadeEarlier = false;
  std::vector<GpuTiming> gpuByRun;  // indexed by run number (0 = warm-up), when set
  bool verifyOk = true;
  std::map<std::string, std::uint64_t> fingerprints;  // by variant
  bool throwOnPrepare = false;
  bool prepareWaitsForStop = false;  // prepare() returns only by throwing on a stop request
  std::size_t throwAtRun = std::numeric_limits<std::size_t>::max();
  MemoryNeed need;
  bool computeBound = false;  // a workload without memory traffic, as pi's
  // At this run number the run requests a stop through `stopper` and reports itself
  // cancelled, as a chunked kernel does.
  std::size_t stopAtRun = std::numeric_limits<std::size_t>::max();
  std::stop_source* stopper = nullptr;
  std::optional<CodeBuild> build;     // what each prepared run says it compiled
  std::vector<ReportedValue> values;  // what each run reports once verified
  bool throwOnValues = false;

  std::vector<std::string> events;  // "prepare", "poison", "run", "verify", "values"
  std::size_t runs = 0;
  std::size_t prepares = 0;
  std::uint64_t streamingFromBytes = 0;  // what the last prepare was given

  std::size_t count(const std::string& event) const {
    std::size_t n = 0;
    for (const auto& e : events) n += e == event ? 1 : 0;
    return n;
  }
};

class FakeRun : public KernelRun {
 public:
  FakeRun(FakeScript& script, std::string variant)
      : script_(script), variant_(std::move(variant)) {}

  void poisonOutput() override { script_.events.push_back("poison"); }

  RunOutcome run(std::stop_token stop) override {
    const std::size_t index = script_.runs++;
    script_.events.push_back("run");
    if (index == script_.throwAtRun) throw std::runtime_error("device lost");
    if (index == script_.stopAtRun && script_.stopper) script_.stopper->request_stop();
    if (stop.stop_requested()) return {.cancelled = true, .timedS = {}, .gpu = {}};
    const double lasts = index < script_.runSByRun.size() ? script_.runSByRun[index]
                         : index == 0                     ? script_.firstRunS
                                                          : script_.runS;
    script_.clock->now += lasts;
    script_.clock->cpu += lasts * script_.cores;
    RunOutcome outcome;
    outcome.timedS = script_.timedS;
    outcome.cpuS = script_.ownCpuS;
    outcome.madeEarlier = index == 0 && script_.firstMadeEarlier;
    if (index < script_.gpuByRun.size()) outcome.gpu = script_.gpuByRun[index];
    return outcome;
  }

  Verification verify() const override {
    script_.events.push_back("verify");
    Verification verification;
    verification.ok = script_.verifyOk;
    verification.detail = script_.verifyOk ? "max |error| 0" : "max |error| 3.5 at [1][2][3]";
    if (auto it = script_.fingerprints.find(variant_); it != script_.fingerprints.end())
      verification.fingerprint = it->second;
    return verification;
  }

  std::string isa() const override { return variant_ == "fast" ? "FAKE512" : ""; }
  // The fast variant chooses as the streaming loops do: from the prepare's crossover.
  std::string stores() const override {
    if (variant_ != "fast") return {};
    return script_.streamingFromBytes > 0 ? "streaming" : "cached";
  }
  std::optional<CodeBuild> codeBuild() const override { return script_.build; }
  std::vector<ReportedValue> reportedValues() const override {
    script_.events.push_back("values");
    if (script_.throwOnValues) throw std::runtime_error("no occupancy counter");
    return script_.values;
  }

 private:
  FakeScript& script_;
  std::string variant_;
};

// "fake": an array kernel (f64, f32) with variants loop, fast (threads), gpu, off
// (unavailable). With ProblemKind::samples it is a sampling kernel instead; with
// ProblemKind::parameters it is sized by its own "n" and "block" alone (as matmul is).
class FakeKernel : public Kernel {
 public:
  FakeKernel(FakeScript& script, std::string name = "fake",
             ProblemKind problem = ProblemKind::array3d)
      : script_(script) {
    info_.name = std::move(name);
    info_.description = "does nothing, slowly";
    info_.problem = problem;
    if (problem == ProblemKind::array3d) {
      info_.dtypes = {DType::f64, DType::f32};
      info_.defaults.shape = Shape3{2, 3, 4};
    } else if (problem == ProblemKind::samples) {
      info_.defaults.samples = 1000;
    } else {
      info_.dtypes = {DType::f64, DType::f32};
      info_.parameters = {{"n", "matrix order", 64, 1, 4096, {}}, {"block", "tile", 8, 1, 64, {}}};
    }
    info_.variants = {
        {"loop", "scalar", false, false, Availability::yes()},
        {"fast", "threads", true, false, Availability::yes()},
        {"gpu", "device", false, true, Availability::yes()},
        {"off", "missing", false, false, Availability::no("needs a flux capacitor")},
    };
  }

  const KernelInfo& info() const override { return info_; }

  Workload workload(const Params& params) const override {
    const std::uint64_t n = problemSize(params);
    return {n, script_.computeBound ? 0 : n * 2 * sizeOf(params.dtype)};
  }

  MemoryNeed memoryNeed(const Params&, std::string_view variant) const override {
    return variant == "gpu" ? script_.need : MemoryNeed{script_.need.hostBytes, 0};
  }

  std::unique_ptr<KernelRun> prepare(const Params&, std::string_view variant,
                                     const PrepareOptions& options) const override {
    const std::stop_token& stop = options.stop;
    ++script_.prepares;
    script_.streamingFromBytes = options.streamingFromBytes;
    script_.events.push_back("prepare");
    if (script_.throwOnPrepare) throw std::runtime_error("cannot allocate 8 GiB");
    // As a prepare that waits on a child does: polls the stop, throws when it comes.
    if (script_.prepareWaitsForStop) {
      while (!stop.stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      throw std::runtime_error("stopped while preparing");
    }
    return std::make_unique<FakeRun>(script_, std::string(variant));
  }

 private:
  FakeScript& script_;
  KernelInfo info_;
};

}  // namespace accellab::test
