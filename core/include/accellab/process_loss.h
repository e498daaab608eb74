// A failure that leaves this process unable to measure anything more: a sticky CUDA error (an
// illegal address, a kernel that faulted) loses the device context until the process exits,
// so every later GPU point here would fail for a reason not its own. Such a failure's message
// ends with kProcessLost; a worker process (worker.h) that reports one exits after it, and the
// next point starts in a fresh one with a clean context.
#pragma once

#include <string_view>

namespace accellab {

inline constexpr std::string_view kProcessLost =
    " (a sticky error: this process's CUDA context is lost, its later GPU work would fail too)";

inline bool losesTheProcess(std::string_view reason) {
  return reason.find(kProcessLost) != std::string_view::npos;
}

}  // namespace accellab
