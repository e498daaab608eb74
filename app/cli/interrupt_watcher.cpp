#include "interrupt_watcher.h"

#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <ctime>
#include <iterator>

namespace accellab::cli {
namespace {

constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

sigset_t interruptSet() {
  sigset_t set;
  sigemptyset(&set);
  for (const int signal : kStopSignals) sigaddset(&set, signal);
  return set;
}

// How long the watcher sleeps between checks of its own stop request.
constexpr timespec kPollInterval{0, 100'000'000};

// A thread that a library starts while it is loaded, before main (OpenBLAS's pthread build
// starts its pool then), has these signals unblocked, and one the kernel hands it would end
// the process. A handler, which only such threads run, passes it on to the watcher thread, which
// blocks it and so receives it in sigtimedwait. A handler reaches nothing but globals: this
// one, set before the handler is installed, is the only one.
std::atomic<pthread_t> watcherThread;

void forwardToWatcher(int signal) { pthread_kill(watcherThread.load(), signal); }

}  // namespace

InterruptWatcher::InterruptWatcher() {
  const sigset_t set = interruptSet();
  pthread_sigmask(SIG_BLOCK, &set, &previousMask_);
  watcher_ = std::jthread([this](std::stop_token watcherStop) { watch(watcherStop); });
  watcherThread.store(watcher_.native_handle());
  struct sigaction forward {};
  forward.sa_handler = &forwardToWatcher;
  sigemptyset(&forward.sa_mask);
  static_assert(std::size(kStopSignals) == std::size(decltype(previousActions_){}));
  for (std::size_t i = 0; i < std::size(kStopSignals); ++i)
    sigaction(kStopSignals[i], &forward, &previousActions_[i]);
}

InterruptWatcher::~InterruptWatcher() {
  for (std::size_t i = 0; i < std::size(kStopSignals); ++i)
    sigaction(kStopSignals[i], &previousActions_[i], nullptr);
  watcher_.request_stop();
  watcher_.join();
  pthread_sigmask(SIG_SETMASK, &previousMask_, nullptr);
}

void InterruptWatcher::watch(std::stop_token watcherStop) {
  const sigset_t set = interruptSet();
  while (!watcherStop.stop_requested()) {
    const int signal = sigtimedwait(&set, nullptr, &kPollInterval);
    if (signal <= 0) continue;  // timeout or EINTR
    int first = 0;              // the first signal, when one came before
    if (!signal_.compare_exchange_strong(first, signal)) {
      static constexpr char kMessage[] = "\naccellab-cli: interrupted again, quitting\n";
      [[maybe_unused]] auto written = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
      std::_Exit(128 + first);
    }
    stop_.request_stop();
  }
}

}  // namespace accellab::cli
