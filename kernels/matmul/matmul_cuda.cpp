// The gpu variant of matmul: buffers allocated once per prepared run and reused by every
// repetition. Behind the launch gate, A and B go in from pinned memory, the kernel runs and C
// comes back, each between its own device events and all queued before the device starts, so
// no launch latency lands between two events.
#include <string>

#include <optional>
#include "cuda/cuda_resources.h"
#include "cuda/event_wait.h"

#include "cuda/cublas_library.h"
#include "cuda/launch_gate.h"
#include "matmul_gpu.h"
#include "matmul_launch.h"
#include "matmul_verify.h"
#include "shared/array_data.h"

namespace accellab::kernels::matmul {
namespace {

using cuda::DeviceBuffer;
using cuda::Event;
using cuda::PinnedBuffer;

constexpr RunOutcome kCancelled{.cancelled = true, .timedS = std::nullopt, .gpu = std::nullopt};

template <class T>
class GpuMatmulRun final : public KernelRun {
 public:
  // On `device`, already the current one (prepareGpu).
  GpuMatmulRun(int device, std::size_t n, std::uint64_t seed, gpu::DeviceCode code)
      : device_(device),
        n_(n),
        seed_(seed),
        deviceA_(n * n),
        deviceB_(n * n),
        deviceC_(n * n),
        pinnedA_(n * n),
        pinnedB_(n * n),
        pinnedC_(n * n) {
    loadMatmulKernels();  // before any gate: see cuda/launch_gate.h
    if (code == gpu::DeviceCode::library) {
      cublas_.emplace(stream_.get());
      // A first product of the full size: cuBLAS picks, loads and sizes its kernels for it
      // now, not behind the gate.
      multiply();
      stream_.synchronize();
    }
    fillUniform(pinnedA_.span(), seed, 0);
    fillUniform(pinnedB_.span(), seed, 1);
    poisonOutput();
  }
  GpuMatmulRun(const GpuMatmulRun&) = delete;
  GpuMatmulRun& operator=(const GpuMatmulRun&) = delete;
  // The members are released next, on the device they live on.
  ~GpuMatmulRun() override { cuda::selectDeviceQuietly(device_); }

  void poisonOutput() override {
    cuda::selectDevice(device_);
    poison(pinnedC_.span());
    // All ones: a NaN in both types.
    ACCELLAB_CUDA_CHECK(cudaMemsetAsync(deviceC_.data(), 0xFF, deviceC_.bytes(), stream_.get()));
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
    return verifyMatmul<T>(pinnedA_.span(), pinnedB_.span(), pinnedC_.span(), n_, seed_);
  }

  // Names the device: a session whose runs used several GPUs says which ran each point.
  std::string isa() const override { return "CUDA device " + std::to_string(device_); }

 private:
  void multiply() {
    if (cublas_) {
      cublas_->gemm(deviceA_.data(), deviceB_.data(), deviceC_.data(), static_cast<int>(n_));
    } else {
      launchMatmul(deviceA_.data(), deviceB_.data(), deviceC_.data(), n_, stream_.get());
    }
  }

  RunOutcome timedRun(const std::stop_token& stop) {
    cuda::LaunchGate::Closed closed = gate_.close(stream_);
    start_.record(stream_);
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(deviceA_.data(), pinnedA_.data(), deviceA_.bytes(),
                                        cudaMemcpyHostToDevice, stream_.get()));
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(deviceB_.data(), pinnedB_.data(), deviceB_.bytes(),
                                        cudaMemcpyHostToDevice, stream_.get()));
    copiedIn_.record(stream_);
    multiply();
    kernelEnd_.record(stream_);
    ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(pinnedC_.data(), deviceC_.data(), deviceC_.bytes(),
                                        cudaMemcpyDeviceToHost, stream_.get()));
    end_.record(stream_);
    closed.open();
    // The queued kernel cannot be recalled: a stop waits for it (milliseconds at n = 2048,
    // seconds only for matrices of tens of GiB), then the run reports itself cancelled.
    if (!cuda::waitUnlessStopped(end_, stop)) {
      stream_.synchronize();
      return kCancelled;
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
  std::size_t n_;
  std::uint64_t seed_;
  // Device buffers first: a device that refuses the size costs no pinning of host memory.
  DeviceBuffer<T> deviceA_;
  DeviceBuffer<T> deviceB_;
  DeviceBuffer<T> deviceC_;
  PinnedBuffer<T> pinnedA_;
  PinnedBuffer<T> pinnedB_;
  PinnedBuffer<T> pinnedC_;
  // After the buffers, so destroyed before them: the stream drains first (cuda_resources.h),
  // and the gate's flags outlive the stream's last gate.
  cuda::LaunchGate gate_;
  cuda::Stream stream_;
  Event start_;
  Event copiedIn_;
  Event kernelEnd_;
  Event end_;
  // Last, so destroyed first: the handle's work is on stream_ (gpu-lib only).
  std::optional<cuda::Cublas> cublas_;
};

}  // namespace

std::unique_ptr<KernelRun> prepareGpu(int device, std::size_t n, DType dtype, std::uint64_t seed,
                                      gpu::DeviceCode code) {
  cuda::selectDevice(device);
  if (dtype == DType::f32) return std::make_unique<GpuMatmulRun<float>>(device, n, seed, code);
  return std::make_unique<GpuMatmulRun<double>>(device, n, seed, code);
}

}  // namespace accellab::kernels::matmul
