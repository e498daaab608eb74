// The gpu variant of the triad: device and pinned buffers allocated once per prepared run.
// A run, queued whole behind the launch gate so no launch latency falls between two events:
// b and c in, the kernel, a back, each between its own events.
#include <string>

#include "cuda/cuda_resources.h"
#include "cuda/event_wait.h"
#include "cuda/launch_gate.h"
#include "shared/array_data.h"
#include "triad_launch.h"
#include "triad_variants.h"
#include "triad_verify.h"

namespace accellab::kernels::triad {
namespace {

using cuda::DeviceBuffer;
using cuda::Event;
using cuda::PinnedBuffer;

template <class T>
using TriadLaunch = void (*)(const T* b, const T* c, T* a, std::uint64_t n, T scale,
                             cudaStream_t stream);

template <class T>
class GpuTriadRun final : public KernelRun {
 public:
  // On `device`, already the current one (prepareGpu).
  GpuTriadRun(int device, const Shape3& shape, std::size_t elements, std::uint64_t seed,
              TriadLaunch<T> launch)
      : device_(device),
        shape_(shape),
        launch_(launch),
        deviceB_(elements),
        deviceC_(elements),
        deviceA_(elements),
        pinnedB_(elements),
        pinnedC_(elements),
        pinnedA_(elements) {
    loadTriadKernels();  // before any gate: see launch_gate.h
    // One element through the launch loads a library's kernels now, not behind the gate.
    launch_(deviceB_.data(), deviceC_.data(), deviceA_.data(), 1, T(kScale), stream_.get());
    stream_.synchronize();
    fillUniform(pinnedB_.span(), seed, kStreamB);
    fillUniform(pinnedC_.span(), seed, kStreamC);
    poisonOutput();
  }
  GpuTriadRun(const GpuTriadRun&) = delete;
  GpuTriadRun& operator=(const GpuTriadRun&) = delete;
  // The members are released next, on the device they live on.
  ~GpuTriadRun() override { cuda::selectDeviceQuietly(device_); }

  void poisonOutput() override {
    cuda::selectDevice(device_);
    poison(pinnedA_.span());
    // All ones: a NaN in both types.
    ACCELLAB_CUDA_CHECK(cudaMemsetAsync(deviceA_.data(), 0xFF, deviceA_.bytes(), stream_.get()));
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

  Verification verify() const override {
    return verifyTriad<T>(pinnedB_.span(), pinnedC_.span(), pinnedA_.span(), shape_);
  }

  std::string isa() const override { return "CUDA device " + std::to_string(device_); }

 private:
  RunOutcome timedRun(const std::stop_token& stop) {
    const std::size_t bytes = deviceA_.bytes();
    cuda::LaunchGate::Closed closed = gate_.close(stream_);
    start_.record(stream_);
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(deviceB_.data(), pinnedB_.data(), bytes,
                                        cudaMemcpyHostToDevice, stream_.get()));
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(deviceC_.data(), pinnedC_.data(), bytes,
                                        cudaMemcpyHostToDevice, stream_.get()));
    copiedIn_.record(stream_);
    launch_(deviceB_.data(), deviceC_.data(), deviceA_.data(), deviceA_.size(), T(kScale),
            stream_.get());
    kernelEnd_.record(stream_);
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(pinnedA_.data(), deviceA_.data(), bytes,
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
  Shape3 shape_;
  TriadLaunch<T> launch_;
  // Device buffers first: a device that refuses the size costs no pinning of host memory.
  DeviceBuffer<T> deviceB_;
  DeviceBuffer<T> deviceC_;
  DeviceBuffer<T> deviceA_;
  PinnedBuffer<T> pinnedB_;
  PinnedBuffer<T> pinnedC_;
  PinnedBuffer<T> pinnedA_;
  // After the buffers, so destroyed before them: the stream drains first (cuda_resources.h),
  // and the gate's flags outlive the stream's last gate.
  cuda::LaunchGate gate_;
  cuda::Stream stream_;
  Event start_;
  Event copiedIn_;
  Event kernelEnd_;
  Event end_;
};

template <class T>
std::unique_ptr<KernelRun> makeRun(const RunRequest& request, bool library) {
  const Shape3 shape = request.params.shape.value();
  const auto elements = static_cast<std::size_t>(elementCount(shape).value());
  TriadLaunch<T> launch = &launchTriad;
  if (library) launch = &launchTriadLibrary;
  return std::make_unique<GpuTriadRun<T>>(request.gpuDevice, shape, elements, request.params.seed,
                                          launch);
}

std::unique_ptr<KernelRun> prepareOnDevice(const RunRequest& request, bool library) {
  cuda::selectDevice(request.gpuDevice);
  if (request.params.dtype == DType::f32) return makeRun<float>(request, library);
  return makeRun<double>(request, library);
}

}  // namespace

std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request) {
  return prepareOnDevice(request, false);
}

std::unique_ptr<KernelRun> prepareGpuLibrary(const RunRequest& request) {
  return prepareOnDevice(request, true);
}

}  // namespace accellab::kernels::triad
