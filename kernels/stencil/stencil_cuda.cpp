// The gpu variant of the stencil: device and pinned host buffers allocated once per prepared
// run and reused by every repetition. Behind the launch gate: the pinned input in, one sweep,
// the pinned output back, each between its own events and all queued before the device
// starts. No pageable copies: add times those for the tutorial, and here they would only
// double the host memory.
#include <stdexcept>
#include <string>

#include "cuda/cuda_resources.h"
#include "cuda/event_wait.h"
#include "cuda/launch_gate.h"
#include "shared/array_data.h"
#include "stencil_gpu.h"
#include "stencil_launch.h"
#include "stencil_verify.h"

namespace accellab::kernels::stencil {
namespace {

using cuda::DeviceBuffer;
using cuda::Event;
using cuda::PinnedBuffer;

constexpr RunOutcome kCancelled{.cancelled = true, .timedS = std::nullopt, .gpu = std::nullopt};

template <class T>
class GpuStencilRun final : public KernelRun {
 public:
  // On `device`, already the current one (prepareGpu).
  GpuStencilRun(int device, const Shape3& shape, std::size_t points, std::uint64_t seed)
      : device_(device),
        shape_(shape),
        deviceIn_(points),
        deviceOut_(points),
        pinnedIn_(points),
        pinnedOut_(points) {
    loadSweepKernels();  // before any gate: see launch_gate.h
    fillUniform(pinnedIn_.span(), seed);
    poisonOutput();
  }
  GpuStencilRun(const GpuStencilRun&) = delete;
  GpuStencilRun& operator=(const GpuStencilRun&) = delete;
  // The members are released next, on the device they live on.
  ~GpuStencilRun() override { cuda::selectDeviceQuietly(device_); }

  void poisonOutput() override {
    cuda::selectDevice(device_);
    poison(pinnedOut_.span());
    // All ones: a NaN in both types.
    ACCELLAB_CUDA_CHECK(
        cudaMemsetAsync(deviceOut_.data(), 0xFF, deviceOut_.bytes(), stream_.get()));
    stream_.synchronize();
  }

  RunOutcome run(std::stop_token stop) override {
    cuda::selectDevice(device_);
    if (stop.stop_requested()) return kCancelled;
    try {
      return timedRun(stop);
    } catch (...) {
      stream_.drain();  // no copy may still be using a buffer once the error is out
      throw;
    }
  }

  Verification verify() const override {
    return verifyStencil<T>(pinnedIn_.span(), pinnedOut_.span(), shape_);
  }

  // Names the device: a session whose runs used several GPUs says which ran each point.
  std::string isa() const override { return "CUDA device " + std::to_string(device_); }

 private:
  RunOutcome timedRun(const std::stop_token& stop) {
    const std::size_t bytes = deviceIn_.bytes();
    cuda::LaunchGate::Closed closed = gate_.close(stream_);
    start_.record(stream_);
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(deviceIn_.data(), pinnedIn_.data(), bytes,
                                        cudaMemcpyHostToDevice, stream_.get()));
    kernelStart_.record(stream_);
    // One launch: a sweep of the largest grid the device holds takes milliseconds.
    launchSweep(deviceIn_.data(), deviceOut_.data(), shape_.x, shape_.y, shape_.z, stream_.get());
    kernelEnd_.record(stream_);
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(pinnedOut_.data(), deviceOut_.data(), bytes,
                                        cudaMemcpyDeviceToHost, stream_.get()));
    end_.record(stream_);
    closed.open();
    // The queued work cannot be recalled: a stop waits for it, then reports cancelled.
    if (!cuda::waitUnlessStopped(end_, stop)) {
      stream_.synchronize();
      return kCancelled;
    }
    gate_.checkOpenedInTime();

    GpuTiming timing;
    timing.h2dS = Event::secondsBetween(start_, kernelStart_);
    timing.kernelS = Event::secondsBetween(kernelStart_, kernelEnd_);
    timing.d2hS = Event::secondsBetween(kernelEnd_, end_);
    timing.endToEndS = Event::secondsBetween(start_, end_);
    return {.cancelled = false, .timedS = timing.kernelS, .gpu = timing};
  }

  int device_;
  Shape3 shape_;
  // Device buffers first: a device that refuses the size costs no pinning of host memory.
  DeviceBuffer<T> deviceIn_;
  DeviceBuffer<T> deviceOut_;
  PinnedBuffer<T> pinnedIn_;
  PinnedBuffer<T> pinnedOut_;
  // After the buffers, so destroyed before them: the stream drains first (cuda_resources.h),
  // and the gate's flags outlive the stream's last gate.
  cuda::LaunchGate gate_;
  cuda::Stream stream_;
  Event start_;
  Event kernelStart_;
  Event kernelEnd_;
  Event end_;
};

}  // namespace

std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request) {
  if (!request.params.shape) throw std::runtime_error("stencil needs a shape");
  const Shape3& shape = *request.params.shape;
  cuda::selectDevice(request.gpuDevice);
  const auto points = static_cast<std::size_t>(elementCount(shape).value());
  const std::uint64_t seed = request.params.seed;
  if (request.params.dtype == DType::f32)
    return std::make_unique<GpuStencilRun<float>>(request.gpuDevice, shape, points, seed);
  return std::make_unique<GpuStencilRun<double>>(request.gpuDevice, shape, points, seed);
}

}  // namespace accellab::kernels::stencil
