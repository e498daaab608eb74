// The charts against the engine's numbers for a CLI-made session, and their export to PNG
// (read back: size, colours) and SVG.
#include <QComboBox>
#include <QImage>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "accellab/report.h"
#include "accellab/stats.h"
#include "charts/chartexport.h"
#include "charts/chartpanel.h"
#include "session/sessiondocument.h"

using namespace accellab;
using namespace accellab::gui;

namespace {

enum Chart { timeChart, speedup, throughput, scaling, gpuBreakdown };

Session goldenSession() {
  Session session;
  const auto error = readSession(QStringLiteral(ACCELLAB_TEST_DATA_DIR "/session.json"), session);
  if (error) qFatal("%s", qPrintable(*error));
  session.runs.resize(1);  // one run with every kind of point
  return session;
}

// Indexes of the kernel's ok points, in session order: what the charts draw.
std::vector<PointResult> okPoints(const Session& session, const std::string& kernel) {
  std::vector<PointResult> points;
  for (const auto& p : session.runs[0].points)
    if (p.point.kernel == kernel && p.status == PointStatus::ok) points.push_back(p);
  return points;
}

// Charts scale values to a readable unit (×1, ×1e3, ...): the same power of 1000 for all.
void verifyScaledBy(const std::vector<double>& shown, const std::vector<double>& engine) {
  QCOMPARE(shown.size(), engine.size());
  const double factor = shown.front() / engine.front();
  const double exponent = std::log10(factor) / 3;
  QVERIFY2(std::abs(exponent - std::round(exponent)) < 1e-9, "unit factor is not a power of 1000");
  for (std::size_t i = 0; i < shown.size(); ++i)
    QVERIFY(qFuzzyCompare(shown[i], engine[i] * factor));
}

int distinctColours(const QImage& image) {
  QSet<QRgb> colours;
  for (int y = 0; y < image.height(); y += 3)
    for (int x = 0; x < image.width(); x += 3) colours.insert(image.pixel(x, y));
  return static_cast<int>(colours.size());
}

}  // namespace

