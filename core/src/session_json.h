// Parts of a session as JSON values, for the worker protocol (worker_protocol.cpp), which
// carries points and results exactly as a session stores them, and the Google Benchmark
// reader (gbench.cpp). Internal to core.
#pragma once

#include "accellab/session.h"
#include "json_reader.h"

namespace accellab::detail {

// A point's key (kernel, variant, params, threads, ranks): the first members of a point.
Json pointJson(const Point& point);
Point readPointJson(const JsonNode& node);
// A measured point, as in a session's "points". The writer throws SessionError when a
// name is not plain; the reader throws it naming what is wrong.
Json pointResultJson(const PointResult& result);
PointResult readPointResultJson(const JsonNode& node);
// A run's "settings": the measuring targets and quality limits.
Json runSettingsJson(const RunSettings& settings);
RunSettings readRunSettingsJson(const JsonNode& node);
// One load average (a session's system.load_average, Google Benchmark's load_avg): a number
// from 0 to 2^22, the most tasks Linux runs (PID_MAX_LIMIT), else no measurement.
double readLoadAverage(const JsonNode& node);

}  // namespace accellab::detail
