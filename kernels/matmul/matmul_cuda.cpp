// The gpu variants of matmul on DeviceRun (cuda/device_run.h): buffers allocated once per
// prepared run and reused by every repetition; A and B in from pinned memory, the product, C
// back, each between its own device events.
#include <optional>

#include "arrays/array_data.h"
#include "cuda/cublas_library.h"
#include "cuda/device_run.h"
#include "matmul_gpu.h"
#include "matmul_launch.h"
#include "matmul_verify.h"

namespace accellab::kernels::matmul {
namespace {

using cuda::DeviceBuffer;
using cuda::PinnedBuffer;

template <class T>
class MatmulWork final : public cuda::DeviceWork {
 public:
  MatmulWork(std::size_t n, std::uint64_t seed, gpu::DeviceCode code)
      : n_(n),
        seed_(seed),
        code_(code),
        deviceA_(n * n),
        deviceB_(n * n),
        deviceC_(n * n),
        pinnedA_(n * n),
        pinnedB_(n * n),
        pinnedC_(n * n) {
    fillUniform(pinnedA_.span(), seed, 0);
    fillUniform(pinnedB_.span(), seed, 1);
  }

  cuda::Copies copies() const override {
    return {.in = {{deviceA_.data(), pinnedA_.data(), deviceA_.bytes()},
                   {deviceB_.data(), pinnedB_.data(), deviceB_.bytes()}},
            .out = {{deviceC_.data(), pinnedC_.data(), deviceC_.bytes()}},
            .pageableIn = {},
            .pageableOut = {}};
  }

  void load(cudaStream_t stream) override {
    loadMatmulKernels();
    if (code_ == gpu::DeviceCode::library) {
      cublas_.emplace(stream);
      // A first product of the full size: cuBLAS picks, loads and sizes its kernels for it
      // now, not behind the gate.
      launch(0, stream);
    }
  }

  // One launch: milliseconds at n = 2048, seconds only for matrices of tens of GiB (a stop
  // waits for it).
  void launch(std::uint64_t, cudaStream_t stream) override {
    if (cublas_) {
      cublas_->gemm(deviceA_.data(), deviceB_.data(), deviceC_.data(), static_cast<int>(n_));
    } else {
      launchMatmul(deviceA_.data(), deviceB_.data(), deviceC_.data(), n_, stream);
    }
  }

  void poisonHost() override { poison(pinnedC_.span()); }

  Verification verify() const override {
    return verifyMatmul<T>(pinnedA_.span(), pinnedB_.span(), pinnedC_.span(), n_, seed_);
  }

 private:
  std::size_t n_;
  std::uint64_t seed_;
  gpu::DeviceCode code_;
  DeviceBuffer<T> deviceA_;
  DeviceBuffer<T> deviceB_;
  DeviceBuffer<T> deviceC_;
  PinnedBuffer<T> pinnedA_;
  PinnedBuffer<T> pinnedB_;
  PinnedBuffer<T> pinnedC_;
  // Last, so destroyed first, before the buffers its work used (gpu-lib only; its work goes
  // to the stream load() gave it).
  std::optional<cuda::Cublas> cublas_;
};

}  // namespace

std::unique_ptr<KernelRun> prepareGpu(int device, std::size_t n, DType dtype, std::uint64_t seed,
                                      gpu::DeviceCode code) {
  return forDType(dtype, [&]<class T>(T) {
    return cuda::prepareDeviceRun<MatmulWork<T>>(device, n, seed, code);
  });
}

}  // namespace accellab::kernels::matmul
