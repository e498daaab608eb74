// The chart tests' golden session and the chart panel's tabs.
#pragma once

#include "accellab/session.h"

namespace accellab::testing {

// The chart panel's tabs, in order.
enum Chart { timeChart, speedup, throughput, scaling, gpuBreakdown, firstCall, roofline };

// The golden session's first run: one run with every kind of point.
inline Session goldenChartSession() {
  Session session = readSessionFile(ACCELLAB_TEST_DATA_DIR "/session.json");
  session.runs.resize(1);
  return session;
}

}  // namespace accellab::testing
