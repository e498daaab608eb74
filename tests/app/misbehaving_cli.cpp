// accellab-cli with one kernel that misbehaves on request (misbehaving_kernel.h), for the
// isolated worker's tests. Its worker is this same program (`run --isolate` re-executes
// /proc/self/exe), so the worker knows the kernel too. Never installed.
#include <memory>
#include <string>
#include <vector>

#include "accellab/kernels/builtin.h"
#include "accellab/registry.h"
#include "commands.h"
#include "misbehaving_kernel.h"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  using namespace accellab;
  return cli::runCli(args, [](const EngineOptions& options) {
    const Engine builtin = kernels::makeBuiltinEngine(options);
    auto registry = std::make_shared<Registry>();
    registry->add(std::make_unique<test::MisbehavingKernel>());
    // The machine as the probe sees it, without its ceilings: nothing here needs them.
    return Engine(
        std::move(registry), [builtin] { return builtin.memoryAvailable(); },
        [builtin](const ProbeOptions&) {
          return builtin.probeSystem({.measureBandwidth = false});
        });
  });
}
