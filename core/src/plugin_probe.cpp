// pluginEndsItsLoader: a plugin loaded in a forked child before this process loads it.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "accellab/child_process.h"
#include "accellab/plugin_loader.h"
#include "accellab/printable.h"

namespace accellab {

std::optional<std::string> pluginEndsItsLoader(const std::filesystem::path& file, double timeoutS) {
  const ForkedOutcome outcome = callForked(
      [&file] {
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
        return std::string();
      },
      timeoutS);
  switch (outcome.end) {
    case ForkedOutcome::End::returned:
    case ForkedOutcome::End::notForked:  // no child to ask: loaded as before
    case ForkedOutcome::End::stopped:
      return std::nullopt;
    case ForkedOutcome::End::timedOut:
      return "plugin " + printable(file.string()) + ": loading it did not end within " +
             std::to_string(static_cast<long long>(timeoutS)) +
             " s in a child process: not loaded, which would hang this one";
    case ForkedOutcome::End::ended:
      break;
  }
  return "plugin " + printable(file.string()) + ": its code " +
         (WIFSIGNALED(outcome.waitStatus) ? "crashed" : "ended") +
         " a child process that loaded it (" + describeExit(outcome.waitStatus) +
         ", before AccelLab could check it): not loaded, which would end this one";
}

}  // namespace accellab
