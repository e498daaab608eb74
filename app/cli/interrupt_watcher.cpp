#include "interrupt_watcher.h"

#include <pthread.h>
#include <unistd.h>

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

}  // namespace

InterruptWatcher::InterruptWatcher() {
  const sigset_t set = interruptSet();
  pthread_sigmask(SIG_BLOCK, &set, &previousMask_);
  watcher_ = std::jthread([this](std::stop_token watcherStop) { watch(watcherStop); });
}

InterruptWatcher::~InterruptWatcher() {
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
