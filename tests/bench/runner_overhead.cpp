// The runner's own cost per repetition: an empty kernel measured a million times; then what
// the plugin ABI adds: the same empty kernel as a plugin, measured beside the built-in one in
// interleaved rounds; then what reading the process's CPU clock around each sample adds (a
// runner whose CPU clock is a constant beside one that reads CLOCK_PROCESS_CPUTIME_ID), as a
// share of a 10 us sample, and what reading the perf counters adds beside it. Not a test (timings
// depend on the machine); run it by hand: accellab-bench-overhead [reps].
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "accellab/format.h"
#include "accellab/plugin_loader.h"
#include "accellab/runner.h"

namespace {

class EmptyRun : public accellab::KernelRun {
 public:
  void poisonOutput() override {}
  accellab::RunOutcome run(std::stop_token) override { return {}; }
  accellab::Verification verify() const override { return {true, "nothing to check", {}}; }
};

class EmptyKernel : public accellab::Kernel {
 public:
  EmptyKernel() {
    info_.name = "empty";
    info_.problem = accellab::ProblemKind::samples;
    info_.defaults.samples = 1;
    info_.variants = {{"loop", "does nothing", false, false, accellab::Availability::yes()}};
  }
  const accellab::KernelInfo& info() const override { return info_; }
  accellab::Workload workload(const accellab::Params&) const override { return {1, 0}; }
  accellab::MemoryNeed memoryNeed(const accellab::Params&, std::string_view) const override {
    return {};
  }
  std::unique_ptr<accellab::KernelRun> prepare(const accellab::Params&, std::string_view,
                                               const accellab::PrepareOptions&) const override {
    return std::make_unique<EmptyRun>();
  }

