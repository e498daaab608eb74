// The gpu variants of pi on DeviceRun (cuda/device_run.h): launches of 2^32 samples, nothing to
// copy in, one 64-bit count to copy out. DeviceRun keeps the next launch queued while the
// current one runs, so the device never idles between launches and a stop request is seen
// between them.
#include <algorithm>
#include <limits>

#include "cuda/device_run.h"
#include "pi_estimate.h"
#include "pi_launch.h"
#include "pi_sampler.h"
#include "pi_variants.h"

namespace accellab::kernels::pi {
namespace {

using cuda::DeviceBuffer;
using cuda::PinnedBuffer;

// Tens of milliseconds on a current GPU: short against the 0.5 s a stop may take, which waits
// for the DeviceRun::kQueuedLaunches launches queued.
constexpr std::uint64_t kLaunchSamples = std::uint64_t{1} << 32;

// AccelLab's own kernel: each launch adds its count to the total with one atomic per block.
class OwnKernelCounter {
 public:
  explicit OwnKernelCounter(std::uint64_t) : blocks_(pi::countOutsideBlocks()) {
    pi::loadCountOutsideKernel();  // before any gate: see cuda/launch_gate.h
  }
  void add(std::uint64_t key, std::uint64_t begin, std::uint64_t end, unsigned long long* total,
           cudaStream_t stream) {
    pi::launchCountOutside(key, begin, end, blocks_, total, stream);
  }

 private:
  int blocks_;
};

// CUB's DeviceReduce (gpu-lib): each launch sums into a partial that is added to the total.
class LibraryCounter {
 public:
  explicit LibraryCounter(std::uint64_t largestLaunch)
      : temp_(std::max<std::size_t>(1, pi::countOutsideLibraryTempBytes(largestLaunch))),
        partial_(1) {}
  void add(std::uint64_t key, std::uint64_t begin, std::uint64_t end, unsigned long long* total,
           cudaStream_t stream) {
    pi::launchCountOutsideLibrary(key, begin, end, temp_.data(), temp_.bytes(), partial_.data(),
                                  total, stream);
  }

 private:
  DeviceBuffer<unsigned char> temp_;
  DeviceBuffer<unsigned long long> partial_;
};

template <class Counter>
class PiWork final : public cuda::DeviceWork {
 public:
  PiWork(std::uint64_t samples, std::uint64_t seed, std::uint64_t first)
      : samples_(samples),
        first_(first),
        launches_((samples + kLaunchSamples - 1) / kLaunchSamples),
        key_(rng::streamKey(seed)),
        counter_(std::min(samples, kLaunchSamples)),
        deviceCount_(1),
        hostCount_(1) {}

  // Nothing to copy in; the count back to pinned memory, timed as the d2h copy. No pageable
  // copies: the 8-byte count is not worth timing twice.
  cuda::Copies copies() const override {
    return {.in = {},
            .out = {{deviceCount_.data(), hostCount_.data(), deviceCount_.bytes()}},
            .pageableIn = {},
            .pageableOut = {}};
  }

  // One sample through the counter loads a library's kernels now, not behind the gate.
  void load(cudaStream_t stream) override { counter_.add(key_, 0, 1, deviceCount_.data(), stream); }

  std::uint64_t launches() const override { return launches_; }

  void launch(std::uint64_t index, cudaStream_t stream) override {
    const std::uint64_t done = index * kLaunchSamples;
    const std::uint64_t begin = first_ + done;
    const std::uint64_t end = begin + std::min(kLaunchSamples, samples_ - done);
    counter_.add(key_, begin, end, deviceCount_.data(), stream);
  }

  // Zeroing the counter is set-up, not a transfer: before the gate, untimed. The host count
  // is poisoned again, so a run stopped before its count came back leaves none to verify.
  void beforeRun(cudaStream_t stream) override {
    poisonHost();
    ACCELLAB_CUDA_CHECK(cudaMemsetAsync(deviceCount_.data(), 0, deviceCount_.bytes(), stream));
  }

  // More than any count of samples_.
  void poisonHost() override {
    hostCount_.data()[0] = std::numeric_limits<unsigned long long>::max();
  }

  Verification verify() const override {
    const unsigned long long outside = hostCount_.data()[0];
    if (outside > samples_) return {false, "no completed run", std::nullopt};
    return verifyPi(samples_ - outside, samples_);
  }

 private:
  std::uint64_t samples_;
  std::uint64_t first_;  // of the seed's stream: a rank's share starts past 0
  std::uint64_t launches_;
  std::uint64_t key_;
  Counter counter_;
  DeviceBuffer<unsigned long long> deviceCount_;
  PinnedBuffer<unsigned long long> hostCount_;
};

template <class Counter>
std::unique_ptr<KernelRun> prepare(const RunRequest& request) {
  return cuda::prepareDeviceRun<PiWork<Counter>>(request.gpuDevice, samplesOf(request.params),
                                                 request.params.seed, request.firstElement);
}

}  // namespace

std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request) {
  return prepare<OwnKernelCounter>(request);
}

std::unique_ptr<KernelRun> prepareGpuLibrary(const RunRequest& request) {
  return prepare<LibraryCounter>(request);
}

}  // namespace accellab::kernels::pi
