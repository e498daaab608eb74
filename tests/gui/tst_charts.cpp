// The charts against the engine's numbers: for a CLI-made session, and for the scenarios of
// issue 7 (a cancelled run, the same problem run twice) with the runs shown chosen. Asserts the
// exact values and the absences in the chart series, the flags' marks, and the exports to PNG
// (read back: size, colours) and SVG, in process and through `accellab --export-charts`.
#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <map>
#include <set>

#include "accellab/kernels/builtin.h"
#include "accellab/quality.h"
#include "accellab/report.h"
#include "accellab/stats.h"
#include "chart_sessions.h"
#include "chart_texts.h"
#include "charts/chartexport.h"
#include "charts/chartpanel.h"
#include "charts/chartstyle.h"
#include "golden_chart_session.h"
#include "i18n/adviceterms.h"

using namespace accellab;
using namespace accellab::gui;
using namespace accellab::testing;

namespace {

// The kernel's ok points of run 1 and their rows, in session order: what the charts draw.
std::vector<PointResult> okPoints(const Session& session, const std::string& kernel) {
  std::vector<PointResult> points;
  for (const auto& p : session.runs[0].points)
    if (p.point.kernel == kernel && p.status == PointStatus::ok) points.push_back(p);
  return points;
}
std::vector<ReportRow> okRows(const Session& session, const std::string& kernel,
                              const ReportOptions& options) {
  std::vector<ReportRow> rows;
  const auto all = buildRunRows(session.runs[0], options);
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].kernel == kernel && all[i].status == PointStatus::ok) rows.push_back(all[i]);
  return rows;
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

// What a slot chart's series draws, by element name ("loop · run 2 · 64x256x256 f64").
std::map<QString, double> valuesByName(const SeriesSnapshot& series) {
  std::map<QString, double> values;
  for (std::size_t i = 0; i < series.points.size(); ++i)
    values[series.labels[i]] = series.points[i].y();
  return values;
}

QString elementName(const ReportRow& row) {
  const QString variant = QString::fromStdString(row.variant);
  const bool threaded = row.variant == "parallel";
  return QStringLiteral("%1 \u00b7 run %2 \u00b7 %3")
      .arg(threaded ? QStringLiteral("%1 \u00d7%2").arg(variant).arg(row.threads) : variant)
      .arg(row.runId)
      .arg(QString::fromStdString(row.problem));
}

// The speedup chart draws each row of `run` that has a speedup with exactly that value.
void verifySpeedupsOfRun(const std::map<QString, double>& drawn, const Run& run,
                         const ReportOptions& options) {
  for (const ReportRow& row : buildRunRows(run, options)) {
    if (!row.speedup) continue;
    const auto bar = drawn.find(elementName(row));
    QVERIFY2(bar != drawn.end(), qPrintable(elementName(row)));
    QCOMPARE(bar->second, *row.speedup);
  }
}

QStringList pngsIn(const QString& dir) {
  return QDir(dir).entryList({QStringLiteral("*.png")}, QDir::Files, QDir::Name);
}

const QString kLoop = QStringLiteral("loop");
const QString kRun1Big = QStringLiteral(" \u00b7 run 1 \u00b7 1024x1024x512 f64");

}  // namespace

class TestCharts : public QObject {
  Q_OBJECT

 private slots:
  // Every variant AccelLab ships has a colour of its own (issue: vectorized and numpy were
  // both #E69F00, and could not be told apart on the Bandwidth chart).
  void everyShippedVariantHasItsOwnColour() {
    const Engine engine = kernels::makeBuiltinEngine();
    std::map<QRgb, std::string> owners;
    for (const Kernel* kernel : engine.registry().kernels())
      for (const VariantInfo& variant : kernel->info().variants) {
        const QRgb colour = variantColour(variant.name).rgb();
        const auto [owner, fresh] = owners.try_emplace(colour, variant.name);
        QVERIFY2(fresh || owner->second == variant.name,
                 qPrintable(QString::fromStdString(variant.name + " and " + owner->second)));
      }
    QVERIFY(owners.size() >= 14);
  }

  // A user's variants get colours no other variant of the chart has, whatever their names
  // hash to (issue: a plugin's simd was loop's blue, an asv file's triad_numba vectorized's
  // orange); a variant keeps its own colour in a chart without such a clash.
  void usersVariantsGetColoursOfTheirOwn() {
    QCOMPARE(variantColour("simd"), variantColour("loop"));  // the clash, by name alone
    QCOMPARE(variantColour("triad_numba"), variantColour("vectorized"));
    for (PointResult& point : session_.runs[0].points) {
      if (point.point.variant == "parallel") point.point.variant = "simd";
      if (point.point.variant == "gpu") point.point.variant = "triad_numba";
    }
    showSession();
    std::map<QRgb, QString> owner;
    for (const SeriesSnapshot& series : panel_->snapshot(throughput)) {
      const QString name = series.name.section(QStringLiteral(" \u00d7"), 0, 0);
      if (!QStringList{QStringLiteral("loop"), QStringLiteral("vectorized"), QStringLiteral("simd"),
                       QStringLiteral("triad_numba")}
               .contains(name))
        continue;
      for (const QColor& colour : series.colours) {
        const auto [at, fresh] = owner.try_emplace(colour.rgb(), name);
        QVERIFY2(fresh || at->second == name,
                 qPrintable(at->second + QStringLiteral(" and ") + name));
      }
    }
    QCOMPARE(owner.size(), std::size_t{4});  // loop, vectorized, simd, triad_numba
  }

