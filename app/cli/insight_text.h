// The findings of a run (insights.h) as text under its table: `run --insights`, `report
// --insights`.
#pragma once

#include <ostream>

#include "accellab/report.h"
#include "accellab/session.h"

namespace accellab::cli {

inline constexpr const char* kInsightsHelp =
    "say under each run's table why its variants are fast or slow (docs/insights.md)";

// "Findings:" and a line each, or the line saying there are none and why that may be.
void writeInsights(const Run& run, const ReportOptions& options, std::ostream& out);

}  // namespace accellab::cli
