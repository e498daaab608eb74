// The gpu variant of reduce: device and pinned buffers allocated once per prepared run. A
// run, queued whole behind the launch gate so no launch latency falls between two events:
// the array in, the two launches, the sum back, each between its own events.
#include <limits>
#include <string>

#include <algorithm>
#include "cuda/cuda_resources.h"
#include "cuda/event_wait.h"

#include "cuda/launch_gate.h"
#include "reduce_launch.h"
#include "reduce_variants.h"
#include "reduce_verify.h"
#include "shared/array_data.h"

namespace accellab::kernels::reduce {
namespace {

using cuda::DeviceBuffer;
using cuda::Event;
using cuda::PinnedBuffer;

// AccelLab's own two launches, or CUB's DeviceReduce (gpu-lib) in `temp`.
template <class T>
using ReduceLaunch = void (*)(const T* x, std::uint64_t n, T* partials, T* sum, void* temp,
                              std::size_t tempBytes, cudaStream_t stream);

template <class T>
void launchOwn(const T* x, std::uint64_t n, T* partials, T* sum, void*, std::size_t,
               cudaStream_t stream) {
  launchReduce(x, n, partials, sum, stream);
}

template <class T>
class GpuReduceRun final : public KernelRun {
 public:
  // On `device`, already the current one (prepareGpu).
  GpuReduceRun(int device, std::size_t elements, std::uint64_t seed, bool library)
      : device_(device),
        launch_(library ? ReduceLaunch<T>{&launchReduceLibrary} : &launchOwn<T>),
        deviceValues_(elements),
        devicePartials_(2 * kReduceBlocks),
        deviceSum_(1),
        temp_(std::max<std::size_t>(
            1, library ? reduceLibraryTempBytes(static_cast<const T*>(nullptr), elements) : 0)),
        pinnedValues_(elements),
        pinnedSum_(1) {
    loadReduceKernels();  // before any gate: see launch_gate.h
    // A first launch loads a library's kernels now, not behind the gate.
    launch();
    stream_.synchronize();
    fillUniform(pinnedValues_.span(), seed);  // the CPU runs' stream: the same values
    poisonOutput();
  }
  GpuReduceRun(const GpuReduceRun&) = delete;
  GpuReduceRun& operator=(const GpuReduceRun&) = delete;
  // The members are released next, on the device they live on.
  ~GpuReduceRun() override { cuda::selectDeviceQuietly(device_); }

  void poisonOutput() override {
    cuda::selectDevice(device_);
    pinnedSum_.data()[0] = std::numeric_limits<T>::quiet_NaN();
    // All ones: a NaN in both types.
    ACCELLAB_CUDA_CHECK(
        cudaMemsetAsync(deviceSum_.data(), 0xFF, deviceSum_.bytes(), stream_.get()));
    stream_.synchronize();
  }

  RunOutcome run(std::stop_token stop) override {
    cuda::selectDevice(device_);
    if (stop.stop_requested()) return {.cancelled = true, .timedS = {}, .gpu = {}};
    try {
      return timedRun(stop);
    } catch (...) {
      stream_.drain();  // no copy may still be using a buffer once the error is out
      throw;
    }
  }

  // The tree's shape is fixed, so the sum is the same on every run and device; its merges
  // are compensated, so the tolerance is the CPU's.
  Verification verify() const override {
    return verifyReduce<T>(pinnedValues_.span(), pinnedSum_.data()[0], compensatedTolerance<T>());
  }

  std::string isa() const override { return "CUDA device " + std::to_string(device_); }

 private:
  void launch() {
    launch_(deviceValues_.data(), deviceValues_.size(), devicePartials_.data(), deviceSum_.data(),
            temp_.data(), temp_.bytes(), stream_.get());
  }

  RunOutcome timedRun(const std::stop_token& stop) {
    cuda::LaunchGate::Closed closed = gate_.close(stream_);
    start_.record(stream_);
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(deviceValues_.data(), pinnedValues_.data(),
                                        deviceValues_.bytes(), cudaMemcpyHostToDevice,
                                        stream_.get()));
    copiedIn_.record(stream_);
    launch();
    kernelEnd_.record(stream_);
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(pinnedSum_.data(), deviceSum_.data(), deviceSum_.bytes(),
                                        cudaMemcpyDeviceToHost, stream_.get()));
    end_.record(stream_);
    closed.open();
    // Queued work cannot be recalled: a stop waits for it, then reports the run cancelled.
    if (!cuda::waitUnlessStopped(end_, stop)) {
      stream_.synchronize();
      return {.cancelled = true, .timedS = {}, .gpu = {}};
    }
    gate_.checkOpenedInTime();
    GpuTiming timing;
    timing.h2dS = Event::secondsBetween(start_, copiedIn_);
    timing.kernelS = Event::secondsBetween(copiedIn_, kernelEnd_);
    timing.d2hS = Event::secondsBetween(kernelEnd_, end_);
    timing.endToEndS = Event::secondsBetween(start_, end_);
    return {.cancelled = false, .timedS = timing.kernelS, .gpu = timing};
  }

  int device_;
  ReduceLaunch<T> launch_;
  // Device buffers first: a device that refuses the size costs no pinning of host memory.
  DeviceBuffer<T> deviceValues_;
  DeviceBuffer<T> devicePartials_;
  DeviceBuffer<T> deviceSum_;
  DeviceBuffer<unsigned char> temp_;
  PinnedBuffer<T> pinnedValues_;
  PinnedBuffer<T> pinnedSum_;
  // After the buffers, so destroyed before them: the stream drains first (cuda_resources.h),
  // and the gate's flags outlive the stream's last gate.
  cuda::LaunchGate gate_;
  cuda::Stream stream_;
  Event start_;
  Event copiedIn_;
  Event kernelEnd_;
  Event end_;
};

std::unique_ptr<KernelRun> prepareOnDevice(const RunRequest& request, bool library) {
  cuda::selectDevice(request.gpuDevice);
  const auto elements =
      static_cast<std::size_t>(elementCount(request.params.shape.value()).value());
  const std::uint64_t seed = request.params.seed;
  if (request.params.dtype == DType::f32)
    return std::make_unique<GpuReduceRun<float>>(request.gpuDevice, elements, seed, library);
  return std::make_unique<GpuReduceRun<double>>(request.gpuDevice, elements, seed, library);
}

}  // namespace

std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request) {
  return prepareOnDevice(request, false);
}

std::unique_ptr<KernelRun> prepareGpuLibrary(const RunRequest& request) {
  return prepareOnDevice(request, true);
}

}  // namespace accellab::kernels::reduce
