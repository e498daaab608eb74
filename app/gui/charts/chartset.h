// The charts in their display order; the one place that knows which charts exist.
#pragma once

#include <memory>
#include <vector>

#include "charts/chartview.h"

namespace accellab::gui {

std::vector<std::unique_ptr<ChartView>> createCharts();

}  // namespace accellab::gui
