// How long the charts take for sessions with many series, built in memory (issue 8: 4096
// thread counts drew nothing in 120 s, 3000 problems half the charts, 100 KB names took a
// minute and 10 GB). Prints one line per session: the chart input, every chart of the panel
// built (what the window does), and every chart rendered as --export-charts does.
#include <sys/resource.h>
#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <algorithm>
#include <cstdio>
#include <functional>

#include "chart_sessions.h"
#include "charts/chartexport.h"
#include "charts/chartpanel.h"
#include "models/resultsmodel.h"

using namespace accellab;
using namespace accellab::gui;
using namespace accellab::testing;

namespace {

double secondsOf(const std::function<void()>& work) {
  QElapsedTimer timer;
  timer.start();
  work();
  return static_cast<double>(timer.nsecsElapsed()) / 1e9;
}

void measure(const char* name, const Session& session) {
  std::size_t points = 0;
  for (const Run& run : session.runs) points += run.points.size();
  const double input =
      secondsOf([&] { (void)makeChartInput(session, "add", {.baseline = "loop"}); });
  const double panel = secondsOf([&] {
    ChartPanel charts;
    charts.resize(1200, 800);
    charts.setSession(&session);
    charts.setKernel(QStringLiteral("add"));
    for (int chart = 0; chart < charts.chartCount(); ++chart) (void)charts.snapshot(chart);
  });
  const double exported = secondsOf([&] {
    (void)renderSessionCharts(
        session, {}, kExportLogicalSize, kExportScale,
        [](const std::string&, const QString&, const QImage&) { return std::optional<QString>(); });
  });
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf(
      "%-28s %6zu points  input %7.3f s  panel (6 charts) %7.3f s  export (6 PNG images) "
      "%7.3f s  peak RSS %ld MB\n",
      name, points, input, panel, exported, usage.ru_maxrss / 1024);
}

// A long run as the window receives it: `points` appended one by one to the results table.
// The time per point of the first and the last thousand: flat when an append costs its own
// row (it cost every earlier row once).
void appendToTable(int problems) {
  const Session session = manyProblems(problems);
  Run run = session.runs.front();
  run.points.clear();
  // The document's runs, changed first and then told, as SessionDocument does.
  std::vector<Run> runs;
  ResultsModel model(runs);
  model.setReportOptions({.baseline = "loop"});
  runs.push_back(run);
  model.runAppended(run.id);
  const std::vector<PointResult>& points = session.runs.front().points;
  constexpr std::size_t kBatch = 1000;
  std::vector<double> perPoint;
  for (std::size_t first = 0; first < points.size(); first += kBatch) {
    const std::size_t last = std::min(points.size(), first + kBatch);
    perPoint.push_back(secondsOf([&] {
                         for (std::size_t i = first; i < last; ++i) {
                           runs.front().points.push_back(points[i]);
                           model.pointAppended(run.id);
                         }
                       }) /
                       static_cast<double>(last - first));
  }
  std::printf(
      "results table, %zu points appended: %.1f us per point for the first %zu, %.1f us "
      "for the last (%.2fx)\n",
      points.size(), perPoint.front() * 1e6, kBatch, perPoint.back() * 1e6,
      perPoint.back() / perPoint.front());
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  measure("8 thread counts", manyThreadCounts(8));
  measure("256 thread counts", manyThreadCounts(256));
  measure("4096 thread counts", manyThreadCounts(4096));
  measure("3000 problems", manyProblems(3000));
  measure("3 variants of 100 KB names", longVariantNames(100 * 1024, 3));
  measure("200 variants of 1 KB names", longVariantNames(1024, 200));
  appendToTable(5000);  // 10,000 points: loop and vectorized of each problem
  return 0;
}
