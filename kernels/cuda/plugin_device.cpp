// A plugin's device variant run as AccelLab's own are (device_run.h): its buffers copied in and
// out and its launch queued on AccelLab's stream, each phase between events, then the same
// copies from and to heap memory for the pageable times. The plugin's host buffers are pinned
// here when they are plain memory, so that the times called pinned are.
#include <memory>
#include <vector>

#include "accellab/plugin_device.h"
#include "device_run.h"
#include "gpu.h"

namespace accellab::kernels::gpu {
namespace {

using cuda::Copies;
using cuda::Transfer;

// Page-locks `bytes` of plain host memory at `host` for its life; memory CUDA already knows
// (cudaMallocHost, an earlier transfer's range) is left as it is.
class HostPin {
 public:
  HostPin(void* host, std::size_t bytes) {
    cudaPointerAttributes attributes{};
    if (cudaPointerGetAttributes(&attributes, host) == cudaSuccess &&
        attributes.type != cudaMemoryTypeUnregistered)
      return;
    ACCELLAB_CUDA_CHECK(cudaHostRegister(host, bytes, cudaHostRegisterDefault));
    pinned_ = host;
  }
  HostPin(HostPin&& other) noexcept : pinned_(std::exchange(other.pinned_, nullptr)) {}
  HostPin(const HostPin&) = delete;
  HostPin& operator=(const HostPin&) = delete;
  HostPin& operator=(HostPin&&) = delete;
  ~HostPin() {
    if (pinned_) cuda::ignore(cudaHostUnregister(pinned_));
  }

 private:
  void* pinned_ = nullptr;
};

class PluginWorkOnDevice final : public cuda::DeviceWork {
 public:
  explicit PluginWorkOnDevice(std::unique_ptr<PluginDeviceWork> work) : work_(std::move(work)) {
    copies_.in = transfers(work_->in(), copies_.pageableIn);
    copies_.out = transfers(work_->out(), copies_.pageableOut);
  }

  Copies copies() const override { return copies_; }
  // The plugin's kernels load at their first launch: the warm-up run's, outside the samples.
  void load(cudaStream_t) override {}
  void launch(std::uint64_t, cudaStream_t stream) override { work_->launch(stream); }
  void poisonHost() override { work_->poisonHost(); }
  Verification verify() const override { return work_->verify(); }
  std::vector<ReportedValue> reportedValues() const override { return work_->reportedValues(); }

 private:
  // The plugin's transfers, pinned, and their pageable twins from heap memory of AccelLab's.
  std::vector<Transfer> transfers(const std::vector<DeviceTransfer>& declared,
                                  std::vector<Transfer>& pageable) {
    std::vector<Transfer> pinned;
    for (const DeviceTransfer& t : declared) {
      pins_.emplace_back(t.host, t.bytes);
      pinned.push_back({t.device, t.host, t.bytes});
      heap_.push_back(std::make_unique_for_overwrite<char[]>(t.bytes));
      pageable.push_back({t.device, heap_.back().get(), t.bytes});
    }
    return pinned;
  }

  std::unique_ptr<PluginDeviceWork> work_;  // first: its state is released after the pins
  std::vector<HostPin> pins_;
  std::vector<std::unique_ptr<char[]>> heap_;
  Copies copies_;
};

class CudaPluginDevices final : public PluginDevices {
 public:
  CudaPluginDevices(int device, Availability availability)
      : device_(device), availability_(std::move(availability)) {}

  Availability availability() const override { return availability_; }
  int device() const override { return device_; }
  void select() const override { cuda::selectDevice(device_); }
  std::unique_ptr<KernelRun> run(std::unique_ptr<PluginDeviceWork> work) const override {
    return cuda::prepareDeviceRun<PluginWorkOnDevice>(device_, std::move(work));
  }

 private:
  int device_;
  Availability availability_;
};

}  // namespace

std::shared_ptr<const PluginDevices> pluginDevices(int device, Availability availability) {
  return std::make_shared<CudaPluginDevices>(device, std::move(availability));
}

}  // namespace accellab::kernels::gpu
