// Drives one kernel run the way the runner does, without the runner: registry, prepare,
// poison, run, verify.
#pragma once

#include <QtTest>

#include <chrono>
#include <memory>
#include <stop_token>
#include <string>
#include <thread>

#include "accellab/kernels/builtin.h"

namespace accellab::test {

inline const Engine& builtinEngine() {
  static const Engine engine = kernels::makeBuiltinEngine();
  return engine;
}

inline const Registry& builtinKernels() { return builtinEngine().registry(); }

inline const Kernel& kernelNamed(const char* name) {
  const Kernel* kernel = builtinKernels().find(name);
  if (kernel == nullptr) qFatal("kernel %s is not registered", name);
  return *kernel;
}

// Empty when the variant runs here, else why not.
inline std::string unavailableReason(const Kernel& kernel, const std::string& variant) {
  const VariantInfo* info = kernel.info().variant(variant);
  if (info == nullptr) return "no such variant";
  return info->availability.available ? std::string() : info->availability.reason;
}

struct Completed {
  RunOutcome outcome;
  Verification verification;
  std::string isa;
  std::string stores;
};

inline Completed prepareRunVerify(const Kernel& kernel, const Params& params,
                                  const std::string& variant, const PrepareOptions& options) {
  const std::unique_ptr<KernelRun> run = kernel.prepare(params, variant, options);
  run->poisonOutput();
  Completed done;
  done.outcome = run->run({});
  done.verification = run->verify();
  done.isa = run->isa();
  done.stores = run->stores();
  return done;
}

inline Completed prepareRunVerify(const Kernel& kernel, const Params& params,
                                  const std::string& variant, int threads) {
  return prepareRunVerify(kernel, params, variant, {.threads = threads});
}

// Seconds from a stop request, made `after` into run(), to run() returning; whether it
// reported cancelled; and how long run() took.
struct Cancellation {
  bool cancelled = false;
  double secondsAfterRequest = 0;
  std::chrono::microseconds ran{0};
};

// One run with a stop requested `after` into it, whether or not the run is still going then.
inline Cancellation stopAfter(KernelRun& run, std::chrono::microseconds after) {
  using Clock = std::chrono::steady_clock;
  std::stop_source source;
  Clock::time_point requested;
  const Clock::time_point started = Clock::now();
  std::jthread stopper([&] {
    std::this_thread::sleep_until(started + after);
    requested = Clock::now();
    source.request_stop();
  });
  const RunOutcome outcome = run.run(source.get_token());
  const Clock::time_point returned = Clock::now();
  stopper.join();
  return {outcome.cancelled, std::chrono::duration<double>(returned - requested).count(),
          std::chrono::duration_cast<std::chrono::microseconds>(returned - started)};
}

// A stop requested while the run is in progress, on a fast machine as on a slow one: first
// `after` into the run; a run that completed before that was quicker than the test assumed
// (an AVX-512 machine sweeps 512^3 floats in under 50 ms), and its own time says where its
// middle is: the stop is requested at half of it, again up to five times (a run can come out
// quicker than the one timed). Returns the first cancelled run, else the last try.
inline Cancellation cancelMidRun(KernelRun& run, std::chrono::microseconds after) {
  Cancellation last;
  for (int attempt = 0; attempt < 6; ++attempt) {
    last = stopAfter(run, after);
    if (last.cancelled) return last;
    after = last.ran / 2;
  }
  return last;
}

}  // namespace accellab::test
