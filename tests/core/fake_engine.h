// An engine of fake kernels on a fake machine with one GPU: what the front ends must run
// exactly as they run the built-in engine (the same factory type, the same runner).
#pragma once

#include <memory>

#include "accellab/engine.h"
#include "fake_kernel.h"

namespace accellab::test {

class FakeDeviceMachine {
 public:
  static constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

  FakeDeviceMachine() {
    script_.clock = &clock_;
    script_.timedS = 0.001;
    // The gpu variant needs device memory: a front end whose memory probe saw no GPU would
    // skip its points ("no GPU present").
    script_.need = {1 << 20, 1 << 20};
  }

  // The factory a front end takes in place of kernels::makeBuiltinEngine.
  EngineFactory factory() {
    return [this](const EngineOptions& options) {
      auto registry = std::make_shared<Registry>();
      registry->add(std::make_unique<FakeKernel>(script_));
      return Engine(
          std::move(registry),
          [] {
            return MemoryAvailable{16 * kGiB, 8 * kGiB};
          },
          [options](const ProbeOptions&) {
            SystemInfo system;
            system.cpuModel = "Fake CPU";
            system.logicalCores = 2;
            system.cudaBuilt = true;
            system.gpus = {GpuInfo{0, "Fake GPU", 1, 8 * kGiB, 1000, 1000, "9.0", "13.0", "13.0",
                                   "0000:01:00.0", 1e12}};
            system.gpuDevice = options.gpuDevice;
            return system;
          },
          options.launch);
    };
  }

  const FakeScript& script() const { return script_; }

 private:
  FakeClock clock_;
  FakeScript script_;
};

}  // namespace accellab::test
