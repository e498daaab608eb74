// The devices of a build without CUDA: none, and every question about them says why.
#include <stdexcept>

#include "gpu.h"

namespace accellab::kernels::gpu {
namespace {
constexpr const char* kReason = "built without CUDA";
}

DeviceProbe probeDevices() { return {false, {}, kReason}; }

Availability availability(int) { return Availability::no(kReason); }

Availability cublasAvailability() { return Availability::no(kReason); }

Availability nvrtcAvailability() { return Availability::no(kReason); }

void checkCudaSource(const CudaSource&, const std::vector<DType>&) {}

std::optional<std::uint64_t> freeMemory(int) { return std::nullopt; }

double measureCopyBandwidth(int) { throw std::runtime_error(kReason); }

double measureFmaThroughput(int, DType) { throw std::runtime_error(kReason); }

}  // namespace accellab::kernels::gpu