class TestCharts : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    session_ = goldenSession();
    panel_ = std::make_unique<ChartPanel>();
    panel_->resize(900, 600);
    panel_->setSession(&session_);
    panel_->setKernel(QStringLiteral("add"));
  }

  void speedupBarsAreTheReportSpeedups() {
    const auto rows = buildReportRows(okPoints(session_, "add"),
                                      ceilingsOf(session_.runs[0].system), {.baseline = "loop"});
    const auto series = panel_->snapshot(speedup);
    QCOMPARE(series.size(), std::size_t{1});  // one problem size, one bar set
    QCOMPARE(series[0].name, QStringLiteral("64x64x64 f64"));
    QCOMPARE(series[0].points.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
      QCOMPARE(series[0].points[i].y(), *rows[i].speedup);
  }

  void baselineIsSelectable() {
    panel_->setBaseline(QStringLiteral("vectorized"));
    const auto rows = buildReportRows(
        okPoints(session_, "add"), ceilingsOf(session_.runs[0].system), {.baseline = "vectorized"});
    const auto series = panel_->snapshot(speedup);
    for (std::size_t i = 0; i < rows.size(); ++i)
      QCOMPARE(series[0].points[i].y(), *rows[i].speedup);
    QCOMPARE(series[0].points[1].y(), 1.0);
  }

  // End to end, the gpu bar is the engine's end-to-end speedup, and the table hears of it.
  void gpuTimeIsSelectable() {
    const auto* box = panel_->findChild<QComboBox*>(QStringLiteral("chartGpuTime"));
    QVERIFY(box && box->isEnabled());  // the session's add has a gpu point
    panel_->setKernel(QStringLiteral("pi"));
    QVERIFY(!box->isEnabled());  // its pi gpu point was skipped: nothing to choose
    panel_->setKernel(QStringLiteral("add"));
    QSignalSpy changed(panel_.get(), &ChartPanel::reportOptionsChanged);
    panel_->setGpuTime(GpuTime::endToEnd);
    QCOMPARE(changed.count(), 1);
    QVERIFY(changed.at(0).at(0).value<ReportOptions>().gpuTime == GpuTime::endToEnd);
    const auto points = okPoints(session_, "add");
    const auto rows = buildReportRows(points, ceilingsOf(session_.runs[0].system),
                                      {.baseline = "loop", .gpuTime = GpuTime::endToEnd});
    const auto series = panel_->snapshot(speedup);
    const std::size_t gpu = points.size() - 1;
    QCOMPARE(points[gpu].point.variant, std::string("gpu"));
    QCOMPARE(series[0].points[gpu].y(), *rows[gpu].speedup);
    QCOMPARE(*rows[gpu].speedup, points[0].stats.medianS / points[gpu].gpu->endToEndS);
  }

  void timeBoxesHoldTheMedians() {
    const auto points = okPoints(session_, "add");
    const auto series = panel_->snapshot(timeChart);
    QCOMPARE(series.size(), std::size_t{1});
    std::vector<double> shown, engine;
    for (std::size_t i = 0; i < points.size(); ++i) {
      shown.push_back(series[0].points[i].y());
      engine.push_back(median(points[i].samplesS));
    }
    verifyScaledBy(shown, engine);
  }

  void throughputLinesAndCeiling() {
    const auto points = okPoints(session_, "add");
    const auto series = panel_->snapshot(throughput);
    // A line per variant, the host's ceiling for the CPU points and the GPU's for the gpu one.
    QCOMPARE(series.size(), points.size() + 2);
    std::vector<double> shown, engine;
    for (std::size_t i = 0; i < points.size(); ++i) {
      QCOMPARE(series[i].points.size(), std::size_t{1});
      QCOMPARE(series[i].points[0].x(), double(problemSize(points[i].point.params)));
      shown.push_back(series[i].points[0].y());
      engine.push_back(points[i].bytesPerS);
    }
    const auto& host = series[series.size() - 2];
    const auto& device = series.back();
    QVERIFY(host.name.startsWith(QStringLiteral("host copy ceiling")));
    QVERIFY(device.name.startsWith(QStringLiteral("GPU copy ceiling")));
    for (const auto* ceiling : {&host, &device}) {
      QCOMPARE(ceiling->points.size(), std::size_t{2});
      shown.push_back(ceiling->points[0].y());
    }
    engine.push_back(session_.runs[0].system.bandwidthCeilingBytesPerS);
    engine.push_back(selectedGpu(session_.runs[0].system)->copyCeilingBytesPerS);
    verifyScaledBy(shown, engine);
  }

  void gpuBreakdownStacksTransfers() {
    const auto points = okPoints(session_, "add");
    const auto sets = panel_->snapshot(gpuBreakdown);
    QCOMPARE(sets.size(), std::size_t{4});  // host→device, kernel, device→host, CPU end-to-end
    const std::size_t gpu = points.size() - 1;
    QCOMPARE(points[gpu].point.variant, std::string("gpu"));
    // The gpu point's bar with pinned copies, then one with the pageable copies.
    QCOMPARE(sets[0].points.size(), points.size() + 1);
    const std::size_t pageable = gpu + 1;
    const GpuTiming& timing = *points[gpu].gpu;
    std::vector<double> shown{sets[0].points[gpu].y(),      sets[1].points[gpu].y(),
                              sets[2].points[gpu].y(),      sets[3].points[0].y(),
                              sets[0].points[pageable].y(), sets[1].points[pageable].y(),
                              sets[2].points[pageable].y()};
    std::vector<double> engine{
        timing.h2dS,         timing.kernelS, timing.d2hS,        points[0].stats.medianS,
        timing.h2dPageableS, timing.kernelS, timing.d2hPageableS};
    verifyScaledBy(shown, engine);
    QCOMPARE(sets[3].points[gpu].y(), 0.0);  // the GPU's time is in its stack, not the CPU bar
    QCOMPARE(sets[3].points[pageable].y(), 0.0);
  }

  void scalingNeedsSeveralThreadCounts() {
    QVERIFY(
        panel_->snapshot(scaling).empty());  // the golden session has parallel at 2 threads only
    // Add the 1-thread point: now a line from 1 to 2 threads, and the ideal line.
    PointResult one = okPoints(session_, "add")[2];
    one.point.threads = 1;
    one.samplesS = {0.001, 0.001, 0.001};
    one.stats = summarize(one.samplesS);
    session_.runs[0].points.push_back(one);
    panel_->refresh();
    const auto series = panel_->snapshot(scaling);
    QCOMPARE(series.size(), std::size_t{2});
    QCOMPARE(series[0].points.size(), std::size_t{2});
    QCOMPARE(series[0].points[0], QPointF(1, 1));
    QCOMPARE(series[0].points[1].x(), 2.0);
    QVERIFY(
        qFuzzyCompare(series[0].points[1].y(), 0.001 / okPoints(session_, "add")[2].stats.medianS));
    QCOMPARE(series[1].points.back(), QPointF(2, 2));
  }

  void exportsPngAtTheChosenSize_data() {
    QTest::addColumn<int>("chart");
    for (int chart = 0; chart < 5; ++chart) QTest::addRow("chart %d", chart) << chart;
  }
  void exportsPngAtTheChosenSize() {
    QFETCH(int, chart);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chart.png"));
    QVERIFY(!panel_->exportPng(chart, path, QSize(450, 300), 2));
    const QImage image(path);
    QCOMPARE(image.size(), QSize(900, 600));
    QVERIFY(distinctColours(image) > 10);
  }

  void exportsSvg() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chart.svg"));
    QVERIFY(!panel_->exportSvg(speedup, path, QSize(600, 400)));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray svg = file.readAll();
    QVERIFY(svg.contains("<svg"));
    QVERIFY(svg.contains("Speedup over loop"));
  }

  void exportsEveryChartOfASession() {
    QTemporaryDir dir;
    QStringList written;
    QVERIFY(!exportSessionCharts(session_, dir.path(), written));
    QCOMPARE(written.size(), 10);  // two kernels, five charts each
    QVERIFY(written.contains(dir.filePath(QStringLiteral("add-speedup.png"))));
    QVERIFY(written.contains(dir.filePath(QStringLiteral("pi-gpu-breakdown.png"))));
    for (const QString& path : written) {
      const QImage image(path);
      QCOMPARE(image.size(), kExportLogicalSize * kExportScale);
      QVERIFY(distinctColours(image) > 10);
    }
  }

  void emptySessionHasNothingToExport() {
    QTemporaryDir dir;
    QStringList written;
    const auto error = exportSessionCharts(Session{}, dir.path(), written);
    QVERIFY(error.has_value());
    QVERIFY(written.isEmpty());
  }

 private:
  Session session_;
  std::unique_ptr<ChartPanel> panel_;
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
