// Ctrl+C as a stop request. SIGINT is blocked in every thread we start and received
// synchronously by one watcher thread (sigtimedwait): the first Ctrl+C requests a stop
// through the token the runner checks, a second one quits at once. The only handler
// forwards a SIGINT that lands on a library's thread started before main to the watcher.
#pragma once

#include <atomic>
#include <csignal>
#include <stop_token>
#include <thread>

namespace accellab::cli {

class InterruptWatcher {
 public:
  // Construct before any other thread starts (OpenMP, CUDA): threads inherit the mask.
  InterruptWatcher();
  ~InterruptWatcher();
  InterruptWatcher(const InterruptWatcher&) = delete;
  InterruptWatcher& operator=(const InterruptWatcher&) = delete;

  std::stop_token token() const { return stop_.get_token(); }
  bool interrupted() const { return interrupted_.load(); }

 private:
  void watch(std::stop_token watcherStop);

  sigset_t previousMask_{};
  struct sigaction previousAction_ {};
  std::stop_source stop_;
  std::atomic<bool> interrupted_{false};
  std::jthread watcher_;  // last: started after everything it uses exists
};

}  // namespace accellab::cli
