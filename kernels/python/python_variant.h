// A variant the python backend runs: the embedded script (resources/python/) in a child
// Python process, prepared once and then run on request. A cancelled run kills the child; the
// next run starts a new one and prepares it again.
#pragma once

#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

#include <nlohmann/json.hpp>

#include "accellab/kernel.h"

namespace accellab::kernels {

class PythonChild;

// One run's reply: the seconds Python timed around the call, the CPU seconds of the child over
// them (all its threads), and pi's hit count.
struct PythonOutcome {
  double seconds = 0;
  std::optional<std::uint64_t> hits;
  std::optional<double> cpuSeconds{};
};

class PythonVariant {
 public:
  // Starts the child with `inherited` as its fds 3, 4, ... and sends `prepare` (its "fds"
  // are set here). Throws std::runtime_error with Python's message when preparing fails, and
  // refuses python-loop when its estimated time is above ACCELLAB_PYTHON_LOOP_LIMIT_S. A
  // `stop` request while the child prepares kills it and throws within 0.5 s.
  PythonVariant(nlohmann::json prepare, std::vector<int> inherited, std::stop_token stop = {});
  PythonVariant(PythonVariant&&) noexcept;
  ~PythonVariant();

  // Empty when `stop` was requested during the run (the child is then killed). Throws
  // std::runtime_error with Python's message when the run fails.
  std::optional<PythonOutcome> run(std::stop_token stop);

 private:
  bool start(std::stop_token stop);  // false when stopped first

  nlohmann::json prepare_;
  std::vector<int> inherited_;
  std::unique_ptr<PythonChild> child_;
};

// What the runner gets from a run: cancelled when it was stopped, else Python's own time.
RunOutcome runOutcome(const std::optional<PythonOutcome>& outcome);

// The seconds python-loop may take per run before prepare refuses it.
double pythonLoopLimitS();

}  // namespace accellab::kernels
