// A kernel that misbehaves on request, for the isolated worker's tests: `misbehave`, whose
// parameter `how` picks what its third run (in the measuring phase) does. Built into
// accellab-cli-misbehaving (its worker) and the tests that drive it.
#pragma once

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "accellab/engine.h"
#include "accellab/kernel.h"

namespace accellab::test {

enum How : std::uint64_t {
  behave = 1,  // a parameter is a positive count
  segfault,
  abortNow,
  throwError,
  hangIgnoringStop,
  runOutOfMemory,  // allocates, then ends as the OOM killer would (SIGKILL)
  printGarbage,    // to stdout and stderr, then behaves
  exitMidPoint,
  throwNotUtf8,  // a message with a byte that is not UTF-8
  kHowCount
};

class MisbehavingRun : public KernelRun {
 public:
  explicit MisbehavingRun(std::uint64_t how) : how_(how) {}
  void poisonOutput() override { out_ = -1; }
  RunOutcome run(std::stop_token) override {
    if (++runs_ == 3) misbehave();
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(200);
    while (std::chrono::steady_clock::now() < until) {
    }
    out_ = 42;
    return {};
  }
  Verification verify() const override {
    return {out_ == 42, out_ == 42 ? "42, as expected" : "not 42", std::nullopt};
  }

 private:
  void misbehave() {
    switch (how_) {
      case segfault:
        std::fprintf(stderr, "about to write through a null pointer\n");
        std::raise(SIGSEGV);
        break;
      case abortNow:
        std::fprintf(stderr, "misbehave: assertion 'everything fine' failed\n");
        std::abort();
      case throwError:
        throw std::runtime_error("the kernel threw: bad state");
      case hangIgnoringStop:
        for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
      case runOutOfMemory: {
        std::vector<std::unique_ptr<char[]>> hog;
        for (int i = 0; i < 16; ++i) hog.push_back(std::make_unique<char[]>(1 << 20));
        std::raise(SIGKILL);
        break;
      }
      case printGarbage:
        std::printf("{\"type\":\"result\",\"id\":1} not the protocol \x1b[2J\n");
        std::fflush(stdout);
        std::fprintf(stderr, "garbage on stderr too\n");
        break;
      case exitMidPoint:
        std::exit(0);
      case throwNotUtf8:
        throw std::runtime_error(
            "Gr\xf6\xdf"
            "e \xff: not UTF-8");
      default:
        break;
    }
  }

  std::uint64_t how_;
  int out_ = 0;
  int runs_ = 0;
};

class MisbehavingKernel : public Kernel {
 public:
  MisbehavingKernel() {
    info_.name = "misbehave";
    info_.description = "a kernel that crashes, hangs or lies on request (tests only)";
    info_.problem = ProblemKind::parameters;
    info_.parameters = {{.name = "how",
                         .description =
                             "1 behaves, 2 SIGSEGV, 3 abort, 4 throws, 5 hangs, 6 OOM "
                             "kill, 7 prints garbage, 8 exit(0), 9 throws a message that is not "
                             "UTF-8",
                         .defaultValue = behave,
                         .min = behave,
                         .max = kHowCount - 1,
                         .verifyValues = {}}};
    info_.variants = {{.name = "loop",
                       .description = "misbehaves as asked",
                       .usesThreads = false,
                       .onDevice = false,
                       .availability = Availability::yes()}};
    info_.intensityNote = "none";
  }
  const KernelInfo& info() const override { return info_; }
  Workload workload(const Params&) const override { return {1, 8, 0}; }
  MemoryNeed memoryNeed(const Params&, std::string_view) const override { return {64, 0}; }
  std::unique_ptr<KernelRun> prepare(const Params& params, std::string_view,
                                     const PrepareOptions&) const override {
    return std::make_unique<MisbehavingRun>(paramOf(info_, params, "how"));
  }

 private:
  KernelInfo info_;
};

// The kernel alone, on a machine of 1 GiB that probes nothing: for a window or a run worker
// whose worker (accellab-cli-misbehaving) measures it.
inline Engine misbehavingEngine() {
  auto registry = std::make_shared<Registry>();
  registry->add(std::make_unique<MisbehavingKernel>());
  return Engine(
      std::move(registry),
      [] {
        return MemoryAvailable{std::uint64_t{1} << 30, {}};
      },
      [](const ProbeOptions&) { return SystemInfo{}; });
}

}  // namespace accellab::test
