#include "accellab/run_plan.h"

#include <algorithm>

namespace accellab {

MeasureConfig planMeasure(MeasureConfig settings, const SystemInfo& machine) {
  settings.maxReps = std::max(settings.maxReps, settings.minReps);
  settings.streamingFromBytes = machine.streamingFromBytes;
  settings.splitFromBytes = machine.splitFromBytes;
  return settings;
}

}  // namespace accellab
