// Runs points for a command: the progress line on a terminal, each finished point handed on
// after the line is cleared, and the stop token (Ctrl+C) passed to the runner.
#pragma once

#include <functional>
#include <stop_token>
#include <vector>

#include "accellab/runner.h"

namespace accellab::cli {

using PointHandler = std::function<void(const PointResult&)>;

// `bandwidthBytesPerS`, the machine's measured ceiling, lets the line's time left predict
// memory-bound points before any has finished (0: not measured).
std::vector<PointResult> runWithProgress(Runner& runner, const std::vector<Point>& points,
                                         const MeasureConfig& config, std::stop_token stop,
                                         const PointHandler& onPoint,
                                         double bandwidthBytesPerS = 0);

// Runner::rerunUnstable with the same progress line; returns the indices re-measured.
std::vector<std::size_t> rerunWithProgress(Runner& runner, std::vector<PointResult>& results,
                                           const MeasureConfig& config, std::size_t maxAttempts,
                                           std::stop_token stop, const PointHandler& onPoint);

}  // namespace accellab::cli