  void init() {
    session_ = goldenChartSession();
    panel_ = std::make_unique<ChartPanel>();
    panel_->resize(900, 600);
    showSession();
  }

  // --- the charts of one run against the engine's numbers ---

  void speedupBarsAreTheReportSpeedups() {
    const auto rows = okRows(session_, "add", {.baseline = "loop"});
    const auto series = panel_->snapshot(speedup);
    QCOMPARE(series.size(), std::size_t{1});  // one series of bars, one per point
    QCOMPARE(series[0].points.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      QCOMPARE(series[0].points[i].y(), *rows[i].speedup);
      QVERIFY(series[0].labels[i].endsWith(QStringLiteral(" \u00b7 run 1 \u00b7 64x64x64 f64")));
    }
  }

  void baselineIsSelectable() {
    panel_->setBaseline(QStringLiteral("vectorized"));
    const auto rows = okRows(session_, "add", {.baseline = "vectorized"});
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
    const auto rows = okRows(session_, "add", {.baseline = "loop", .gpuTime = GpuTime::endToEnd});
    const auto series = panel_->snapshot(speedup);
    const std::size_t gpu = points.size() - 1;
    QCOMPARE(points[gpu].point.variant, std::string("gpu"));
    QCOMPARE(series[0].points[gpu].y(), *rows[gpu].speedup);
    QCOMPARE(*rows[gpu].speedup, points[0].stats.medianS / points[gpu].gpu->endToEndS);
  }

  void timeBoxesHoldTheMedians() {
    const auto points = okPoints(session_, "add");
    const auto series = panel_->snapshot(timeChart);
    // The boxes first, then a series of dots for each point with outliers.
    QCOMPARE(series.front().name, QStringLiteral("time per run"));
    std::vector<double> shown, engine;
    for (std::size_t i = 0; i < points.size(); ++i) {
      shown.push_back(series[0].points[i].y());
      engine.push_back(median(points[i].samplesS));
    }
    verifyScaledBy(shown, engine);
  }

  // Two bars per point, first call then median, on one time scale.
  void firstCallBesideTheMedian() {
    const auto points = okPoints(session_, "add");
    const auto series = panel_->snapshot(firstCall);
    QCOMPARE(series.size(), std::size_t{2});
    QCOMPARE(series[0].name, QStringLiteral("first call (warm-up)"));
    QCOMPARE(series[1].name, QStringLiteral("median (steady state)"));
    std::vector<double> shown, engine;
    for (std::size_t i = 0; i < points.size(); ++i) {
      shown.push_back(series[0].points[i].y());
      engine.push_back(points[i].firstCallS);
      shown.push_back(series[1].points[i].y());
      engine.push_back(points[i].stats.medianS);
    }
    verifyScaledBy(shown, engine);
    QVERIFY(panel_->chartTitle(firstCall).startsWith(QStringLiteral("First call")));
  }

  void throughputLinesAndCeiling() {
    const auto points = okPoints(session_, "add");
    const auto rows = okRows(session_, "add", {});
    const auto series = panel_->snapshot(throughput);
    // A line per variant, the host's ceiling for the CPU points and the GPU's for the gpu one,
    // then the L2 cache (2 MiB over 16 bytes per element) on the axis; L1 falls left of it.
    QCOMPARE(series.size(), points.size() + 3);
    std::vector<double> shown, engine;
    for (std::size_t i = 0; i < points.size(); ++i) {
      QCOMPARE(series[i].points.size(), std::size_t{1});
      QCOMPARE(series[i].points[0].x(), double(problemSize(points[i].point.params)));
      shown.push_back(series[i].points[0].y());
      engine.push_back(rows[i].bytesPerS);
    }
    const auto& host = series[series.size() - 3];
    const auto& device = series[series.size() - 2];
    QCOMPARE(series.back().name, QStringLiteral("L2 2 MiB"));
    QCOMPARE(series.back().points[0].x(), 2.0 * 1024 * 1024 / 16);
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
    QCOMPARE(sets[0].labels[gpu], QStringLiteral("gpu<br>pinned"));
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
    // Add the 1-thread point: now a line from 1 to 2 threads, its Amdahl fit, and the ideal
    // line.
    PointResult one = okPoints(session_, "add")[2];
    one.point.threads = 1;
    one.cpu.reset();  // what the 2-thread point used is not this one's
    one.samplesS = {0.001, 0.001, 0.001};
    one.stats = summarize(one.samplesS);
    session_.runs[0].points.push_back(one);
    panel_->refresh();
    const auto series = panel_->snapshot(scaling);
    QCOMPARE(series.size(), std::size_t{3});
    QCOMPARE(series[0].points.size(), std::size_t{2});
    QCOMPARE(series[0].points[0], QPointF(1, 1));
    // Two thread counts: the curve passes through both points.
    QVERIFY(series[1].name.startsWith(QStringLiteral("Amdahl fit: serial fraction ")));
    QVERIFY(qFuzzyCompare(series[1].points.back().y(), series[0].points[1].y()));
    QCOMPARE(series[0].points[1].x(), 2.0);
    QVERIFY(
        qFuzzyCompare(series[0].points[1].y(), 0.001 / okPoints(session_, "add")[2].stats.medianS));
    QCOMPARE(series[2].points.back(), QPointF(2, 2));
  }

