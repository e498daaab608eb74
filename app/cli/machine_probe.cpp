#include "machine_probe.h"

#include "accellab/machine_cache.h"

namespace accellab::cli {

void addRemeasureOption(ArgumentParser& parser) {
  parser.flag("--remeasure", "measure the bandwidth again, not reusing this machine's last result");
}

SystemInfo probeMachineFor(const ArgumentParser& parser, const Engine& engine, std::stop_token stop,
                           std::ostream& err) {
  const MachineCache cache(defaultMachineCacheFile());
  MachineProbe probe = parser.has("--remeasure") ? measureMachine(engine, cache, stop)
                                                 : probeMachine(engine, cache, stop);
  if (!probe.warning.empty())
    err << "accellab-cli: warning: the bandwidth measurement is not kept for the next run: "
        << probe.warning << '\n';
  return std::move(probe.system);
}

}  // namespace accellab::cli
