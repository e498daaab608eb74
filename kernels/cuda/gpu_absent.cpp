// The devices of a build without CUDA: none, and every question about them says why.
#include <memory>
#include <stdexcept>

#include "gpu.h"

namespace accellab::kernels::gpu {
namespace {
constexpr const char* kReason = "built without CUDA";

class NoPluginDevices final : public PluginDevices {
 public:
  Availability availability() const override { return Availability::no(kReason); }
  int device() const override { return -1; }
  void select() const override { throw std::runtime_error(kReason); }
  std::unique_ptr<KernelRun> run(std::unique_ptr<PluginDeviceWork>) const override {
    throw std::runtime_error(kReason);
  }
};
}  // namespace

DeviceProbe probeDevices() { return {false, {}, kReason}; }

Availability availability(int) { return Availability::no(kReason); }

Availability cublasAvailability() { return Availability::no(kReason); }

Availability nvrtcAvailability() { return Availability::no(kReason); }

void checkCudaSource(const CudaSource&, const std::vector<DType>&, std::stop_token) {}

std::shared_ptr<const PluginDevices> pluginDevices(int, Availability) {
  return std::make_shared<NoPluginDevices>();
}

std::optional<std::uint64_t> freeMemory(int) { return std::nullopt; }

double measureCopyBandwidth(int) { throw std::runtime_error(kReason); }

double measureFmaThroughput(int, DType) { throw std::runtime_error(kReason); }

}  // namespace accellab::kernels::gpu