  // A library's own threads move a point to the cores it kept busy, not the threads it
  // declared; the tooltip says both.
  void scalingPlacesAPointAtTheCoresItUsed() {
    auto& points = session_.runs[0].points;
    PointResult& two = *std::ranges::find(points, okPoints(session_, "add")[2]);
    two.cpu = CpuUse{two.samplesS, two.stats.medianS, 2.0};  // as declared: stays at 2
    // Times of no serial part at all over the threads used: T1 / 1.9 and T1 / 2.
    const double oneS = two.stats.medianS * 2 / 1.9;
    PointResult one = two;
    one.point.threads = 1;
    one.samplesS = {oneS, oneS, oneS};
    one.stats = summarize(one.samplesS);
    one.cpu = CpuUse{{oneS * 1.9, oneS * 1.9, oneS * 1.9}, oneS * 1.9, 1.9};
    points.push_back(one);
    panel_->refresh();
    const auto series = panel_->snapshot(scaling);
    QCOMPARE(series.size(), std::size_t{3});
    QCOMPARE(series[0].points.size(), std::size_t{2});
    QCOMPARE(series[0].points[0], QPointF(1.9, 1));
    QCOMPARE(series[0].points[1].x(), 2.0);
    QVERIFY(series[0].toolTips.at(0).contains(QStringLiteral("declared 1 thread, used 1.9")));
    // The fit is over the threads used: two points at 1.9 and 2 threads.
    const auto fits = scalingFits(buildRunRows(session_.runs[0], {"parallel"}));
    QCOMPARE(fits.size(), std::size_t{1});
    QVERIFY(series[1].name.startsWith(QStringLiteral("Amdahl fit: serial fraction ")));
    QVERIFY(qFuzzyCompare(fits[0].fit.timeAt(1.9), oneS));
    QVERIFY(fits[0].fit.serialFraction < 1e-9);
  }

  // --- which runs are shown ---

