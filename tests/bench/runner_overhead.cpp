// The runner's own cost per repetition: an empty kernel measured a million times.
// Not a test (timings depend on the machine); run it by hand: accellab-bench-overhead [reps].
#include <chrono>
#include <cstdlib>
#include <iostream>

#include "accellab/format.h"
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
  std::unique_ptr<accellab::KernelRun> prepare(const accellab::Params&, std::string_view, int,
                                               std::stop_token) const override {
    return std::make_unique<EmptyRun>();
  }

 private:
  accellab::KernelInfo info_;
};

// Wall time of one runPoint divided by the runs it made (warm-up included).
void measure(accellab::Runner& runner, std::size_t reps, double minSampleS, const char* label) {
  accellab::MeasureConfig config;
  config.minReps = reps;
  config.maxReps = reps;
  config.minTimeS = 0;
  config.maxTimeS = 60;
  config.minSampleS = minSampleS;
  accellab::Point point{"empty", "loop", {}, 1};
  point.params.samples = 1;
  const auto start = std::chrono::steady_clock::now();
  const auto result = runner.runPoint(point, config);
  const double wallS =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
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
  return 0;
}
