// The findings of a run (insights.h) as text under its table: `run --insights`, `report
// --insights`.
#pragma once

#include <ostream>

#include "accellab/report.h"
#include "accellab/session.h"
#include "argument_parser.h"

namespace accellab::cli {

// --insights, and the findings as files: --insights-json FILE, --insights-markdown FILE
// (written by ReporterSet::writeFiles with the tables).
void addInsightOptions(ArgumentParser& parser);

// "Findings:" and a line each, or the line saying there are none and why that may be.
void writeInsights(const Run& run, const ReportOptions& options, std::ostream& out);

}  // namespace accellab::cli
