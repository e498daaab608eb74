// Runs a list of points for a command: the progress line on a terminal, each finished point
// handed on after the line is cleared, and the stop token (Ctrl+C) passed to the runner.
#pragma once

#include <functional>
#include <stop_token>
#include <vector>

#include "accellab/runner.h"

namespace accellab::cli {

std::vector<PointResult> runWithProgress(Runner& runner, const std::vector<Point>& points,
                                         const MeasureConfig& config, std::stop_token stop,
                                         const std::function<void(const PointResult&)>& onPoint);

}  // namespace accellab::cli
