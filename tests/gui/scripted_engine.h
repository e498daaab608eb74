// An engine whose one kernel, "add", does no work but reports the times a script gives it:
// the window's scenarios replayed with exact, known numbers. Each run sleeps a little real
// time, so the runner times one run per sample as it does real kernels of that length.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "accellab/engine.h"

namespace accellab::test {

struct ScriptedTimes {
  // Seconds per element of each variant at one thread; threaded variants divide by threads.
  std::map<std::string, double> perElementS = {
      {"loop", 1e-9}, {"vectorized", 0.25e-9}, {"parallel", 0.5e-9}};
  // The first this many measurements of a variant are noisy: their samples spread by about
  // a third of their median (MAD), far above the 5 % limit.
  std::map<std::string, int> noisyMeasurements;
  // The measurement (0-based, counted over all points) that waits until it is cancelled, as
  // a long point does.
  std::optional<int> blockAtMeasurement;
};

class ScriptedKernel : public Kernel {
 public:
  explicit ScriptedKernel(ScriptedTimes times) : times_(std::move(times)) {
    info_.name = "add";
    info_.description = "reports scripted times";
    info_.problem = ProblemKind::array3d;
    info_.dtypes = {DType::f64};
    info_.defaults.shape = Shape3{16, 256, 256};
    info_.variants = {{"loop", "scalar", false, false, Availability::yes()},
                      {"vectorized", "simd", false, false, Availability::yes()},
                      {"parallel", "threads", true, false, Availability::yes()}};
  }

  const KernelInfo& info() const override { return info_; }
  Workload workload(const Params& params) const override {
    const std::uint64_t n = problemSize(params);
    return {n, n * 24};
  }
  MemoryNeed memoryNeed(const Params& params, std::string_view) const override {
    return {problemSize(params) * 24, 0};
  }

  std::unique_ptr<KernelRun> prepare(const Params& params, std::string_view variant,
                                     const PrepareOptions& options) const override {
    const int threads = options.threads;
    const std::lock_guard lock(mutex_);
    const int measurement = measurements_++;
    int& noisyLeft = times_.noisyMeasurements[std::string(variant)];
    const bool noisy = noisyLeft > 0;
    if (noisy) --noisyLeft;
    const double medianS = times_.perElementS.at(std::string(variant)) *
                           static_cast<double>(problemSize(params)) / threads;
    return std::make_unique<Run>(medianS, noisy, times_.blockAtMeasurement == measurement);
  }

 private:
  class Run : public KernelRun {
   public:
    Run(double medianS, bool noisy, bool blocks)
        : medianS_(medianS), noisy_(noisy), blocks_(blocks) {}
    void poisonOutput() override {}
    RunOutcome run(std::stop_token stop) override {
      using namespace std::chrono_literals;
      if (blocks_) {
        while (!stop.stop_requested()) std::this_thread::sleep_for(1ms);
        return {.cancelled = true, .timedS = {}, .gpu = {}};
      }
      std::this_thread::sleep_for(100us);  // past the runner's 20 µs: one run per sample
      // Noisy runs cycle through two thirds, one and four thirds of the median.
      const double factor = noisy_ ? (2 + static_cast<double>(runs_++ % 3)) / 3 : 1;
      return {.cancelled = false, .timedS = medianS_ * factor, .gpu = {}};
    }
    Verification verify() const override { return {true, "scripted", std::nullopt}; }

   private:
    double medianS_;
    bool noisy_;
    bool blocks_;
    std::size_t runs_ = 0;
  };

  KernelInfo info_;
  mutable std::mutex mutex_;
  mutable ScriptedTimes times_;
  mutable int measurements_ = 0;
};

// The factory the window takes: one scripted kernel on a two-core machine with no GPU.
inline EngineFactory scriptedEngine(const ScriptedTimes& times) {
  auto registry = std::make_shared<Registry>();
  registry->add(std::make_unique<ScriptedKernel>(times));
  return [registry = std::shared_ptr<const Registry>(registry)](const EngineOptions&) {
    return Engine(
        registry,
        [] {
          return MemoryAvailable{std::uint64_t{64} << 30, 0};
        },
        [](const ProbeOptions&) {
          SystemInfo system;
          system.cpuModel = "Scripted CPU";
          system.logicalCores = 2;
          system.gpuReason = "no GPU in the script";
          return system;
        });
  };
}

}  // namespace accellab::test
