// The machine probe as text: a few lines above a run's table, or the full `sysinfo` view.
#pragma once

#include <ostream>

#include "accellab/sysinfo.h"

namespace accellab::cli {

// Three lines: CPU and memory, the bandwidth ceiling, the GPU.
void writeSystemSummary(const SystemInfo& system, std::ostream& out);
// One labelled line per fact the probe found.
void writeSystemDetails(const SystemInfo& system, std::ostream& out);

}  // namespace accellab::cli
