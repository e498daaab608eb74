// The gpu variant of pi: launches of 2^32 samples, nothing to copy in, one 64-bit count to
// copy out. The first launches wait behind the launch gate; after that the host keeps the
// next launch queued while the current one runs, so the device never idles between launches
// and a stop request is seen between them.
#include <algorithm>
#include <array>
#include <limits>
#include <string>

#include "cuda_resources.h"
#include "event_wait.h"
#include "gpu.h"
#include "launch_gate.h"
#include "launchers.h"
#include "pi/pi_estimate.h"
#include "pi/pi_sampler.h"

namespace accellab::kernels::gpu {
namespace {

using cuda::DeviceBuffer;
using cuda::Event;
using cuda::PinnedBuffer;

// Tens of milliseconds on a current GPU.
constexpr std::uint64_t kLaunchSamples = std::uint64_t{1} << 32;
// Launches queued at once: the running one and the next. A stop waits for both, well within
// 0.5 s; more would only lengthen that wait.
constexpr std::uint64_t kQueuedLaunches = 2;

constexpr RunOutcome kCancelled{.cancelled = true, .timedS = std::nullopt, .gpu = std::nullopt};

// AccelLab's own kernel: each launch adds its count to the total with one atomic per block.
class OwnKernelCounter {
 public:
  explicit OwnKernelCounter(std::uint64_t) : blocks_(cuda::countOutsideBlocks()) {
    cuda::loadCountOutsideKernel();  // before any gate: see launch_gate.h
  }
  void add(std::uint64_t key, std::uint64_t begin, std::uint64_t end, unsigned long long* total,
           cudaStream_t stream) {
    cuda::launchCountOutside(key, begin, end, blocks_, total, stream);
  }

 private:
  int blocks_;
};

// CUB's DeviceReduce (gpu-lib): each launch sums into a partial that is added to the total.
class LibraryCounter {
 public:
  explicit LibraryCounter(std::uint64_t largestLaunch)
      : temp_(std::max<std::size_t>(1, cuda::countOutsideLibraryTempBytes(largestLaunch))),
        partial_(1) {}
  void add(std::uint64_t key, std::uint64_t begin, std::uint64_t end, unsigned long long* total,
           cudaStream_t stream) {
    cuda::launchCountOutsideLibrary(key, begin, end, temp_.data(), temp_.bytes(), partial_.data(),
                                    total, stream);
  }

 private:
  DeviceBuffer<unsigned char> temp_;
  DeviceBuffer<unsigned long long> partial_;
};

template <class Counter>
class GpuPiRun final : public KernelRun {
 public:
  // On `device`, already the current one (preparePi).
  GpuPiRun(int device, std::uint64_t samples, std::uint64_t seed, std::uint64_t first)
      : device_(device),
        samples_(samples),
        first_(first),
        launches_((samples + kLaunchSamples - 1) / kLaunchSamples),
        key_(rng::streamKey(seed)),
        counter_(std::min(samples, kLaunchSamples)),
        deviceCount_(1),
        hostCount_(1) {
    // One sample through the counter loads a library's kernels now, not behind the gate.
    counter_.add(key_, 0, 1, deviceCount_.data(), stream_.get());
    stream_.synchronize();
    poisonOutput();
  }
  GpuPiRun(const GpuPiRun&) = delete;
  GpuPiRun& operator=(const GpuPiRun&) = delete;
  // The members are released next, on the device they live on.
  ~GpuPiRun() override { cuda::selectDeviceQuietly(device_); }

  void poisonOutput() override {
    cuda::selectDevice(device_);
    hits_.reset();
    hostCount_.data()[0] = std::numeric_limits<unsigned long long>::max();
    ACCELLAB_CUDA_CHECK(
        cudaMemsetAsync(deviceCount_.data(), 0xFF, deviceCount_.bytes(), stream_.get()));
    stream_.synchronize();
  }

  RunOutcome run(std::stop_token stop) override {
    cuda::selectDevice(device_);
    if (stop.stop_requested()) return kCancelled;
    try {
      return timedRun(stop);
    } catch (...) {
      stream_.drain();  // no launch may still be using the counter once the error is out
      throw;
    }
  }

