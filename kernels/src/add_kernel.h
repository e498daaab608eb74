// add: out[z][y][x] = in[z][y][x] + 2 over a 3-D array in C order, f32 or f64.
#pragma once

#include "accellab/kernel.h"
#include "variants.h"

namespace accellab::kernels {

class AddKernel final : public Kernel {
 public:
  // gpu: whether the CUDA variant can run here, and why not.
  explicit AddKernel(const GpuTarget& gpu);

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
