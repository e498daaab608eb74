#include "charts/chartset.h"

#include "charts/firstcallchart.h"
#include "charts/gpubreakdownchart.h"
#include "charts/rankscalingchart.h"
#include "charts/rooflinechart.h"
#include "charts/scalingchart.h"
#include "charts/speedupchart.h"
#include "charts/throughputchart.h"
#include "charts/timechart.h"

namespace accellab::gui {

std::vector<std::unique_ptr<ChartView>> createCharts() {
  std::vector<std::unique_ptr<ChartView>> charts;
  charts.push_back(std::make_unique<TimeChart>());
  charts.push_back(std::make_unique<SpeedupChart>());
  charts.push_back(std::make_unique<ThroughputChart>());
  charts.push_back(std::make_unique<ScalingChart>());
  charts.push_back(std::make_unique<GpuBreakdownChart>());
  charts.push_back(std::make_unique<FirstCallChart>());
  charts.push_back(std::make_unique<RooflineChart>());
  charts.push_back(std::make_unique<RankScalingChart>());
  return charts;
}

}  // namespace accellab::gui
