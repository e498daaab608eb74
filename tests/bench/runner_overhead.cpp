// The runner's own cost per repetition: an empty kernel measured a million times; then what
// the plugin ABI adds: the same empty kernel as a plugin, measured beside the built-in one in
// interleaved rounds; then what reading the process's CPU clock around each sample adds (a
// runner whose CPU clock is a constant beside one that reads CLOCK_PROCESS_CPUTIME_ID), as a
// share of a 10 us sample. Not a test (timings depend on the machine); run it by hand:
// accellab-bench-overhead [reps].
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
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
  // one's, each every run timed alone, in interleaved rounds (this host is noisy); the median
  // of the rounds' differences.
  for (auto& kernel : accellab::loadPlugin(ACCELLAB_BENCH_EMPTY_PLUGIN).kernels)
    registry.add(std::move(kernel));
  constexpr int kRounds = 15;
  const std::size_t roundReps = std::max<std::size_t>(reps / 10, 1000);
  std::vector<double> builtIn, plugin, added;
  for (int round = 0; round < kRounds; ++round) {
    const Measured a = runEmpty(runner, "empty", roundReps, 0);
    const Measured b = runEmpty(runner, "empty-plugin", roundReps, 0);
    builtIn.push_back(a.wallS / static_cast<double>(a.result.samplesS.size()));
    plugin.push_back(b.wallS / static_cast<double>(b.result.samplesS.size()));
    added.push_back(plugin.back() - builtIn.back());
  }
  const auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  const auto shown = [](double s) {
    return accellab::formatValue(s, accellab::ValueKind::duration);
  };
  // The CPU-time reads: outside the timed region (a sample's time never holds them), but each
  // repetition pays them in wall time.
  accellab::Runner unread(
      registry, [] { return accellab::MemoryAvailable{}; }, accellab::steadySeconds, nullptr,
      [] { return 0.0; });
  std::vector<double> withReads, withoutReads, readCost;
  for (int round = 0; round < kRounds; ++round) {
    const Measured a = runEmpty(unread, "empty", roundReps, 0);
    const Measured b = runEmpty(runner, "empty", roundReps, 0);
    withoutReads.push_back(a.wallS / static_cast<double>(a.result.samplesS.size()));
    withReads.push_back(b.wallS / static_cast<double>(b.result.samplesS.size()));
    readCost.push_back(withReads.back() - withoutReads.back());
  }
  std::cout << "CPU-time reads, " << kRounds << " interleaved rounds of " << roundReps
            << " repetitions: " << shown(median(withoutReads)) << " per repetition without, "
            << shown(median(withReads)) << " with; they add " << shown(median(readCost))
            << " a sample, "
            << accellab::formatValue(median(readCost) / 10e-6, accellab::ValueKind::percentage)
            << " of a 10 us sample, outside its timed region\n";
  std::cout << "plugin ABI, " << kRounds << " interleaved rounds of " << roundReps
            << " repetitions: built-in " << shown(median(builtIn)) << ", plugin "
            << shown(median(plugin)) << " per repetition; the plugin adds " << shown(median(added))
            << " (median of the rounds; min "
            << shown(*std::min_element(added.begin(), added.end())) << ", max "
            << shown(*std::max_element(added.begin(), added.end())) << ")\n";
  return 0;
}
