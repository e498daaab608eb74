// The gpu variant of pi: launches of 2^32 samples, synchronized one by one so that a stop
// request is seen between them; nothing to copy in, one 64-bit count to copy out.
#include <algorithm>
#include <limits>

#include "cuda_resources.h"
#include "gpu.h"
#include "launchers.h"
#include "src/pi_estimate.h"
#include "src/pi_sampler.h"

namespace accellab::kernels::gpu {
namespace {

using cuda::DeviceBuffer;
using cuda::Event;
using cuda::PinnedBuffer;

// Tens of milliseconds on a current GPU.
constexpr std::uint64_t kLaunchSamples = std::uint64_t{1} << 32;

class GpuPiRun final : public KernelRun {
 public:
  GpuPiRun(std::uint64_t samples, std::uint64_t seed)
      : samples_(samples),
        key_(pi::streamKey(seed)),
        blocks_(cuda::countOutsideBlocks()),
        deviceCount_(1),
        hostCount_(1) {
    poisonOutput();
  }

  void poisonOutput() override {
    hits_.reset();
    hostCount_.data()[0] = std::numeric_limits<unsigned long long>::max();
    ACCELLAB_CUDA_CHECK(cudaMemset(deviceCount_.data(), 0xFF, deviceCount_.bytes()));
  }

  RunOutcome run(std::stop_token stop) override {
    // Zeroing the counter is set-up, not a transfer: it stays outside the timed phases.
    ACCELLAB_CUDA_CHECK(cudaMemset(deviceCount_.data(), 0, deviceCount_.bytes()));
    start_.record();
    for (std::uint64_t begin = 0; begin < samples_; begin += kLaunchSamples) {
      if (stop.stop_requested())
        return {.cancelled = true, .timedS = std::nullopt, .gpu = std::nullopt};
      const std::uint64_t end = begin + std::min(kLaunchSamples, samples_ - begin);
      cuda::launchCountOutside(key_, begin, end, blocks_, deviceCount_.data());
      ACCELLAB_CUDA_CHECK(cudaStreamSynchronize(nullptr));
    }
    computed_.record();
    ACCELLAB_CUDA_CHECK(cudaMemcpy(hostCount_.data(), deviceCount_.data(), deviceCount_.bytes(),
                                   cudaMemcpyDeviceToHost));
    end_.record();
    end_.synchronize();
    hits_ = samples_ - hostCount_.data()[0];
    GpuTiming timing;
    timing.kernelS = Event::secondsBetween(start_, computed_);
    timing.d2hS = Event::secondsBetween(computed_, end_);
    timing.endToEndS = Event::secondsBetween(start_, end_);
    return {.cancelled = false, .timedS = timing.kernelS, .gpu = timing};
  }

  Verification verify() const override {
    if (!hits_) return {false, "no completed run", std::nullopt};
    return verifyPi(*hits_, samples_);
  }

  std::string isa() const override { return "CUDA"; }

 private:
  std::uint64_t samples_;
  std::uint64_t key_;
  int blocks_;
  DeviceBuffer<unsigned long long> deviceCount_;
  PinnedBuffer<unsigned long long> hostCount_;
  Event start_;
  Event computed_;
  Event end_;
  std::optional<std::uint64_t> hits_;
};

}  // namespace

std::unique_ptr<KernelRun> preparePi(std::uint64_t samples, std::uint64_t seed) {
  return std::make_unique<GpuPiRun>(samples, seed);
}

}  // namespace accellab::kernels::gpu
