// The launch gate (nvbench's "blocking kernel"): a one-thread kernel that holds a stream
// until the host opens it. The host closes the gate, queues everything it times (events,
// copies, kernels) and opens it, so the device starts on work that is all queued already: the
// latency of a launch falls before the first event, never between two of them.
//
// The gate spins on a flag in mapped pinned memory and gives up after kTimeout, so a host
// that never opens it cannot hang the GPU. A host held up while queueing would otherwise
// deadlock: CUDA loads kernels lazily, and a first launch may wait for the device to go idle
// while the device waits for the gate. Every kernel launched behind a gate is therefore loaded
// before (the load functions of launchers.h), and checkOpenedInTime() turns a gate that timed
// out into an error instead of times that include the wait.
#pragma once

#include <chrono>

#include "cuda_resources.h"

namespace accellab::kernels::cuda {

class LaunchGate {
 public:
  // Far beyond the microseconds a host takes to queue a handful of calls, even on a busy
  // machine; short enough that a gate nobody opens shows within seconds.
  static constexpr std::chrono::seconds kTimeout{5};

  // The gate, closed on a stream; opened by open() or, on every other path out of the
  // queueing code (exceptions included), by the destructor.
  class Closed {
   public:
    Closed(const Closed&) = delete;
    Closed& operator=(const Closed&) = delete;
    ~Closed() { open(); }
    void open() noexcept;

   private:
    friend class LaunchGate;
    explicit Closed(LaunchGate& gate) : gate_(&gate) {}
    LaunchGate* gate_;
  };

  // On the current device; allocates the flags once, for every run of the owner, and loads
  // the gate's kernel.
  LaunchGate();

  // Queues the gate on `stream`: what is queued there next waits until the Closed opens.
  // The stream must be past the previous gate (each run drains its stream before returning).
  [[nodiscard]] Closed close(const Stream& stream);

  // Once the stream is past the gate: throws std::runtime_error when the gate gave up on its
  // timeout instead of being opened, as the times behind it would include the wait.
  void checkOpenedInTime() const;

  // Loads the gate's kernel on the current device (see launchers.h).
  static void load();

 private:
  MappedBuffer<unsigned> flags_;  // [kOpen], [kTimedOut]: written by the host, read by the gate
  unsigned* deviceFlags_ = nullptr;
};

}  // namespace accellab::kernels::cuda
