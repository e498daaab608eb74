// The roofline, the cache sizes on the throughput chart and the Amdahl fit on the scaling
// chart, for hand-made sessions whose positions are known: roofs at their heights and ridges,
// points at their intensities, notes for what cannot be drawn, and the roofline's export.
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <set>

#include "charts/chartexport.h"
#include "charts/chartpanel.h"
#include "golden_chart_session.h"
#include "insights/insighttext.h"
#include "roofline_session.h"

using namespace accellab;
using namespace accellab::gui;
using namespace accellab::testing;

namespace {

const SeriesSnapshot* named(const std::vector<SeriesSnapshot>& series, const QString& name) {
  for (const SeriesSnapshot& s : series)
    if (s.name == name) return &s;
  return nullptr;
}

bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), 1.0); }

}  // namespace

class TestRoofline : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    panel_ = std::make_unique<ChartPanel>();
    panel_->resize(1000, 620);
  }

  // triad's f64 points at 1/12 FLOP/B under the host's f64 roofs; the f32 roof is left out.
  void roofsAndPointsOfTriad() {
    show(triadSession(), "triad");
    const auto series = panel_->snapshot(roofline);
    const auto [xLow, xHigh] = panel_->axisRange(roofline, Qt::Horizontal);
    // The bandwidth roof y = 40 GB/s × I (in GFLOP/s), up to the highest f64 roof's ridge.
    const SeriesSnapshot* bandwidth = named(series, QStringLiteral("host copy ceiling 40.0 GB/s"));
    QVERIFY(bandwidth);
    QCOMPARE(bandwidth->points.size(), std::size_t{2});
    QCOMPARE(bandwidth->points[0].x(), xLow);
    for (const QPointF& p : bandwidth->points) QVERIFY(near(p.y(), kRoofBandwidth * p.x() / 1e9));
    QVERIFY(near(bandwidth->points[1].x(), 64e9 / kRoofBandwidth));  // the ridge: 1.6 FLOP/B
    QVERIFY(near(bandwidth->points[1].y(), 64.0));
    // Each f64 compute roof flat from its own ridge to the axis' end.
    for (const auto& [name, peak] :
         {std::pair(QStringLiteral("f64 scalar 1 thread 4.00 GFLOP/s"), 4e9),
          std::pair(QStringLiteral("f64 AVX2 1 thread 16.0 GFLOP/s"), 16e9),
          std::pair(QStringLiteral("f64 AVX2 \u00d74 threads 64.0 GFLOP/s"), 64e9)}) {
      const SeriesSnapshot* roof = named(series, name);
      QVERIFY2(roof, qPrintable(name));
      QCOMPARE(roof->points.size(), std::size_t{2});
      QVERIFY(near(roof->points[0].x(), peak / kRoofBandwidth));
      QCOMPARE(roof->points[1].x(), xHigh);
      QVERIFY(near(roof->points[0].y(), peak / 1e9));
      QVERIFY(near(roof->points[1].y(), peak / 1e9));
    }
    for (const SeriesSnapshot& s : series) QVERIFY(!s.name.startsWith(QStringLiteral("f32")));
    // A marker per point, by variant label: every problem at 2 / 24 FLOP/B. The four sizes of
    // a variant reach the same GFLOP/s here: they stand side by side, a marker's width apart,
    // not one over the other (issue 42, item 8), and near their intensity, which the tooltip
    // gives exactly.
    const Session session = triadSession();
    for (const QString& label :
         {QStringLiteral("loop"), QStringLiteral("vectorized"), QStringLiteral("parallel \u00d71"),
          QStringLiteral("parallel \u00d72"), QStringLiteral("parallel \u00d74")}) {
      const SeriesSnapshot* markers = named(series, label);
      QVERIFY2(markers, qPrintable(label));
      QCOMPARE(markers->points.size(), std::size_t{4});
      std::set<double> columns;
      for (std::size_t i = 0; i < markers->points.size(); ++i) {
        const double x = markers->points[i].x();
        // At most three markers' widths (1.4 % of the axis each) from it.
        const double reach = std::pow(xHigh / xLow, 3 * 0.014) * 1.0001;
        QVERIFY2(x > 2.0 / 24 / reach && x < 2.0 / 24 * reach, qPrintable(QString::number(x)));
        QVERIFY(near(markers->points[i].y(), markers->points[0].y()));
        columns.insert(x);
        QVERIFY(markers->toolTips[i].contains(QStringLiteral("intensity 0.0833 FLOP/B")));
      }
      QVERIFY2(columns.size() == 4, qPrintable(label));
      // A marker's width apart, on the chart as drawn: 11 px.
      panel_->show();
      QVERIFY(QTest::qWaitForWindowExposed(panel_.get()));
      panel_->setCurrentChart(roofline);
      QCoreApplication::processEvents();
      QChart& chart =
          *qobject_cast<QChartView*>(panel_->chartViewport(roofline)->parent())->chart();
      std::vector<double> xs;
      for (const double x : columns) xs.push_back(chart.mapToPosition(QPointF(x, 1)).x());
      for (std::size_t i = 1; i < xs.size(); ++i)
        QVERIFY2(xs[i] - xs[i - 1] >= 8, qPrintable(QString::number(xs[i] - xs[i - 1])));
    }
    // loop reaches 2 FLOPs per ns: 2 GFLOP/s, 60 % of the bandwidth roof above it (3.33).
    const SeriesSnapshot* loop = named(series, QStringLiteral("loop"));
    QVERIFY(near(loop->points[0].y(), 2.0));
    QVERIFY2(loop->toolTips[0].contains(
                 QStringLiteral("60.0 % of the roof above it (host copy ceiling 40.0 GB/s)")),
             qPrintable(loop->toolTips[0]));
    QCOMPARE(loop->colours[0], QColor(0x0072b2).darker(130));  // the outline of loop's blue
    // parallel ×4 beats the bandwidth roof (caches): above every roof.
    const SeriesSnapshot* four = named(series, QStringLiteral("parallel \u00d74"));
    QVERIFY(four->toolTips[0].contains(QStringLiteral("above every roof")));
    QVERIFY(!panel_->chartTitle(roofline).contains(QStringLiteral("not measured")));
  }

  // A compute-bound kernel sits right of the ridge, under the flat roofs.
  void computeBoundPointsUnderTheFlatRoof() {
    show(matmulAndPi(), "matmul");
    const auto series = panel_->snapshot(roofline);
    const SeriesSnapshot* vectorized = named(series, QStringLiteral("vectorized"));
    QVERIFY(vectorized);
    QVERIFY(near(vectorized->points[0].x(), 2.0 * 256 / 24));
    QVERIFY(near(vectorized->points[0].y(), 12.0));
    QVERIFY2(vectorized->toolTips[0].contains(
                 QStringLiteral("75.0 % of the roof above it (f64 AVX2 1 thread 16.0 GFLOP/s)")),
             qPrintable(vectorized->toolTips[0]));
  }

  // Points of both dtypes: both dtypes' roofs, named apart.
  void bothDtypesHaveTheirRoofs() {
    Session session = triadSession();
    PointResult single = session.runs[0].points[0];
    single.point.params.dtype = DType::f32;
    session.runs[0].points.push_back(single);
    show(session, "triad");
    const auto series = panel_->snapshot(roofline);
    QVERIFY(named(series, QStringLiteral("f32 AVX2 \u00d74 threads 128 GFLOP/s")));
    QVERIFY(named(series, QStringLiteral("f64 AVX2 \u00d74 threads 64.0 GFLOP/s")));
  }

  // pi moves no memory: no intensity to plot, and the chart says so.
  void pointsWithoutMemoryTrafficAreNoted() {
    show(matmulAndPi(), "pi");
    QVERIFY(panel_->snapshot(roofline).empty());
    QVERIFY2(panel_->chartTitle(roofline).contains(
                 QStringLiteral("moved no memory: no finite arithmetic intensity, not plotted")),
             qPrintable(panel_->chartTitle(roofline)));
  }

  // A session whose points count no FLOPs (as before kernels counted them).
  void emptyWithoutCountedFlops() {
    Session session = goldenChartSession();
    for (Run& run : session.runs) {
      for (PointResult& point : run.points) {
        point.flops = 0;
        point.flopsPerS = 0;
      }
    }
    panel_->setSession(&session);
    panel_->setKernel(QStringLiteral("add"));
    QVERIFY(panel_->snapshot(roofline).empty());
    QVERIFY(panel_->chartTitle(roofline).contains(
        QStringLiteral("No point of this kernel counted its floating-point operations")));
  }

  // A kernel whose points all failed: each gap with its reason; never "counted no FLOPs".
  void emptyWhenNothingWasMeasured() {
    Session session = goldenChartSession();
    for (Run& run : session.runs)
      for (PointResult& point : run.points)
        if (point.point.kernel == "add") {
          point.status = PointStatus::failed;
          point.reason = "killed by SIGSEGV";
        }
    panel_->setSession(&session);
    panel_->setKernel(QStringLiteral("add"));
    QVERIFY(panel_->snapshot(roofline).empty());
    const QString title = panel_->chartTitle(roofline);
    QVERIFY2(!title.contains(QStringLiteral("floating-point")) &&
                 title.contains(QStringLiteral("(failed: killed by SIGSEGV)")),
             qPrintable(title));
  }

  // The cache-aware roofline: each cache level's roof drawn under its name in the legend, up to
  // the highest compute roof, and a point that fits a cache read against that level's roof
  // (the compute roofs left out, so that the bandwidth roofs are the roofs above the points).
  void cacheRoofsAboveTheMemoryRoof() {
    Session session = triadSession();
    session.runs[0].system.computeCeilings.clear();
    session.runs[0].system.cacheRoofs = {
        {1, 48 * 1024, 1, 400e9}, {2, 2 * 1024 * 1024, 1, 200e9}, {1, 48 * 1024, 4, 1600e9}};
    show(session, "triad");
    const auto series = panel_->snapshot(roofline);
    const auto [xLow, xHigh] = panel_->axisRange(roofline, Qt::Horizontal);
    for (const auto& [name, bytesPerS] :
         {std::pair(QStringLiteral("L1 roof \u00d71 400 GB/s"), 400e9),
          std::pair(QStringLiteral("L2 roof \u00d71 200 GB/s"), 200e9),
          std::pair(QStringLiteral("L1 roof \u00d74 1.60 TB/s"), 1600e9)}) {
      const SeriesSnapshot* roof = named(series, name);
      QVERIFY2(roof, qPrintable(name));
      QCOMPARE(roof->points[0].x(), xLow);
      for (const QPointF& p : roof->points) QVERIFY(near(p.y(), bytesPerS * p.x() / 1e9));
      QCOMPARE(roof->points[1].x(), xHigh);
    }
    // loop at 4096 elements moves 96 KiB a call: in L2 (2 MiB), not L1 (48 KiB); 2 GFLOP/s
    // of the L2 roof's 200 GB/s x 1/12 FLOP/B = 16.7: 12.0 %.
    const SeriesSnapshot* loop = named(series, QStringLiteral("loop"));
    QVERIFY2(loop->toolTips[0].contains(
                 QStringLiteral("12.0 % of the roof above it (L2 roof \u00d71 200 GB/s)")),
             qPrintable(loop->toolTips[0]));
    // At 4 Mi elements (96 MiB) no cache holds it: the memory roof, as before.
    QVERIFY2(loop->toolTips[3].contains(QStringLiteral("(host copy ceiling 40.0 GB/s)")),
             qPrintable(loop->toolTips[3]));
  }

  // A session from before the compute roofs: the bandwidth roof across the whole axis.
  void olderSessionHasTheBandwidthRoofOnly() {
    Session session = triadSession();
    session.runs[0].system.computeCeilings.clear();
    show(session, "triad");
    const auto series = panel_->snapshot(roofline);
    QCOMPARE(series.size(), std::size_t{1 + 5});  // the roof, the five labels' markers
    const auto [xLow, xHigh] = panel_->axisRange(roofline, Qt::Horizontal);
    QCOMPARE(series[0].points.back().x(), xHigh);
    QVERIFY(near(series[0].points.back().y(), kRoofBandwidth * xHigh / 1e9));
    QVERIFY(panel_->chartTitle(roofline).contains(
        QStringLiteral("Compute roofs not measured for the host in run 1")));
  }

  // A gpu point is read against the GPU's roofs, drawn in their own colour.
  void gpuPointsHaveTheDevicesRoofs() {
    Session session = triadSession();
    GpuInfo gpu;
    gpu.name = "Roof GPU";
    gpu.copyCeilingBytesPerS = 3e12;
    session.runs[0].system.gpus = {gpu};
    session.runs[0].system.cudaBuilt = true;
    session.runs[0].system.computeCeilings.push_back({DType::f64, "CUDA", 0, 0, 60e12});
    PointResult onGpu = counted("triad", "gpu", shape(1, 1, 1u << 22), 2e-5, 2u << 22, 24u << 22);
    onGpu.gpu = GpuTiming{2e-5, 1e-3, 1e-3, 2.02e-3, 0, 0};
    session.runs[0].points.push_back(onGpu);
    show(session, "triad");
    const auto series = panel_->snapshot(roofline);
    const SeriesSnapshot* copy = named(series, QStringLiteral("GPU copy ceiling 3.00 TB/s"));
    QVERIFY(copy);
    QVERIFY(near(copy->points.back().x(), 60e12 / 3e12));
    const SeriesSnapshot* cuda = named(series, QStringLiteral("f64 CUDA GPU 0 60.0 TFLOP/s"));
    QVERIFY(cuda);
    QCOMPARE(cuda->colours[0], copy->colours[0]);
    QVERIFY(cuda->colours[0] !=
            named(series, QStringLiteral("host copy ceiling 40.0 GB/s"))->colours[0]);
    const SeriesSnapshot* marker = named(series, QStringLiteral("gpu"));
    QVERIFY(marker->toolTips[0].contains(QStringLiteral("(GPU copy ceiling 3.00 TB/s)")));
  }

  // The findings the Roofline is the evidence of stand beside their points: each point's
  // tooltip has the findings resting on it in the Insights tab's words, and each kind is titled
  // once on the chart (issue 42: "the Roofline's points ... with the finding that concerns them
  // beside").
  void findingsStandBesideTheirPoints() {
    show(triadSession(), "triad");
    const std::vector<Insight> findings = findInsights(session_.runs.front());
    std::set<QString> titles;
    std::size_t rooflineFindings = 0;
    const auto series = panel_->snapshot(roofline);
    for (const Insight& finding : findings) {
      if (finding.chart != "roofline") continue;
      ++rooflineFindings;
      titles.insert(insightTitle(finding.kind));
      const PointResult& first = session_.runs.front().points.at(finding.rows.front());
      const QString text = insightText(finding);
      const bool told = std::ranges::any_of(series, [&](const SeriesSnapshot& s) {
        return std::ranges::any_of(s.toolTips, [&](const QString& tip) {
          return tip.contains(QString::fromStdString(first.point.variant)) && tip.contains(text);
        });
      });
      QVERIFY2(told, qPrintable(text));
    }
    QVERIFY(rooflineFindings > 0);
    std::multiset<QString> shown;
    for (const SeriesSnapshot& s : series)
      for (const QString& label : s.valueLabels)
        if (titles.contains(label)) shown.insert(label);
    QCOMPARE(shown, std::multiset<QString>(titles.begin(), titles.end()));
  }

  // Two runs overlaid: one legend entry per variant, which hides both runs' markers; and
  // each roof's label within the plot, not into the legend at its right (issue 42, items 8
  // and 11: the label ran off the edge, the legend was cut at "numba…").
  void overlaidRunsShareALegendEntryAndLabelsStayInThePlot() {
    Session session = triadSession();
    session.runs.push_back(session.runs.front());
    session.runs.back().id = 2;
    // A long name for the highest roof, as a machine with several ISAs has.
    session.runs.front().system.computeCeilings.back().isa = "AVX-512 with a long description";
    show(session, "triad");
    panel_->setVisibleRuns({1, 2});
    panel_->show();
    QVERIFY(QTest::qWaitForWindowExposed(panel_.get()));
    panel_->setCurrentChart(roofline);
    QCoreApplication::processEvents();
    auto* view = qobject_cast<QChartView*>(panel_->chartViewport(roofline)->parent());
    QStringList entries;
    for (const QLegendMarker* marker : view->chart()->legend()->markers())
      if (marker->isVisible()) entries << marker->label();
    QCOMPARE(entries.count(QStringLiteral("loop")), 1);
    QVERIFY2(std::ranges::none_of(
                 entries, [](const QString& e) { return e.contains(QStringLiteral("run")); }),
             qPrintable(entries.join(QStringLiteral(", "))));
    const QRectF plot = view->chart()->plotArea();
    int roofLabels = 0;
    for (const QGraphicsItem* item : view->scene()->items()) {
      const auto* text = dynamic_cast<const QGraphicsSimpleTextItem*>(item);
      if (!text || !text->text().contains(QStringLiteral("GFLOP/s"))) continue;
      ++roofLabels;
      const QRectF at = item->sceneBoundingRect();
      QVERIFY2(at.left() >= plot.left() - 0.5 && at.right() <= plot.right() + 0.5,
               qPrintable(text->text()));
    }
    QVERIFY(roofLabels > 0);
    // The legend's entry hides the variant in both runs.
    panel_->setEntryHidden(roofline, QStringLiteral("loop"), true);
    int hidden = 0;
    for (const SeriesSnapshot& s : panel_->snapshot(roofline))
      if (s.name == QStringLiteral("loop")) hidden += !s.visible;
    QCOMPARE(hidden, 2);
  }

  // Ceilings at the ends of what a double holds put ridges at infinity: those roofs are left
  // out, nothing drawn is infinite.
  void extremeCeilingsDrawNothingInfinite() {
    Session session = triadSession();
    session.runs[0].system.bandwidthCeilingBytesPerS = 1e-300;
    session.runs[0].system.computeCeilings = {{DType::f64, "AVX2", 4, -1, 1e280},
                                              {DType::f64, "scalar", 1, -1, 1e-300}};
    show(session, "triad");
    const auto series = panel_->snapshot(roofline);
    QCOMPARE(series.size(), std::size_t{5 + 2});  // the markers, the bandwidth and scalar roofs
    for (const SeriesSnapshot& s : series)
      for (const QPointF& p : s.points)
        QVERIFY2(std::isfinite(p.x()) && std::isfinite(p.y()), qPrintable(s.name));
  }

  void exportWritesTheRoofline() {
    QTemporaryDir dir;
    QStringList written;
    QVERIFY(!exportSessionCharts(matmulAndPi(), dir.path(), written));
    for (const char* kernel : {"triad", "matmul", "pi"}) {
      const QString path =
          dir.filePath(QStringLiteral("%1-roofline.png").arg(QLatin1String(kernel)));
      QVERIFY2(written.contains(path), qPrintable(path));
      QCOMPARE(QImage(path).size(), kExportLogicalSize * kExportScale);
    }
  }

  // --- the throughput chart's caches ---

  // Lines where 24 bytes per element fill each data cache, on the axis' range only.
  void cacheSizesOnTheThroughputAxis() {
    show(triadSession(), "triad");
    const auto series = panel_->snapshot(throughput);
    const auto [yLow, yHigh] = panel_->axisRange(throughput, Qt::Vertical);
    for (const auto& [name, bytes] : {std::pair(QStringLiteral("L1 48 KiB"), 48.0 * 1024),
                                      std::pair(QStringLiteral("L2 2 MiB"), 2.0 * 1024 * 1024),
                                      std::pair(QStringLiteral("L3 32 MiB"), 32.0 * 1024 * 1024)}) {
      const SeriesSnapshot* line = named(series, name);
      QVERIFY2(line, qPrintable(name));
      QCOMPARE(line->points.size(), std::size_t{2});
      QVERIFY(near(line->points[0].x(), bytes / 24));
      QCOMPARE(line->points[0].x(), line->points[1].x());
      QCOMPARE(line->points[0].y(), yLow);
      QCOMPARE(line->points[1].y(), yHigh);
    }
    QVERIFY(!named(series, QStringLiteral("L1 32 KiB")));  // the instruction cache
  }

  void cacheOutsideTheAxisIsNotDrawn() {
    Session session = triadSession();
    session.runs[0].system.caches.push_back({4, "Unified", 1024ull * 1024 * 1024});
    show(session, "triad");
    const auto series = panel_->snapshot(throughput);
    QVERIFY(named(series, QStringLiteral("L3 32 MiB")));
    QVERIFY(!named(series, QStringLiteral("L4 1024 MiB")));
  }

  // Roofs close in height share one label instead of overprinting, and a roof of more threads
  // no higher than one of fewer is called suspect (issue: x1 and x2 AVX-512 both at 109
  // GFLOP/s under load, their labels one over the other).
  void closeRoofsShareALabel() {
    Session session = triadSession();
    session.runs.front().system.computeCeilings = {{DType::f64, "AVX2", 1, -1, 64e9},
                                                   {DType::f64, "AVX2", 4, -1, 64.5e9}};
    show(session, "triad");
    const auto series = panel_->snapshot(roofline);
    std::vector<QString> labels;
    for (const SeriesSnapshot& s : series)
      for (const QString& label : s.valueLabels)
        if (label.contains(QStringLiteral("GFLOP/s"))) labels.push_back(label);  // roofs
    QCOMPARE(labels.size(), std::size_t{1});
    QVERIFY2(labels[0].contains(QStringLiteral("f64 AVX2 1 thread 64.0 GFLOP/s")) &&
                 labels[0].contains(QStringLiteral("f64 AVX2 \u00d74 threads 64.5 GFLOP/s")) &&
                 labels[0].contains(QStringLiteral("the machine was busy")),
             qPrintable(labels[0]));
    // Far apart, each its own label and nothing suspect.
    show(triadSession(), "triad");
    labels.clear();
    for (const SeriesSnapshot& s : panel_->snapshot(roofline))
      for (const QString& label : s.valueLabels)
        if (label.contains(QStringLiteral("GFLOP/s"))) labels.push_back(label);  // roofs
    QCOMPARE(labels.size(), std::size_t{3});
    for (const QString& label : labels) QVERIFY(!label.contains(QStringLiteral("busy")));
  }

  // --- the scaling chart's Amdahl fit ---

  void amdahlCurveWithItsSerialFraction() {
    show(triadSession(), "triad");
    const auto series = panel_->snapshot(scaling);
    // Short enough for the legend, and right after the line it fits, whose name it need not
    // repeat (the legend cut "serial fraction 100.0 % (Amdahl fit of …" short).
    const SeriesSnapshot* fit = named(series, QStringLiteral("Amdahl fit: serial fraction 10.0 %"));
    QVERIFY(fit);
    QVERIFY(fit != series.data());
    QCOMPARE((fit - 1)->name, QStringLiteral("parallel, 1x1x4096 f64"));
    QCOMPARE(fit->points.front(), QPointF(1, 1));
    QCOMPARE(fit->points.back().x(), 4.0);
    for (const QPointF& p : fit->points) QVERIFY(near(p.y(), 1 / (0.1 + 0.9 / p.x())));
    QVERIFY(fit->toolTips[0].contains(QStringLiteral("R\u00b2 1.000")));
    QVERIFY(named(series, QStringLiteral("ideal (linear)")));
  }

  // A line and its curve count against the chart's line limit together.
  void amdahlCurvesCountAgainstTheLineLimit() {
    std::vector<PointResult> points;
    for (std::uint64_t n = 1; n <= 30; ++n)
      for (int threads : {1, 2})
        points.push_back(measured("parallel", shape(1, 1, 64 * n), {1e-3 / threads}, threads));
    Session session;
    session.runs.push_back(run(1, std::move(points)));
    show(session, "add");
    const auto series = panel_->snapshot(scaling);
    QCOMPARE(series.size(), kMaxLines + 1);  // 24 lines, their curves, the ideal
    QVERIFY2(
        panel_->chartTitle(scaling).contains(QStringLiteral("Showing the first 24 of 30 lines")),
        qPrintable(panel_->chartTitle(scaling)));
  }

 private:
  void show(Session session, const char* kernel) {
    session_ = std::move(session);
    panel_->setSession(&session_);
    panel_->setKernel(QString::fromLatin1(kernel));
  }

  Session session_;
  std::unique_ptr<ChartPanel> panel_;
};

QTEST_MAIN(TestRoofline)
#include "tst_roofline.moc"
