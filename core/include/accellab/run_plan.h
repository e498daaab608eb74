// What both front ends do to a run's settings before its first point: one place, so that a
// run from the window measures as the same run from the command line does.
#pragma once

#include "accellab/measure_config.h"
#include "accellab/sysinfo.h"

namespace accellab {

// The measurement a run makes on `machine`: `settings` with their maximum of repetitions raised
// to their minimum (a user who asks for 200,000 repetitions gets them, not the default
// maximum's 100,000), and the machine's measured crossovers that the kernels decide by
// (streaming stores, splitting between threads).
MeasureConfig planMeasure(MeasureConfig settings, const SystemInfo& machine);

}  // namespace accellab
