#include "interrupt_watcher.h"

#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <ctime>

#include "cli_error.h"

namespace accellab::cli {
namespace {

sigset_t interruptSet() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  return set;
}

// How long the watcher sleeps between checks of its own stop request.
constexpr timespec kPollInterval{0, 100'000'000};

// A thread that a library starts while it is loaded, before main (OpenBLAS's pthread build
// starts its pool then), has SIGINT unblocked, and a SIGINT the kernel hands it would end the
// process. A handler, which only such threads run, passes it on to the watcher thread, which
// blocks it and so receives it in sigtimedwait. A handler reaches nothing but globals: this
// one, set before the handler is installed, is the only one.
std::atomic<pthread_t> watcherThread;

void forwardToWatcher(int) { pthread_kill(watcherThread.load(), SIGINT); }

}  // namespace

InterruptWatcher::InterruptWatcher() {
  const sigset_t set = interruptSet();
  pthread_sigmask(SIG_BLOCK, &set, &previousMask_);
  watcher_ = std::jthread([this](std::stop_token watcherStop) { watch(watcherStop); });
  watcherThread.store(watcher_.native_handle());
  struct sigaction forward {};
  forward.sa_handler = &forwardToWatcher;
  sigemptyset(&forward.sa_mask);
  sigaction(SIGINT, &forward, &previousAction_);
}

InterruptWatcher::~InterruptWatcher() {
  sigaction(SIGINT, &previousAction_, nullptr);
  watcher_.request_stop();
  watcher_.join();
  pthread_sigmask(SIG_SETMASK, &previousMask_, nullptr);
}

void InterruptWatcher::watch(std::stop_token watcherStop) {
  const sigset_t set = interruptSet();
  while (!watcherStop.stop_requested()) {
    if (sigtimedwait(&set, nullptr, &kPollInterval) != SIGINT) continue;  // timeout or EINTR
    if (interrupted_.exchange(true)) {
      static constexpr char kMessage[] = "\naccellab-cli: interrupted again, quitting\n";
      [[maybe_unused]] auto written = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
      std::_Exit(kExitInterrupted);
    }
    stop_.request_stop();
  }
}

}  // namespace accellab::cli
