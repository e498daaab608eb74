#include "launch_gate.h"

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "launchers.h"

namespace accellab::kernels::cuda {
namespace {

// The layout launchGate (launchers.h) reads.
constexpr int kOpen = 0;
constexpr int kTimedOut = 1;
constexpr int kFlags = 2;

// Atomic, so the compiler neither drops nor reorders the stores the device is waiting for.
void store(unsigned& flag, unsigned value) {
  std::atomic_ref<unsigned>(flag).store(value, std::memory_order_seq_cst);
}

}  // namespace

void LaunchGate::Closed::open() noexcept {
  if (gate_ == nullptr) return;
  store(gate_->flags_.data()[kOpen], 1);
  gate_ = nullptr;
}

LaunchGate::LaunchGate() : flags_(kFlags) {
  load();  // now, like the kernels queued behind it (see launch_gate.h)
  void* device = nullptr;
  ACCELLAB_CUDA_CHECK(cudaHostGetDevicePointer(&device, flags_.data(), 0));
  deviceFlags_ = static_cast<unsigned*>(device);
  store(flags_.data()[kOpen], 1);
  store(flags_.data()[kTimedOut], 0);
}

LaunchGate::Closed LaunchGate::close(const Stream& stream) {
  // Set before the launch, which the device cannot start before these stores.
  store(flags_.data()[kOpen], 0);
  store(flags_.data()[kTimedOut], 0);
  constexpr std::uint64_t kTimeoutNs =
      std::chrono::duration_cast<std::chrono::nanoseconds>(kTimeout).count();
  launchGate(deviceFlags_, kTimeoutNs, stream.get());  // throws with no gate queued: none to open
  return Closed(*this);
}

void LaunchGate::checkOpenedInTime() const {
  if (std::atomic_ref<unsigned>(flags_.data()[kTimedOut]).load() == 0) return;
  throw std::runtime_error("the launch gate opened on its " + std::to_string(kTimeout.count()) +
                           " s timeout, not when the work was queued: the host was held up "
                           "while queueing, and the times would include the wait");
}

void LaunchGate::load() { loadGateKernel(); }

}  // namespace accellab::kernels::cuda
