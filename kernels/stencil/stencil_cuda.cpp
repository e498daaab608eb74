// The gpu variant of the stencil on DeviceRun (cuda/device_run.h): device and pinned host
// buffers allocated once per prepared run and reused by every repetition; the pinned input in,
// one sweep, the pinned output back, each between its own events. No pageable copies: add
// times those for the tutorial, and here they would only double the host memory.
#include <stdexcept>

#include "arrays/array_data.h"
#include "cuda/device_run.h"
#include "stencil_gpu.h"
#include "stencil_launch.h"
#include "stencil_verify.h"

namespace accellab::kernels::stencil {
namespace {

using cuda::DeviceBuffer;
using cuda::PinnedBuffer;

template <class T>
class StencilWork final : public cuda::DeviceWork {
 public:
  StencilWork(const Shape3& shape, std::size_t points, std::uint64_t seed)
      : shape_(shape),
        deviceIn_(points),
        deviceOut_(points),
        pinnedIn_(points),
        pinnedOut_(points) {
    fillUniform(pinnedIn_.span(), seed);
  }

  cuda::Copies copies() const override {
    const std::size_t bytes = deviceIn_.bytes();
    return {.in = {{deviceIn_.data(), pinnedIn_.data(), bytes}},
            .out = {{deviceOut_.data(), pinnedOut_.data(), bytes}},
            .pageableIn = {},
            .pageableOut = {}};
  }

  void load(cudaStream_t) override { loadSweepKernels(); }

  // One launch: a sweep of the largest grid the device holds takes milliseconds.
  void launch(std::uint64_t, cudaStream_t stream) override {
    launchSweep(deviceIn_.data(), deviceOut_.data(), shape_.x, shape_.y, shape_.z, stream);
  }

  void poisonHost() override { poison(pinnedOut_.span()); }

  Verification verify() const override {
    return verifyStencil<T>(pinnedIn_.span(), pinnedOut_.span(), shape_);
  }

 private:
  Shape3 shape_;
  DeviceBuffer<T> deviceIn_;
  DeviceBuffer<T> deviceOut_;
  PinnedBuffer<T> pinnedIn_;
  PinnedBuffer<T> pinnedOut_;
};

}  // namespace

std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request) {
  if (!request.params.shape) throw std::runtime_error("stencil needs a shape");
  const Shape3& shape = *request.params.shape;
  const auto points = static_cast<std::size_t>(elementCount(shape).value());
  const std::uint64_t seed = request.params.seed;
  return forDType(request.params.dtype, [&]<class T>(T) {
    return cuda::prepareDeviceRun<StencilWork<T>>(request.gpuDevice, shape, points, seed);
  });
}

}  // namespace accellab::kernels::stencil
