// pi: Monte Carlo estimate of pi from N samples (see pi_sampler.h for the generator).
#pragma once

#include "accellab/kernel.h"
#include "variants.h"

namespace accellab::kernels {

class PiKernel final : public Kernel {
 public:
  explicit PiKernel(const GpuTarget& gpu);

  const KernelInfo& info() const override { return info_; }
  Workload workload(const Params& params) const override;
  MemoryNeed memoryNeed(const Params& params, std::string_view variant) const override;
  std::unique_ptr<KernelRun> prepare(const Params& params, std::string_view variant,
                                     int threads) const override;

 private:
  KernelInfo info_;
  int gpuDevice_;
};

}  // namespace accellab::kernels
