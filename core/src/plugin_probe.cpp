// pluginEndsItsLoader: a plugin loaded in a forked child before this process loads it.
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <thread>

#include "accellab/child_process.h"
#include "accellab/plugin_loader.h"
#include "accellab/printable.h"

namespace accellab {
namespace {

// The child's own word that loadPlugin came back; any other end is the plugin's doing.
constexpr int kLoaded = 113;

}  // namespace

std::optional<std::string> pluginEndsItsLoader(const std::filesystem::path& file, double timeoutS) {
  // What this process has buffered would be written twice by a child that calls exit().
  std::fflush(nullptr);
  const pid_t parent = ::getpid();
  const pid_t child = ::fork();
  if (child < 0) return std::nullopt;  // no child to ask: loaded as before
  if (child == 0) {
    // A plugin that hangs must not outlive whoever gave up on it (a killed CLI's child).
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(kLoaded);
    // A plugin's exit() ends the child at once, with its status: no atexit handler of the
    // parent's runs twice (a sanitizer's leak check among them), no buffer is flushed twice.
    ::on_exit([](int status, void*) { ::_exit(status); }, nullptr);
    // What the plugin prints while it loads is the real load's to say.
    const int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) {
      ::dup2(null, STDOUT_FILENO);
      ::dup2(null, STDERR_FILENO);
    }
    try {
      loadPlugin(file);
    } catch (...) {
      // A refusal: the real load says it.
    }
    ::_exit(kLoaded);
  }
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(timeoutS));
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(child, &status, WNOHANG);
    if (done == child) break;
    if (done < 0 && errno != EINTR) return std::nullopt;
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(child, SIGKILL);
      while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
      }
      return "plugin " + printable(file.string()) + ": loading it did not end within " +
             std::to_string(static_cast<long long>(timeoutS)) +
             " s in a child process: not loaded, which would hang this one";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == kLoaded) return std::nullopt;
  return "plugin " + printable(file.string()) + ": its code " +
         (WIFSIGNALED(status) ? "crashed" : "ended") + " a child process that loaded it (" +
         describeExit(status) +
         ", before AccelLab could check it): not loaded, which would end this one";
}

}  // namespace accellab
