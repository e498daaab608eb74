#include "python_variant.h"

#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "accellab_module.h"  // generated: kAccellabModule, resources/python/accellab.py
#include "python_child.h"
#include "python_script.h"  // generated: kPythonScript, resources/python/accellab_variants.py

namespace accellab::kernels {
namespace {

// Preparing imports numba (seconds on a cold cache) and calibrates python-loop (a fraction of
// a second); a child silent for this long is hung.
constexpr std::chrono::seconds kPrepareTimeout{120};
// A run of the tutorial's own code has no timeout: it ends when it is done or stopped
// (python-loop's time is estimated, and refused above its limit, before it runs). A user's
// function (accellab.Builtin) has the timeout its prepare names (timeout_s), as asv's.
constexpr std::chrono::hours kNoTimeout{24 * 365};
// A request is a few hundred bytes: a child that takes none for this long has stopped reading.
constexpr std::chrono::seconds kSendTimeout{30};
// The default python-loop limit: a run of 10 s already makes a point take minutes with the
// runner's repetitions.
constexpr double kDefaultLoopLimitS = 10;

nlohmann::json parseReply(const std::string& line) {
  nlohmann::json reply = nlohmann::json::parse(line, nullptr, false);
  if (reply.is_discarded() || !reply.is_object())
    throw std::runtime_error("python replied '" + line + "'");
  if (reply.contains("error")) throw std::runtime_error(reply["error"].get<std::string>());
  return reply;
}

std::string seconds(double s) {
  std::ostringstream text;
  text.precision(s < 10 ? 2 : 3);
  text << s << " s";
  return text.str();
}

}  // namespace

RunOutcome runOutcome(const std::optional<PythonOutcome>& outcome) {
  RunOutcome result;
  result.cancelled = !outcome;
  if (outcome) {
    result.timedS = outcome->seconds;
    result.cpuS = outcome->cpuSeconds;
  }
  return result;
}

double pythonLoopLimitS() {
  const char* text = std::getenv("ACCELLAB_PYTHON_LOOP_LIMIT_S");
  if (text == nullptr || *text == '\0') return kDefaultLoopLimitS;
  char* end = nullptr;
  const double limit = std::strtod(text, &end);
  if (*end != '\0' || !(limit > 0))
    throw std::runtime_error(std::string("ACCELLAB_PYTHON_LOOP_LIMIT_S='") + text +
                             "' is not a positive number of seconds");
  return limit;
}

PythonVariant::PythonVariant(nlohmann::json prepare, std::vector<int> inherited,
                             std::stop_token stop)
    : prepare_(std::move(prepare)), inherited_(std::move(inherited)) {
  std::vector<int> fds;
  for (std::size_t i = 0; i < inherited_.size(); ++i) fds.push_back(3 + static_cast<int>(i));
  prepare_["op"] = "prepare";
  prepare_["fds"] = fds;
  if (!start(stop)) throw std::runtime_error("stopped while python prepared");
}

PythonVariant::PythonVariant(PythonVariant&&) noexcept = default;
PythonVariant::~PythonVariant() = default;

bool PythonVariant::start(std::stop_token stop) {
  // The accellab module too: a user's file whose functions join add imports it.
  child_ = std::make_unique<PythonChild>(pythonInterpreter(), kPythonScript, inherited_,
                                         std::vector<std::string>{kAccellabModule});
  std::optional<std::string> line;
  if (child_->send(prepare_.dump(), stop, kSendTimeout))
    line = child_->receive(stop, kPrepareTimeout);
  if (!line) {
    child_.reset();
    if (stop.stop_requested()) return false;
    throw std::runtime_error("python did not prepare within 120 s");
  }
  const nlohmann::json reply = parseReply(*line);
  if (const auto estimate = reply.find("estimate_s"); estimate != reply.end()) {
    const double limit = pythonLoopLimitS();
    if (estimate->get<double>() > limit)
      throw std::runtime_error("python-loop would take about " + seconds(estimate->get<double>()) +
                               " per run, above the limit of " + seconds(limit) +
                               " (raise it with ACCELLAB_PYTHON_LOOP_LIMIT_S)");
  }
  return true;
}

std::optional<PythonOutcome> PythonVariant::run(std::stop_token stop) {
  if (stop.stop_requested()) return std::nullopt;
  if (!child_ && !start(stop)) return std::nullopt;
  const double timeoutS = prepare_.value("timeout_s", 0.0);
  const auto timeout = timeoutS > 0
                           ? std::chrono::milliseconds(static_cast<std::int64_t>(timeoutS * 1000))
                           : std::chrono::milliseconds(kNoTimeout);
  std::optional<std::string> line;
  try {
    if (child_->send(R"({"op": "run"})", stop, kSendTimeout)) line = child_->receive(stop, timeout);
  } catch (...) {
    child_.reset();  // it died: the next run prepares a new child
    throw;
  }
  if (!line) {
    child_.reset();  // killed mid-call: the next run prepares a new child
    if (stop.stop_requested()) return std::nullopt;
    throw std::runtime_error("the call did not return within its timeout of " + seconds(timeoutS) +
                             "; its Python child was ended");
  }
  const nlohmann::json reply = parseReply(*line);
  PythonOutcome outcome{reply.at("seconds").get<double>(), std::nullopt};
  if (const auto hits = reply.find("hits"); hits != reply.end())
    outcome.hits = hits->get<std::uint64_t>();
  if (const auto cpu = reply.find("cpu_seconds"); cpu != reply.end() && cpu->is_number())
    outcome.cpuSeconds = cpu->get<double>();
  return outcome;
}

}  // namespace accellab::kernels
