// A single updating line on stderr with the current point, the fraction done and the time
// left. Silent unless stderr is a terminal, so logs and pipes get only the table.
#pragma once

#include <cstddef>
#include <string>
#include <utility>

#include "accellab/runner.h"

namespace accellab::cli {

// The line for `progress` in a terminal `columns` wide: "[2/4]  37% add · parallel ×2 threads
// · 1024x1024x512 f64 — measuring 3 of 10  ETA 0:12". Too long, the point's name loses its
// middle ("…"), so the counter, the phase and the time left always show.
std::string progressLineText(const Progress& progress, std::size_t columns);

class ProgressLine {
 public:
  ProgressLine();
  ~ProgressLine();  // clears the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void update(const Progress& progress);
  // Erases the line so that other output starts at the left margin; the next update redraws.
  void clear();

 private:
  bool enabled_ = false;
  bool shown_ = false;
  double lastDrawS_ = -1;
  std::pair<std::size_t, RunPhase> lastStage_{};
};

}  // namespace accellab::cli
