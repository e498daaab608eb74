#include "run_with_progress.h"

#include <iostream>

#include "progress_line.h"

namespace accellab::cli {

std::vector<PointResult> runWithProgress(Runner& runner, const std::vector<Point>& points,
                                         const MeasureConfig& config, std::stop_token stop,
                                         const std::function<void(const PointResult&)>& onPoint) {
  ProgressLine progress;
  RunCallbacks callbacks;
  callbacks.progress = [&](const Progress& p) { progress.update(p); };
  callbacks.pointFinished = [&](const PointResult& result) {
    progress.clear();
    onPoint(result);
    std::cout.flush();
  };
  return runner.run(points, config, callbacks, stop);
}

}  // namespace accellab::cli
