// Waiting for queued work while watching a stop token: cudaEventSynchronize could not be
// interrupted, so a stop request would wait for everything queued.
#pragma once

#include <chrono>
#include <stop_token>
#include <thread>

#include "cuda_resources.h"

namespace accellab::kernels::cuda {

// Short against the 0.5 s a stop may take, and against the tens of milliseconds of the work
// we wait for, so the stream never runs dry while the host sleeps; long enough that the
// polling thread costs its core next to nothing.
inline constexpr std::chrono::microseconds kPollInterval{100};
// Small runs end within microseconds: the first millisecond is polled without sleeping, so
// they do not each wait out a sleep.
inline constexpr std::chrono::microseconds kSpinTime{1000};

// True once `event` has completed; false as soon as a stop is requested before that (the work
// is still queued: the caller drains the stream before its buffers may go).
inline bool waitUnlessStopped(const Event& event, const std::stop_token& stop) {
  const auto spinUntil = std::chrono::steady_clock::now() + kSpinTime;
  while (!event.completed()) {
    if (stop.stop_requested()) return false;
    if (std::chrono::steady_clock::now() < spinUntil) {
      std::this_thread::yield();
    } else {
      std::this_thread::sleep_for(kPollInterval);
    }
  }
  return true;
}

}  // namespace accellab::kernels::cuda
