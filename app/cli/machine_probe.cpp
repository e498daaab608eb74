#include "machine_probe.h"

#include "accellab/machine_cache.h"

namespace accellab::cli {

void addRemeasureOption(ArgumentParser& parser) {
  parser.flag("--remeasure", "measure the bandwidth again, not reusing this machine's last result");
}

SystemInfo probeMachineFor(const ArgumentParser& parser, const Engine& engine, std::stop_token stop,
                           std::ostream& err) {
  const MachineCache cache(defaultMachineCacheFile());
  // Seconds of silence before the summary would look like a hang.
  const auto measuring = [&err] {
    err << "accellab-cli: measuring this machine's bandwidth and compute ceilings (a few "
           "seconds, once per machine and build)\n"
        << std::flush;
  };
  MachineProbe probe;
  if (parser.has("--remeasure")) {
    measuring();
    probe = measureMachine(engine, cache, stop);
  } else {
    probe = probeMachine(engine, cache, stop, measuring);
  }
  if (!probe.distrusted.empty())
    err << "accellab-cli: warning: the machine cache held " << probe.distrusted
        << ", which this machine cannot have measured: measured again\n";
  if (!probe.warning.empty())
    err << "accellab-cli: warning: the bandwidth measurement is not kept for the next run: "
        << probe.warning << '\n';
  return std::move(probe.system);
}

}  // namespace accellab::cli
