// The gpu variant of add: buffers allocated once per prepared run and reused by every
// repetition. A run has two phases. The timed one, behind the launch gate: pinned input in,
// kernel, pinned output back, each between its own events and queued before the device starts,
// so no launch latency lands between two events. Then the pageable one: the same copies from
// and to plain heap memory, as a program that never pins its arrays pays for them.
#include <algorithm>
#include <cstddef>
#include <string>

#include "add/add_launch.h"
#include "add/add_verify.h"
#include "cuda_resources.h"
#include "event_wait.h"
#include "gpu.h"
#include "launch_gate.h"
#include "shared/array_data.h"
#include "shared/host_array.h"

namespace accellab::kernels::gpu {
namespace {

using cuda::DeviceBuffer;
using cuda::Event;
using cuda::PinnedBuffer;

// Pageable copies go in pieces of 256 MiB (tens of ms over the bus) so that a stop request
// is seen between them; each returns once its data is staged or delivered.
constexpr std::size_t kPageablePieceBytes = std::size_t{256} << 20;

constexpr RunOutcome kCancelled{.cancelled = true, .timedS = std::nullopt, .gpu = std::nullopt};

// False when a stop was requested before a piece; the stream still holds what was queued.
bool copyPageable(void* to, const void* from, std::size_t bytes, cudaMemcpyKind kind,
                  const cuda::Stream& stream, const std::stop_token& stop) {
  for (std::size_t done = 0; done < bytes; done += kPageablePieceBytes) {
    if (stop.stop_requested()) return false;
    const std::size_t piece = std::min(kPageablePieceBytes, bytes - done);
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(static_cast<char*>(to) + done,
                                        static_cast<const char*>(from) + done, piece, kind,
                                        stream.get()));
  }
  return true;
}

template <class T>
using AddLaunch = void (*)(const T* in, T* out, std::uint64_t n, T addend, cudaStream_t stream);

template <class T>
class GpuAddRun final : public KernelRun {
 public:
  // On `device`, already the current one (prepareAdd).
  GpuAddRun(int device, const Shape3& shape, std::size_t elements, std::uint64_t seed,
            AddLaunch<T> launch)
      : device_(device),
        shape_(shape),
        launch_(launch),
        deviceIn_(elements),
        deviceOut_(elements),
        pinnedIn_(elements),
        pinnedOut_(elements),
        pageableIn_(elements),
        pageableOut_(elements) {
    add::loadAddKernels();  // before any gate: see launch_gate.h
    // One element through the launch loads a library's kernels now, not behind the gate.
    launch_(deviceIn_.data(), deviceOut_.data(), 1, T(kAddend), stream_.get());
    stream_.synchronize();
    fillUniform(pinnedIn_.span(), seed);
    fillUniform(pageableIn_.span(), seed);  // the same numbers, so the device input is too
    poisonOutput();
  }
  GpuAddRun(const GpuAddRun&) = delete;
  GpuAddRun& operator=(const GpuAddRun&) = delete;
  // The members are released next, on the device they live on.
  ~GpuAddRun() override { cuda::selectDeviceQuietly(device_); }

  void poisonOutput() override {
    cuda::selectDevice(device_);
    poison(pinnedOut_.span());
    poison(pageableOut_.span());
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
    Verification pinned = verifyAdd<T>(pinnedIn_.span(), pinnedOut_.span(), shape_);
    if (!pinned.ok) return pinned;
    Verification pageable = verifyAdd<T>(pinnedIn_.span(), pageableOut_.span(), shape_);
    if (!pageable.ok) pageable.detail = "pageable copy: " + pageable.detail;
    return pageable.ok ? pinned : pageable;
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
    copiedIn_.record(stream_);
    kernelStart_.record(stream_);
    // One launch: even the largest array the device holds takes only milliseconds.
    launch_(deviceIn_.data(), deviceOut_.data(), deviceIn_.size(), T(kAddend), stream_.get());
    kernelEnd_.record(stream_);
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(pinnedOut_.data(), deviceOut_.data(), bytes,
                                        cudaMemcpyDeviceToHost, stream_.get()));
    end_.record(stream_);
    closed.open();
    // The queued work cannot be recalled: a stop waits for it (a few hundred ms for the
    // largest arrays), then the run reports itself cancelled.
    if (!cuda::waitUnlessStopped(end_, stop)) {
      stream_.synchronize();
      return kCancelled;
    }
    gate_.checkOpenedInTime();

    // After the pinned phase, outside its end-to-end time; nothing to gate, as a pageable
    // copy holds the host until the device has taken (or delivered) its data.
    pageableStart_.record(stream_);
    if (!copyPageable(deviceIn_.data(), pageableIn_.span().data(), bytes, cudaMemcpyHostToDevice,
                      stream_, stop)) {
      stream_.synchronize();
      return kCancelled;
    }
    pageableCopiedIn_.record(stream_);
    if (!copyPageable(pageableOut_.span().data(), deviceOut_.data(), bytes, cudaMemcpyDeviceToHost,
                      stream_, stop)) {
      stream_.synchronize();
      return kCancelled;
    }
    pageableEnd_.record(stream_);
    pageableEnd_.synchronize();

    GpuTiming timing;
    timing.h2dS = Event::secondsBetween(start_, copiedIn_);
    timing.kernelS = Event::secondsBetween(kernelStart_, kernelEnd_);
    timing.d2hS = Event::secondsBetween(kernelEnd_, end_);
    timing.endToEndS = Event::secondsBetween(start_, end_);
    timing.h2dPageableS = Event::secondsBetween(pageableStart_, pageableCopiedIn_);
    timing.d2hPageableS = Event::secondsBetween(pageableCopiedIn_, pageableEnd_);
    return {.cancelled = false, .timedS = timing.kernelS, .gpu = timing};
  }

  int device_;
  Shape3 shape_;
  AddLaunch<T> launch_;
  // Device buffers first: a device that refuses the size costs no pinning of host memory.
  DeviceBuffer<T> deviceIn_;
  DeviceBuffer<T> deviceOut_;
  PinnedBuffer<T> pinnedIn_;
  PinnedBuffer<T> pinnedOut_;
  HostArray<T> pageableIn_;
  HostArray<T> pageableOut_;
  // After the buffers, so destroyed before them: the stream drains first (cuda_resources.h),
  // and the gate's flags outlive the stream's last gate.
  cuda::LaunchGate gate_;
  cuda::Stream stream_;
  Event start_;
  Event copiedIn_;
  Event kernelStart_;
  Event kernelEnd_;
  Event end_;
  Event pageableStart_;
  Event pageableCopiedIn_;
  Event pageableEnd_;
};

template <class T>
std::unique_ptr<KernelRun> makeRun(int device, const Shape3& shape, std::uint64_t seed,
                                   DeviceCode code) {
  const auto elements = static_cast<std::size_t>(elementCount(shape).value());
  AddLaunch<T> launch = &add::launchAdd;
  if (code == DeviceCode::library) launch = &add::launchAddLibrary;
  return std::make_unique<GpuAddRun<T>>(device, shape, elements, seed, launch);
}

}  // namespace

std::unique_ptr<KernelRun> prepareAdd(int device, const Shape3& shape, DType dtype,
                                      std::uint64_t seed, DeviceCode code) {
  cuda::selectDevice(device);
  if (dtype == DType::f32) return makeRun<float>(device, shape, seed, code);
  return makeRun<double>(device, shape, seed, code);
}

}  // namespace accellab::kernels::gpu
