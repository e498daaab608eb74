#include "accellab/engine.h"

#include <stdexcept>

namespace accellab {

Engine::Engine(std::shared_ptr<const Registry> registry, MemoryProbe memory, SystemProbe system,
               std::shared_ptr<Collective> collective)
    : registry_(std::move(registry)),
      memory_(std::move(memory)),
      system_(std::move(system)),
      collective_(collective ? std::move(collective) : std::make_shared<SoloCollective>()) {
  if (!registry_) throw std::invalid_argument("an engine needs a registry");
  if (!memory_) throw std::invalid_argument("an engine needs a memory probe");
  if (!system_) throw std::invalid_argument("an engine needs a system probe");
}

Runner Engine::runner(Clock clock, Clock cpuClock, std::shared_ptr<CounterSource> counters) const {
  return Runner(*registry_, memory_, std::move(clock), collective_, std::move(cpuClock),
                std::move(counters));
}

}  // namespace accellab