  void visibleRunsAreSetAndReported() {
    showSession(sameProblemTwice());
    QSignalSpy changed(panel_.get(), &ChartPanel::visibleRunsChanged);
    QCOMPARE(panel_->visibleRuns(), std::vector<int>{});
    QCOMPARE(panel_->drawnRuns(), std::vector<int>{2});  // the latest by default
    panel_->setVisibleRuns({2, 1, 2});
    QCOMPARE(panel_->visibleRuns(), (std::vector<int>{1, 2}));
    QCOMPARE(panel_->drawnRuns(), (std::vector<int>{1, 2}));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<std::vector<int>>(), (std::vector<int>{1, 2}));
    panel_->setVisibleRuns({1, 2});  // no change, no signal
    panel_->setVisibleRuns({1, 9});  // a run the session does not have is dropped
    QCOMPARE(panel_->visibleRuns(), std::vector<int>{1});
    QCOMPARE(changed.count(), 2);
    panel_->setVisibleRuns({});
    QCOMPARE(panel_->drawnRuns(), std::vector<int>{2});
    QCOMPARE(changed.count(), 3);
  }

  // A session that no longer has a run shown drops it, and says so.
  void runsMissingFromANewSessionAreDropped() {
    showSession(sameProblemTwice());
    panel_->setVisibleRuns({1, 2});
    QSignalSpy changed(panel_.get(), &ChartPanel::visibleRunsChanged);
    session_.runs.erase(session_.runs.begin());
    panel_->setSession(&session_);
    QCOMPARE(panel_->visibleRuns(), std::vector<int>{2});
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<std::vector<int>>(), std::vector<int>{2});
  }

  // --- a cancelled run, then a sweep of smaller problems ---

  void cancelledRunHasNoBarsForWhatItNeverMeasured_data() {
    QTest::addColumn<int>("chart");
    QTest::addRow("time") << int(timeChart);
    QTest::addRow("speedup") << int(speedup);
    QTest::addRow("first call") << int(firstCall);
  }
  void cancelledRunHasNoBarsForWhatItNeverMeasured() {
    QFETCH(int, chart);
    showSession(cancelledThenSmaller());
    panel_->setVisibleRuns({1, 2});
    // Problems smallest first, a variant's runs side by side; of 1024x1024x512 only run 1's
    // loop, the one point it measured.
    QStringList expected;
    for (const QString& problem :
         {QStringLiteral("16x256x256 f64"), QStringLiteral("64x256x256 f64")})
      for (const QString& variant :
           {kLoop, QStringLiteral("vectorized"), QStringLiteral("parallel \u00d72")})
        expected << QStringLiteral("%1 \u00b7 run 2 \u00b7 %2").arg(variant, problem);
    expected << kLoop + kRun1Big;
    const auto series = panel_->snapshot(chart);
    QCOMPARE(series.size(), std::size_t{chart == firstCall ? 2u : 1u});
    for (const SeriesSnapshot& s : series) {
      QCOMPARE(QStringList(s.labels.begin(), s.labels.end()), expected);
      for (const QPointF& point : s.points) QVERIFY(point.y() > 0 && std::isfinite(point.y()));
    }
    // The point run 1 tried and never measured is named under the title.
    QVERIFY(panel_->chartTitle(chart).contains(
        QStringLiteral("Not drawn, run 1 \u00b7 1024x1024x512 f64: vectorized (cancelled)")));
  }

  void speedupsOfEachRunAreItsOwn() {
    showSession(cancelledThenSmaller());
    panel_->setVisibleRuns({1, 2});
    const auto drawn = valuesByName(panel_->snapshot(speedup).at(0));
    QCOMPARE(drawn.size(), std::size_t{7});
    verifySpeedupsOfRun(drawn, session_.runs[1], {.baseline = "loop"});
    QCOMPARE(drawn.at(kLoop + kRun1Big), 1.0);  // over its own run's loop: itself
  }

  // With baseline vectorized, run 1's loop has nothing to be compared with: no bar, a note.
  void pointWithoutItsRunsBaselineHasNoSpeedupBar() {
    showSession(cancelledThenSmaller());
    panel_->setVisibleRuns({1, 2});
    panel_->setBaseline(QStringLiteral("vectorized"));
    const auto drawn = valuesByName(panel_->snapshot(speedup).at(0));
    QCOMPARE(drawn.size(), std::size_t{6});
    QVERIFY(!drawn.contains(kLoop + kRun1Big));
    verifySpeedupsOfRun(drawn, session_.runs[1], {.baseline = "vectorized"});
    QVERIFY(panel_->chartTitle(speedup).contains(
        QStringLiteral("run 1 \u00b7 1024x1024x512 f64: loop (no ok 1-thread vectorized point in "
                       "its run)")));
    // The time chart still has run 1's loop: it was measured.
    QVERIFY(valuesByName(panel_->snapshot(timeChart).at(0)).contains(kLoop + kRun1Big));
  }

  // A line per variant and run, through measured sizes only.
  void throughputLinesOfEachRun() {
    showSession(cancelledThenSmaller());
    panel_->setVisibleRuns({1, 2});
    std::map<QString, std::vector<double>> sizes;
    for (const SeriesSnapshot& line : panel_->snapshot(throughput))
      for (const QPointF& point : line.points) sizes[line.name].push_back(point.x());
    const double big = 1024.0 * 1024 * 512;
    QCOMPARE(sizes.at(QStringLiteral("loop \u00b7 run 1")), std::vector<double>{big});
    QCOMPARE(sizes.at(QStringLiteral("loop \u00b7 run 2")),
             (std::vector<double>{16 * 65536, 64 * 65536}));
    QCOMPARE(sizes.at(QStringLiteral("parallel \u00d72 \u00b7 run 2")),
             (std::vector<double>{16 * 65536, 64 * 65536}));
    QVERIFY(!sizes.contains(QStringLiteral("vectorized \u00b7 run 1")));
    QVERIFY(!sizes.contains(QStringLiteral("parallel \u00d72 \u00b7 run 1")));
  }

  // A line stops where its run has a gap instead of passing through the size it lacks.
  void throughputLineBreaksAtAGap() {
    Session session = cancelledThenSmaller();
    const Params big = shape(1024, 1024, 512);
    session.runs[1].points.push_back(
        notMeasured("loop", shape(32, 256, 256), PointStatus::failed, "out of memory"));
    session.runs[1].points.push_back(measured("loop", big, {0.50, 0.51, 0.49}));
    showSession(session);
    std::vector<std::size_t> segments;
    for (const SeriesSnapshot& line : panel_->snapshot(throughput))
      if (line.name == kLoop) segments.push_back(line.points.size());
    // 16x256x256 | 32x256x256 failed | 64x256x256, 1024x1024x512
    QCOMPARE(segments, (std::vector<std::size_t>{1, 2}));
  }

  void gpuBreakdownShowsOnlyMeasuredColumns() {
    showSession(cancelledThenSmaller());
    panel_->setVisibleRuns({1, 2});
    // The largest problem: only run 1's loop was measured there.
    const auto sets = panel_->snapshot(gpuBreakdown);
    QCOMPARE(sets.size(), std::size_t{4});
    QCOMPARE(sets[3].labels, std::vector<QString>{QStringLiteral("loop<br>run 1")});
    QCOMPARE(sets[3].points[0].y(), 0.51 * 1e3);  // ms
    QVERIFY(panel_->chartTitle(gpuBreakdown).contains(QStringLiteral("vectorized (cancelled)")));
  }

  // --- the same problem run twice ---

  void latestRunIsShownByDefault_data() {
    QTest::addColumn<int>("chart");
    QTest::addRow("time") << int(timeChart);
    QTest::addRow("speedup") << int(speedup);
    QTest::addRow("first call") << int(firstCall);
  }
  void latestRunIsShownByDefault() {
    QFETCH(int, chart);
    showSession(sameProblemTwice());
    const auto series = panel_->snapshot(chart);
    QVERIFY(!series.empty());
    for (const SeriesSnapshot& s : series) {
      QCOMPARE(s.labels.size(), std::size_t{4});
      for (const QString& label : s.labels)
        QVERIFY2(label.contains(QStringLiteral(" \u00b7 run 2 \u00b7 ")), qPrintable(label));
    }
    QVERIFY(panel_->chartTitle(chart).contains(QStringLiteral("add \u00b7 run 2")));
  }

  void bothRunsWhenBothAreShown_data() { latestRunIsShownByDefault_data(); }
  void bothRunsWhenBothAreShown() {
    QFETCH(int, chart);
    showSession(sameProblemTwice());
    panel_->setVisibleRuns({1, 2});
    const QString problem = QStringLiteral("64x256x256 f64");
    QStringList expected;
    for (const QString& variant :
         {kLoop, QStringLiteral("vectorized"), QStringLiteral("parallel \u00d71"),
          QStringLiteral("parallel \u00d72")})
      for (const int run : {1, 2})
        expected << QStringLiteral("%1 \u00b7 run %2 \u00b7 %3").arg(variant).arg(run).arg(problem);
    for (const SeriesSnapshot& s : panel_->snapshot(chart))
      QCOMPARE(QStringList(s.labels.begin(), s.labels.end()), expected);
    QVERIFY(panel_->chartTitle(chart).contains(QStringLiteral("add \u00b7 runs 1, 2")));
  }

  // Each run's loop is 1.00× over itself; every bar is its own run's speedup.
  void eachRunHasItsOwnBaseline() {
    showSession(sameProblemTwice());
    panel_->setVisibleRuns({1, 2});
    const auto drawn = valuesByName(panel_->snapshot(speedup).at(0));
    QCOMPARE(drawn.size(), std::size_t{8});
    QCOMPARE(drawn.at(QStringLiteral("loop \u00b7 run 1 \u00b7 64x256x256 f64")), 1.0);
    QCOMPARE(drawn.at(QStringLiteral("loop \u00b7 run 2 \u00b7 64x256x256 f64")), 1.0);
    for (const Run& run : session_.runs) verifySpeedupsOfRun(drawn, run, {.baseline = "loop"});
  }

  // Run 2's 2-thread point over run 2's 1-thread time, never run 1's.
  void threadScalingStaysWithinItsRun() {
    showSession(sameProblemTwice());
    panel_->setVisibleRuns({1, 2});
    std::map<QString, std::vector<QPointF>> lines;
    std::set<QString> legendOnly;
    for (const SeriesSnapshot& line : panel_->snapshot(scaling)) {
      if (line.points.empty())
        legendOnly.insert(line.name);
      else
        lines[line.name] = line.points;
    }
    QCOMPARE(lines.size(), std::size_t{5});  // a line and its Amdahl fit per run, and the ideal
    // The legend: an entry per variant, per run and for every fit, not one per line of each
    // run, which ran out of the chart (issue 42, item 11).
    QCOMPARE(legendOnly, (std::set<QString>{QStringLiteral("parallel"), QStringLiteral("run 1"),
                                            QStringLiteral("run 2"),
                                            QStringLiteral("Amdahl fits (hover for the serial "
                                                           "fraction)")}));
    for (const int run : {1, 2}) {
      const auto& points = session_.runs[static_cast<std::size_t>(run - 1)].points;
      const auto& line = lines.at(QStringLiteral("parallel \u00b7 run %1").arg(run));
      // Each fit names its run: two fits of one serial fraction stay two legend entries.
      QVERIFY(std::ranges::any_of(lines, [&](const auto& entry) {
        return entry.first.startsWith(QStringLiteral("Amdahl fit: serial fraction ")) &&
               entry.first.endsWith(QStringLiteral(" \u00b7 run %1").arg(run));
      }));
      QCOMPARE(line.size(), std::size_t{2});
      QCOMPARE(line[0], QPointF(1, 1));
      QCOMPARE(line[1].x(), 2.0);
      QCOMPARE(line[1].y(), points[2].stats.medianS / points[3].stats.medianS);
    }
    // The run's entry hides its line and fit, the other run's stay.
    panel_->setEntryHidden(scaling, QStringLiteral("run 1"), true);
    for (const SeriesSnapshot& line : panel_->snapshot(scaling))
      if (!line.points.empty() && line.name != QStringLiteral("ideal (linear)"))
        QCOMPARE(line.visible, line.name.endsWith(QStringLiteral("run 2")));
    // By default only the latest run's line and its fit.
    panel_->setVisibleRuns({});
    QCOMPARE(panel_->snapshot(scaling).front().name, QStringLiteral("parallel"));
    QCOMPARE(panel_->snapshot(scaling).size(), std::size_t{3});
  }

  // --- flags ---

  // A heavy tail beyond the whiskers is told in the box's tooltip (issue: 95 of 489 samples
  // at 12 ms against a 193 us median showed whiskers of 188-305 us and nothing else), and drawn:
  // a dot per outlier, those within 1 % of each other as one (issue 42, item 9).
  void timeBoxTellsTheSamplesOutsideItsWhiskers() {
    Session session = sameProblemTwice();
    PointResult& tail = session.runs[1].points[1];  // vectorized
    tail.samplesS.clear();
    for (int i = 0; i < 394; ++i) tail.samplesS.push_back(190e-6 + 1e-8 * (i % 40));
    for (int i = 0; i < 95; ++i) tail.samplesS.push_back(12e-3 + 1e-7 * i);
    tail.samplesS.push_back(20e-3);
    tail.stats = summarize(tail.samplesS);
    showSession(session);
    const auto series = panel_->snapshot(timeChart);
    const SeriesSnapshot& boxes = series.front();
    int told = 0;
    for (std::size_t i = 0; i < boxes.points.size(); ++i) {
      const bool isTail = boxes.labels[i].startsWith(QStringLiteral("vectorized \u00b7"));
      const bool says = boxes.toolTips[i].contains(
          QStringLiteral("96 of 490 samples outside them (Tukey's fences), the slowest"));
      QVERIFY2(says == isTail, qPrintable(boxes.toolTips[i]));
      told += says;
    }
    QCOMPARE(told, 1);
    // The dots: 95 samples 12.0-12.0094 ms as one, 20 ms apart; the axis reaches them. Other
    // points' outliers have dots of their own series.
    const auto dots = std::ranges::find_if(series, [](const SeriesSnapshot& s) {
      return s.name.startsWith(QStringLiteral("vectorized \u00b7 run 2"));
    });
    QVERIFY(dots != series.end());
    QCOMPARE(dots->points.size(), std::size_t{2});
    QCOMPARE(dots->points[0].y(), 12.0094);  // ms: the axis unit of a 12-20 ms top
    QCOMPARE(dots->points[1].y(), 20.0);
    QVERIFY2(dots->toolTips[0].contains(QStringLiteral("95 outliers up to 12.0 ms")),
             qPrintable(dots->toolTips[0]));
    QVERIFY2(dots->toolTips[1].contains(QStringLiteral("an outlier: 20.0 ms")),
             qPrintable(dots->toolTips[1]));
    QVERIFY(panel_->axisRange(timeChart, Qt::Vertical).second >= 20.0);
  }

  // Three runs of 18 points overlaid: no label under a slot, a variant or a problem is cut,
  // on screen at a small and a large chart, and in an exported SVG; each variant is named
  // under its runs, and each slot's run where there is room (issue 42, item 7: every label
  // read "⋮" even in a 2432-px PNG).
  void overlaidRunsCutNoLabel_data() {
    QTest::addColumn<int>("chart");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    // 330 high: the chart of a 1280x800 window, where turned labels would squeeze the rows
    // under them to "…".
    for (const auto& [width, height] : {std::pair{900, 600}, {1500, 600}, {1500, 330}}) {
      QTest::addRow("time %dx%d", width, height) << int(timeChart) << width << height;
      QTest::addRow("speedup %dx%d", width, height) << int(speedup) << width << height;
      QTest::addRow("first call %dx%d", width, height) << int(firstCall) << width << height;
    }
  }
  void overlaidRunsCutNoLabel() {
    QFETCH(int, chart);
    QFETCH(int, width);
    QFETCH(int, height);
    showSession(manyOverlaidBars(3));
    panel_->setVisibleRuns({1, 2, 3});
    panel_->resize(width, height);
    panel_->show();
    QVERIFY(QTest::qWaitForWindowExposed(panel_.get()));
    panel_->setCurrentChart(chart);
    const auto* view = qobject_cast<QChartView*>(panel_->chartViewport(chart)->parent());
    QTRY_VERIFY(view->isVisible());
    QCoreApplication::processEvents();
    QVERIFY2(cutTexts(*view).isEmpty(), qPrintable(cutTexts(*view).join(QStringLiteral(" | "))));
    const QStringList texts = visibleTexts(*view);
    // Each variant under each problem's span of its three runs (and in the legend).
    for (const QString& variant : {QStringLiteral("loop"), QStringLiteral("vectorized"),
                                   QStringLiteral("parallel \u00d71"), QStringLiteral("numba")})
      QVERIFY2(texts.count(variant) >= (height >= 600 ? 3 : 0), qPrintable(variant));
    // The problems, always.
    QVERIFY2(texts.contains(QStringLiteral("16x128x128 f64")) ||
                 texts.contains(QStringLiteral("16x128x128\nf64")),
             qPrintable(texts.join(QStringLiteral(" | "))));
    // The run under each slot, by name or number, where the plot is wide enough.
    const QStringList under = visibleTexts(*view, true);
    const auto runOne = under.count(QStringLiteral("run 1")) + under.count(QStringLiteral("1"));
    // 18 slots (and the legend's entry, where the legend is under the plot).
    if (width >= 1500 && height >= 600) QVERIFY2(runOne >= 18, qPrintable(QString::number(runOne)));
    const QStringList shown = exportedSvgTexts(chart);
    QVERIFY(shown.contains(QStringLiteral("vectorized")));
    for (const QString& text : shown)
      QVERIFY2(!text.contains(QStringLiteral("...")) && !text.contains(QChar(0x2026)),
               qPrintable(text));
  }

  // Outliers share a dot only within 1 % above its first: a chain of samples each within 1 %
  // of the next, 2 % end to end, is two dots, not one that hides its spread.
  void outliersShareADotWithinOnePercentOfItsFirst() {
    Session session = sameProblemTwice();
    PointResult& tail = session.runs[1].points[1];  // vectorized
    tail.samplesS.clear();
    for (int i = 0; i < 100; ++i) tail.samplesS.push_back(190e-6 + 1e-8 * (i % 40));
    for (const double s : {30e-3, 30.2e-3, 30.4e-3, 30.6e-3}) tail.samplesS.push_back(s);
    tail.stats = summarize(tail.samplesS);
    showSession(session);
    const auto series = panel_->snapshot(timeChart);
    const auto dots = std::ranges::find_if(series, [](const SeriesSnapshot& s) {
      return s.name.startsWith(QStringLiteral("vectorized \u00b7 run 2"));
    });
    QVERIFY(dots != series.end());
    QCOMPARE(dots->points.size(), std::size_t{2});
    QVERIFY2(dots->toolTips[0].contains(QStringLiteral("2 outliers up to 30.2 ms")),
             qPrintable(dots->toolTips[0]));
    QVERIFY2(dots->toolTips[1].contains(QStringLiteral("2 outliers up to 30.6 ms")),
             qPrintable(dots->toolTips[1]));
  }

  void flaggedPointIsMarkedWithAdvice_data() {
    QTest::addColumn<int>("chart");
    QTest::addRow("time") << int(timeChart);
    QTest::addRow("speedup") << int(speedup);
    QTest::addRow("first call") << int(firstCall);
    QTest::addRow("throughput") << int(throughput);
  }
  void flaggedPointIsMarkedWithAdvice() {
    QFETCH(int, chart);
    Session session = sameProblemTwice();
    PointResult& noisy = session.runs[1].points[1];  // vectorized
    noisy.samplesS = {0.0013, 0.0019, 0.0057, 0.0012, 0.0013};
    noisy.stats = summarize(noisy.samplesS);
    noisy.flags.unstable = true;
    showSession(session);
    // In the window's words (its fields, not the CLI's flags).
    const std::string advice =
        flagAdvice(noisy, session.runs[1].settings.measure.quality, windowAdviceTerms());
    QVERIFY(advice.find("--") == std::string::npos);
    QVERIFY(QString::fromStdString(advice).startsWith(QStringLiteral("unstable: ")));
    int marked = 0;
    for (const SeriesSnapshot& s : panel_->snapshot(chart)) {
      if (s.name.contains(QStringLiteral("ceiling"))) continue;
      if (chart != throughput && s.labels.empty()) continue;  // a box's outliers
      for (std::size_t i = 0; i < s.points.size(); ++i) {
        const bool isNoisy = chart == throughput
                                 ? s.name == QStringLiteral("vectorized")
                                 : s.labels[i].startsWith(QStringLiteral("vectorized \u00b7"));
        QCOMPARE(s.flagged[i], isNoisy);
        QCOMPARE(s.toolTips[i].contains(QString::fromStdString(advice)), isNoisy);
        QVERIFY(!s.toolTips[i].isEmpty());
        marked += isNoisy;
      }
    }
    QCOMPARE(marked, chart == firstCall ? 2 : 1);
  }

  // --- exports ---

  void exportsPngAtTheChosenSize_data() {
    QTest::addColumn<int>("chart");
    for (int chart = 0; chart < 6; ++chart) QTest::addRow("chart %d", chart) << chart;
  }
  void exportsPngAtTheChosenSize() {
    QFETCH(int, chart);
    QCOMPARE(panel_->chartCount(), 8);
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

  // The SVG names under its bars only what was measured: run 1's loop, not its vectorized.
  void svgOfTwoRunsHasNoBarForUnmeasuredPoints() {
    showSession(cancelledThenSmaller());
    panel_->setVisibleRuns({1, 2});
    // Each slot names its run, under its variant's span of slots, under its problem.
    const QStringList texts = exportedSvgTexts(speedup);
    // Run 1's loop alone (and the legend's entry); run 2's three variants of two problems.
    QCOMPARE(texts.count(QStringLiteral("run 1")), 1 + 1);
    QCOMPARE(texts.count(QStringLiteral("run 2")), 6 + 1);
    QCOMPARE(texts.count(QStringLiteral("loop")), 3 + 1);
    QCOMPARE(texts.count(QStringLiteral("vectorized")), 2 + 1);
  }

  void exportsEveryChartOfASession() {
    QTemporaryDir dir;
    QStringList written;
    QVERIFY(!exportSessionCharts(session_, dir.path(), written));
    QCOMPARE(written.size(), 16);  // two kernels, eight charts each
    QVERIFY(written.contains(dir.filePath(QStringLiteral("add-speedup.png"))));
    QVERIFY(written.contains(dir.filePath(QStringLiteral("add-first-call.png"))));
    QVERIFY(written.contains(dir.filePath(QStringLiteral("pi-gpu-breakdown.png"))));
    for (const QString& path : written) {
      const QImage image(path);
      QCOMPARE(image.size(), kExportLogicalSize * kExportScale);
      QVERIFY(distinctColours(image) > 10);
    }
  }

  void exportsTheRunsAsked() {
    QTemporaryDir dir;
    QStringList written;
    QVERIFY(!exportSessionCharts(cancelledThenSmaller(), dir.path(), written, {1, 2}));
    QCOMPARE(written.size(), 8);
    QCOMPARE(exportSessionCharts(cancelledThenSmaller(), dir.path(), written, {1, 7}),
             std::optional(QStringLiteral("The session has no run 7.")));
  }

  void emptySessionHasNothingToExport() {
    QTemporaryDir dir;
    QStringList written;
    const auto error = exportSessionCharts(Session{}, dir.path(), written);
    QVERIFY(error.has_value());
    QVERIFY(written.isEmpty());
  }

  // `accellab --export-charts SESSION --out DIR [--run ID]...` from a shell.
  void executableExportsCharts_data() {
    QTest::addColumn<QStringList>("runs");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<int>("pngs");
    QTest::addRow("latest run") << QStringList{} << 0 << 8;
    QTest::addRow("two runs") << QStringList{QStringLiteral("1"), QStringLiteral("2")} << 0 << 8;
    QTest::addRow("unknown run") << QStringList{QStringLiteral("3")} << 1 << 0;
    QTest::addRow("not a run id") << QStringList{QStringLiteral("two")} << 1 << 0;
  }
  void executableExportsCharts() {
    QFETCH(QStringList, runs);
    QFETCH(int, exitCode);
    QFETCH(int, pngs);
    QTemporaryDir dir;
    const QString sessionPath = dir.filePath(QStringLiteral("session.json"));
    writeSessionFile(cancelledThenSmaller(), sessionPath.toStdString());
    const QString out = dir.filePath(QStringLiteral("charts"));
    QStringList arguments{QStringLiteral("--export-charts"), sessionPath, QStringLiteral("--out"),
                          out};
    for (const QString& run : runs) arguments << QStringLiteral("--run") << run;
    QProcess app;
    app.start(QStringLiteral(ACCELLAB_APP), arguments);
    QVERIFY(app.waitForFinished(120000));
    QCOMPARE(app.exitStatus(), QProcess::NormalExit);
    QCOMPARE(app.exitCode(), exitCode);
    QCOMPARE(pngsIn(out).size(), pngs);
    if (pngs > 0) QVERIFY(pngsIn(out).contains(QStringLiteral("add-first-call.png")));
  }

  // --caption draws a line naming the machine, date and runs under each chart, within its size.
  void executableCaptionsCharts() {
    QTemporaryDir dir;
    const QString sessionPath = dir.filePath(QStringLiteral("session.json"));
    writeSessionFile(cancelledThenSmaller(), sessionPath.toStdString());
    QImage images[2];
    for (const bool caption : {false, true}) {
      const QString out =
          dir.filePath(caption ? QStringLiteral("with") : QStringLiteral("without"));
      QStringList arguments{QStringLiteral("--export-charts"), sessionPath, QStringLiteral("--out"),
                            out};
      if (caption) arguments << QStringLiteral("--caption");
      QProcess app;
      app.start(QStringLiteral(ACCELLAB_APP), arguments);
      QVERIFY(app.waitForFinished(120000));
      QCOMPARE(app.exitCode(), 0);
      images[caption] = QImage(QDir(out).filePath(QStringLiteral("add-time.png")));
    }
    QCOMPARE(images[true].size(), images[false].size());
    // The bottom rows: empty background without, the caption's text with.
    const auto bottom = [](const QImage& image) {
      return distinctColours(image.copy(0, image.height() - 30, image.width(), 30));
    };
    QVERIFY(bottom(images[false]) <= 2);
    QVERIFY(bottom(images[true]) > 3);
  }

 private:
  // What `chart` exported as SVG at 1000x620 shows as text (none when it cannot be written).
  QStringList exportedSvgTexts(int chart) const {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chart.svg"));
    QFile file(path);
    if (panel_->exportSvg(chart, path, QSize(1000, 620)) || !file.open(QIODevice::ReadOnly))
      return {};
    return svgTexts(QString::fromUtf8(file.readAll()));
  }

  void showSession() {
    panel_->setSession(&session_);
    panel_->setKernel(QStringLiteral("add"));
  }
  void showSession(Session session) {
    session_ = std::move(session);
    showSession();
  }

  Session session_;
  std::unique_ptr<ChartPanel> panel_;
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
