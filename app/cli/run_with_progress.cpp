#include "run_with_progress.h"

#include <iostream>

#include "progress_line.h"

namespace accellab::cli {

namespace {

RunCallbacks callbacksFor(ProgressLine& line, const PointHandler& onPoint) {
  RunCallbacks callbacks;
  callbacks.progress = [&line](const Progress& p) { line.update(p); };
  callbacks.pointFinished = [&line, &onPoint](const PointResult& result) {
    line.clear();
    onPoint(result);
    std::cout.flush();
  };
  return callbacks;
}

}  // namespace

std::vector<PointResult> runWithProgress(Runner& runner, const std::vector<Point>& points,
                                         const MeasureConfig& config, std::stop_token stop,
                                         const PointHandler& onPoint, double bandwidthBytesPerS) {
  ProgressLine line;
  RunCallbacks callbacks = callbacksFor(line, onPoint);
  callbacks.bandwidthBytesPerS = bandwidthBytesPerS;
  return runner.run(points, config, callbacks, stop);
}

std::vector<std::size_t> rerunWithProgress(Runner& runner, std::vector<PointResult>& results,
                                           const MeasureConfig& config, std::size_t maxAttempts,
                                           std::stop_token stop, const PointHandler& onPoint) {
  ProgressLine line;
  return runner.rerunUnstable(results, config, maxAttempts, callbacksFor(line, onPoint), stop);
}

}  // namespace accellab::cli