  Verification verify() const override {
    if (!hits_) return {false, "no completed run", std::nullopt};
    return verifyPi(*hits_, samples_);
  }

  // Names the device: a session whose runs used several GPUs says which ran each point.
  std::string isa() const override { return "CUDA device " + std::to_string(device_); }

 private:
  // Queues launch number `queued_` and the event that marks its end.
  void queueLaunch() {
    const std::uint64_t done = queued_ * kLaunchSamples;
    const std::uint64_t begin = first_ + done;
    const std::uint64_t end = begin + std::min(kLaunchSamples, samples_ - done);
    counter_.add(key_, begin, end, deviceCount_.data(), stream_.get());
    launched_[queued_ % kQueuedLaunches].record(stream_);
    ++queued_;
  }

  // After the last launch: the count back to pinned memory, timed as the d2h copy.
  void queueLastLaunch() {
    queueLaunch();
    computed_.record(stream_);
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(hostCount_.data(), deviceCount_.data(),
                                        deviceCount_.bytes(), cudaMemcpyDeviceToHost,
                                        stream_.get()));
    end_.record(stream_);
  }

  void queueNext() {
    if (queued_ + 1 == launches_) {
      queueLastLaunch();
    } else {
      queueLaunch();
    }
  }

  RunOutcome timedRun(const std::stop_token& stop) {
    hits_.reset();
    queued_ = 0;
    // Zeroing the counter is set-up, not a transfer: it stays before the gate, untimed.
    ACCELLAB_CUDA_CHECK(
        cudaMemsetAsync(deviceCount_.data(), 0, deviceCount_.bytes(), stream_.get()));
    cuda::LaunchGate::Closed closed = gate_.close(stream_);
    start_.record(stream_);
    while (queued_ < std::min(launches_, kQueuedLaunches)) queueNext();
    closed.open();
    // Launch `waited` ends while launch waited + 1 runs: queue the one after, in the event
    // slot of the launch that just ended.
    for (std::uint64_t waited = 0; queued_ < launches_; ++waited) {
      if (!cuda::waitUnlessStopped(launched_[waited % kQueuedLaunches], stop)) {
        stream_.synchronize();
        return kCancelled;
      }
      queueNext();
    }
    if (!cuda::waitUnlessStopped(end_, stop)) {
      stream_.synchronize();
      return kCancelled;
    }
    gate_.checkOpenedInTime();

    hits_ = samples_ - hostCount_.data()[0];
    GpuTiming timing;
    timing.kernelS = Event::secondsBetween(start_, computed_);
    timing.d2hS = Event::secondsBetween(computed_, end_);
    timing.endToEndS = Event::secondsBetween(start_, end_);
    // Nothing is copied in, and the 8-byte count goes to pinned memory only: no pageable
    // copies to time, so h2dS and both pageable times stay 0.
    return {.cancelled = false, .timedS = timing.kernelS, .gpu = timing};
  }

  int device_;
  std::uint64_t samples_;
  std::uint64_t first_;  // of the seed's stream: a rank's share starts past 0
  std::uint64_t launches_;
  std::uint64_t key_;
  Counter counter_;
  DeviceBuffer<unsigned long long> deviceCount_;
  PinnedBuffer<unsigned long long> hostCount_;
  // After the buffers, so destroyed before them: the stream drains first (cuda_resources.h),
  // and the gate's flags outlive the stream's last gate.
  cuda::LaunchGate gate_;
  cuda::Stream stream_;
  Event start_;
  std::array<Event, kQueuedLaunches> launched_;
  Event computed_;
  Event end_;
  std::uint64_t queued_ = 0;
  std::optional<std::uint64_t> hits_;
};

}  // namespace

std::unique_ptr<KernelRun> preparePi(int device, std::uint64_t samples, std::uint64_t seed,
                                     DeviceCode code, std::uint64_t first) {
  cuda::selectDevice(device);
  if (code == DeviceCode::library)
    return std::make_unique<GpuPiRun<LibraryCounter>>(device, samples, seed, first);
  return std::make_unique<GpuPiRun<OwnKernelCounter>>(device, samples, seed, first);
}

}  // namespace accellab::kernels::gpu
