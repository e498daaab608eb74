// Ctrl+C, and the SIGTERM and SIGHUP that `timeout`, Slurm, CI cancellations and a closed
// terminal send, as a stop request. They are blocked in every thread we start and received
// synchronously by one watcher thread (sigtimedwait): the first requests a stop through the
// token the runner checks, a second one quits at once. The only handler forwards a signal
// that lands on a library's thread started before main to the watcher.
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
  bool interrupted() const { return signal_.load() != 0; }
  // The first stop signal received (SIGINT, SIGTERM, SIGHUP), 0 before one.
  int signal() const { return signal_.load(); }
  // 128 + that signal, as shells report a death by it: 130, 143, 129.
  int exitCode() const { return 128 + signal(); }

 private:
  void watch(std::stop_token watcherStop);

  sigset_t previousMask_{};
  struct sigaction previousActions_[3]{};  // of kStopSignals
  std::stop_source stop_;
  std::atomic<int> signal_{0};
  std::jthread watcher_;  // last: started after everything it uses exists
};

}  // namespace accellab::cli
