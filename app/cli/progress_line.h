// A single updating line on stderr with the current point, the fraction done and the time
// left. Silent unless stderr is a terminal, so logs and pipes get only the table.
#pragma once

#include <string>

#include "accellab/runner.h"

namespace accellab::cli {

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
};

}  // namespace accellab::cli