 private:
  accellab::KernelInfo info_;
};

struct Measured {
  accellab::PointResult result;
  double wallS = 0;
};

// One runPoint of `kernel`'s loop, every run timed alone or in calibrated batches.
Measured runEmpty(accellab::Runner& runner, const std::string& kernel, std::size_t reps,
                  double minSampleS) {
  accellab::MeasureConfig config;
  config.minReps = reps;
  config.maxReps = reps;
  config.minTimeS = 0;
  config.maxTimeS = 60;
  config.minSampleS = minSampleS;
  accellab::Point point{kernel, "loop", {}, 1};
  if (kernel == "empty")
    point.params.samples = 1;
  else
    point.params.kernelParams["n"] = 1;
  const auto start = std::chrono::steady_clock::now();
  accellab::PointResult result = runner.runPoint(point, config);
  return {std::move(result),
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

// Wall time of one runPoint divided by the runs it made (warm-up included).
void measure(accellab::Runner& runner, std::size_t reps, double minSampleS, const char* label) {
  const auto [result, wallS] = runEmpty(runner, "empty", reps, minSampleS);
  const double runs = static_cast<double>(result.samplesS.size() * result.runsPerSample + 1);
  std::cout << label << ": " << result.samplesS.size() << " samples x " << result.runsPerSample
            << " runs, "
            << accellab::formatValue(wallS / static_cast<double>(result.samplesS.size()),
                                     accellab::ValueKind::duration)
            << " per repetition ("
            << accellab::formatValue(wallS / runs, accellab::ValueKind::duration)
            << " per run), median sample "
            << accellab::formatValue(result.stats.medianS, accellab::ValueKind::duration)
            << ", status " << accellab::toString(result.status) << "\n";
}

constexpr int kRounds = 15;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::string shown(double s) { return accellab::formatValue(s, accellab::ValueKind::duration); }

struct Measuring {
  accellab::Runner& runner;
  std::string kernel;
};

// Wall time per repetition of two ways of measuring, in kRounds interleaved rounds of `reps`
// (this host is noisy): each one's median over the rounds, and the median, least and most of
// the rounds' differences (second minus first).
struct Interleaved {
  double firstS = 0;
  double secondS = 0;
  double addedS = 0;
  double minAddedS = 0;
  double maxAddedS = 0;
};

Interleaved interleaved(const Measuring& first, const Measuring& second, std::size_t reps) {
  std::vector<double> a, b, added;
  const auto perRepetition = [](const Measured& m) {
    return m.wallS / static_cast<double>(m.result.samplesS.size());
  };
  for (int round = 0; round < kRounds; ++round) {
    a.push_back(perRepetition(runEmpty(first.runner, first.kernel, reps, 0)));
    b.push_back(perRepetition(runEmpty(second.runner, second.kernel, reps, 0)));
    added.push_back(b.back() - a.back());
  }
  return {median(a), median(b), median(added), *std::min_element(added.begin(), added.end()),
          *std::max_element(added.begin(), added.end())};
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t reps = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  accellab::Registry registry;
  registry.add(std::make_unique<EmptyKernel>());
  // The empty kernel needs no memory: a probe that says so keeps /proc out of the loop.
  accellab::Runner runner(registry, [] { return accellab::MemoryAvailable{}; });
  measure(runner, reps, 0, "every run timed alone");
  measure(runner, reps / 100, accellab::MeasureConfig{}.minSampleS, "calibrated batches   ");

  // The ABI's cost: wall time per repetition of the plugin's empty kernel minus the built-in
  // one's, each every run timed alone, in interleaved rounds (this host is noisy).
  for (auto& kernel : accellab::loadPlugin(ACCELLAB_BENCH_EMPTY_PLUGIN).kernels)
    registry.add(std::move(kernel));
  const std::size_t roundReps = std::max<std::size_t>(reps / 10, 1000);
  const Interleaved abi = interleaved({runner, "empty"}, {runner, "empty-plugin"}, roundReps);
  std::cout << "plugin ABI, " << kRounds << " interleaved rounds of " << roundReps
            << " repetitions: built-in " << shown(abi.firstS) << ", plugin " << shown(abi.secondS)
            << " per repetition; the plugin adds " << shown(abi.addedS)
            << " (median of the rounds; min " << shown(abi.minAddedS) << ", max "
            << shown(abi.maxAddedS) << ")\n";

  // The CPU-time reads: outside the timed region (a sample's time never holds them), but each
  // repetition pays them in wall time.
  accellab::Runner unread(
      registry, [] { return accellab::MemoryAvailable{}; }, accellab::steadySeconds, nullptr,
      [] { return 0.0; });
  const Interleaved reads = interleaved({unread, "empty"}, {runner, "empty"}, roundReps);
  std::cout << "CPU-time reads, " << kRounds << " interleaved rounds of " << roundReps
            << " repetitions: " << shown(reads.firstS) << " per repetition without, "
            << shown(reads.secondS) << " with; they add " << shown(reads.addedS) << " a sample, "
            << accellab::formatValue(reads.addedS / 10e-6, accellab::ValueKind::percentage)
            << " of a 10 us sample, outside its timed region\n";

  // The perf counters' reads (every event this machine lets AccelLab open, on each thread),
  // beside the CPU clock's, likewise outside the timed region.
  const accellab::CounterOpening opening = accellab::openPerfCounters();
  std::cout << "perf counters: " << opening.description << "\n";
  if (opening.source) {
    accellab::Runner counting(
        registry, [] { return accellab::MemoryAvailable{}; }, accellab::steadySeconds, nullptr,
        accellab::processCpuSeconds, opening.source);
    const Interleaved counted = interleaved({runner, "empty"}, {counting, "empty"}, roundReps);
    std::cout << "counter reads (" << opening.source->events().size() << " events), " << kRounds
              << " interleaved rounds of " << roundReps << " repetitions: " << shown(counted.firstS)
              << " per repetition without, " << shown(counted.secondS) << " with; they add "
              << shown(counted.addedS) << " a sample (min " << shown(counted.minAddedS) << ", max "
              << shown(counted.maxAddedS) << "), "
              << accellab::formatValue(counted.addedS / 10e-6, accellab::ValueKind::percentage)
              << " of a 10 us sample, outside its timed region\n";
  }
  return 0;
}
