// The findings of a run (insights.h) as text under its table: `run --insights`, `report
// --insights`.
#pragma once

#include <ostream>
#include <vector>

#include "accellab/report.h"
#include "accellab/session.h"
#include "argument_parser.h"

namespace accellab::cli {

// --insights, and the findings as files: --insights-json FILE, --insights-markdown FILE
// (written by ReporterSet::writeFiles with the tables).
void addInsightOptions(ArgumentParser& parser);

// "Findings:" and a line each, or the line saying there are none and why that may be.
void writeInsights(const Run& run, const ReportOptions& options, std::ostream& out);
// "Across runs:" and a line for each later run's change against the first (insights.h,
// runChange); nothing for one run.
void writeInsightsAcross(const std::vector<Run>& runs, std::ostream& out);

}  // namespace accellab::cli
