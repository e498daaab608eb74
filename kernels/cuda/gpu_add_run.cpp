// The gpu variant of add: buffers allocated once per prepared run and reused by every
// repetition; each run copies in, computes and copies out, each phase timed by events.
#include <algorithm>

#include "cuda_resources.h"
#include "gpu.h"
#include "launchers.h"
#include "src/add_arrays.h"

namespace accellab::kernels::gpu {
namespace {

using cuda::DeviceBuffer;
using cuda::Event;
using cuda::PinnedBuffer;

// Copies go in pieces of 256 MiB (a few ms each) so a stop request is seen between them.
constexpr std::size_t kCopyPieceBytes = std::size_t{256} << 20;

// Copies bytes in pieces; false when a stop was requested between two of them.
bool copyInPieces(void* to, const void* from, std::size_t bytes, cudaMemcpyKind kind,
                  const std::stop_token& stop) {
  for (std::size_t done = 0; done < bytes; done += kCopyPieceBytes) {
    if (stop.stop_requested()) return false;
    const std::size_t piece = std::min(kCopyPieceBytes, bytes - done);
    // Synchronous on pinned memory: the piece has arrived when this returns.
    ACCELLAB_CUDA_CHECK(cudaMemcpy(static_cast<char*>(to) + done,
                                   static_cast<const char*>(from) + done, piece, kind));
  }
  return true;
}

template <class T>
class GpuAddRun final : public KernelRun {
 public:
  GpuAddRun(const Shape3& shape, std::size_t elements, std::uint64_t seed)
      : shape_(shape),
        hostIn_(elements),
        hostOut_(elements),
        deviceIn_(elements),
        deviceOut_(elements) {
    fillInput(hostIn_.span(), seed);
    poisonOutput();
  }

  void poisonOutput() override {
    kernels::poisonOutput(hostOut_.span());
    ACCELLAB_CUDA_CHECK(cudaMemset(deviceOut_.data(), 0xFF, deviceOut_.bytes()));  // NaN
  }

  RunOutcome run(std::stop_token stop) override {
    start_.record();
    if (!copyInPieces(deviceIn_.data(), hostIn_.data(), hostIn_.bytes(), cudaMemcpyHostToDevice,
                      stop)) {
      return {.cancelled = true, .timedS = std::nullopt, .gpu = std::nullopt};
    }
    copiedIn_.record();
    // One launch: even the largest array the device holds takes only milliseconds.
    cuda::launchAdd(deviceIn_.data(), deviceOut_.data(), deviceIn_.size(), T(kAddend));
    computed_.record();
    if (!copyInPieces(hostOut_.data(), deviceOut_.data(), deviceOut_.bytes(),
                      cudaMemcpyDeviceToHost, stop)) {
      return {.cancelled = true, .timedS = std::nullopt, .gpu = std::nullopt};
    }
    end_.record();
    end_.synchronize();
    GpuTiming timing;
    timing.h2dS = Event::secondsBetween(start_, copiedIn_);
    timing.kernelS = Event::secondsBetween(copiedIn_, computed_);
    timing.d2hS = Event::secondsBetween(computed_, end_);
    timing.endToEndS = Event::secondsBetween(start_, end_);
    return {.cancelled = false, .timedS = timing.kernelS, .gpu = timing};
  }

  Verification verify() const override {
    return verifyAdd<T>(hostIn_.span(), hostOut_.span(), shape_);
  }

  std::string isa() const override { return "CUDA"; }

 private:
  Shape3 shape_;
  PinnedBuffer<T> hostIn_;
  PinnedBuffer<T> hostOut_;
  DeviceBuffer<T> deviceIn_;
  DeviceBuffer<T> deviceOut_;
  Event start_;
  Event copiedIn_;
  Event computed_;
  Event end_;
};

}  // namespace

std::unique_ptr<KernelRun> prepareAdd(const Shape3& shape, DType dtype, std::uint64_t seed) {
  const auto elements = static_cast<std::size_t>(elementCount(shape).value());
  if (dtype == DType::f32) return std::make_unique<GpuAddRun<float>>(shape, elements, seed);
  return std::make_unique<GpuAddRun<double>>(shape, elements, seed);
}

}  // namespace accellab::kernels::gpu
