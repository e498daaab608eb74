// The machine probe as text: a few lines above a run's table, or the full `sysinfo` view.
#pragma once

#include <ostream>
#include <vector>

#include "accellab/session.h"
#include "accellab/sysinfo.h"

namespace accellab::cli {

// Three lines: CPU and memory, the bandwidth ceiling, the GPU; then a line per condition the
// run's system-conditions check warned about.
void writeSystemSummary(const SystemInfo& system, const std::vector<SystemCondition>& conditions,
                        std::ostream& out);
// One labelled line per fact the probe found, then the conditions that warn (one line each).
void writeSystemDetails(const SystemInfo& system, const std::vector<SystemCondition>& conditions,
                        std::ostream& out);

}  // namespace accellab::cli
