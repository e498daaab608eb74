// The charts under the mouse and with the rest of the window: hovering shows a point's numbers,
// a legend click hides and shows what the entry stands for, a rubber band zooms and a right
// click resets, clicking an element selects its table row and selected rows are highlighted,
// the charts follow a dark palette, a variant has one colour on every tab and kernel, and the
// exports carry their resolution and caption. Driven offscreen through the widgets; screenshots
// of each state go to $ACCELLAB_SCREENSHOTS when it is set.
#include <QAbstractAxis>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QImage>
#include <QMenu>
#include <QPalette>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>
#include <cmath>
#include <map>
#include <set>

#include "accellab/kernels/builtin.h"
#include "accellab/report.h"
#include "chart_texts.h"
#include "charts/chartexport.h"
#include "charts/chartpanel.h"
#include "charts/chartstyle.h"
#include "experiment/experimentpanel.h"
#include "fake_prompts.h"
#include "golden_chart_session.h"
#include "insights/insightspanel.h"
#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "models/runsmodel.h"
#include "session/sessiondocument.h"
#include "windowgeometry.h"

using namespace accellab;
using namespace accellab::gui;
using namespace accellab::testing;

namespace {

// The first ok point of `variant` of `kernel` in the session's first run.
PointId pointOf(const Session& session, const std::string& kernel, const std::string& variant) {
  const Run& run = session.runs.front();
  for (std::size_t i = 0; i < run.points.size(); ++i) {
    const PointResult& p = run.points[i];
    if (p.point.kernel == kernel && p.point.variant == variant && p.status == PointStatus::ok)
      return {run.id, i};
  }
  qFatal("no ok %s point of %s", variant.c_str(), kernel.c_str());
}

// The widget's pixels, saved for a look when ACCELLAB_SCREENSHOTS names a folder.
QImage screenshot(QWidget& widget, const QString& name) {
  // Laid out as a user would see it: layouts wait in the event queue.
  QCoreApplication::processEvents();
  const QImage image = widget.grab().toImage();
  const QString dir = qEnvironmentVariable("ACCELLAB_SCREENSHOTS");
  if (!dir.isEmpty()) image.save(QDir(dir).filePath(name + QStringLiteral(".png")));
  return image;
}

const SeriesSnapshot* seriesNamed(const std::vector<SeriesSnapshot>& series, const QString& name) {
  for (const SeriesSnapshot& s : series)
    if (s.name == name) return &s;
  return nullptr;
}

void drag(QWidget* viewport, QPoint from, QPoint to) {
  QTest::mousePress(viewport, Qt::LeftButton, {}, from);
  // Moves in steps, as a hand does, so that the band grows past the drag distance.
  for (int step = 1; step <= 4; ++step) QTest::mouseMove(viewport, from + (to - from) * step / 4);
  QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
}

}  // namespace

class TestChartInteraction : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void init() {
    session_ = goldenChartSession();
    panel_ = std::make_unique<ChartPanel>();
    panel_->resize(1000, 640);
    panel_->setSession(&session_);
    panel_->setKernel(QStringLiteral("add"));
    panel_->show();
    QVERIFY(QTest::qWaitForWindowExposed(panel_.get()));
  }

  void cleanup() {
    panel_.reset();
    window_.reset();
    dir_.reset();
  }

  // --- hover ---

  void hoverShowsThePointsNumbers_data() {
    QTest::addColumn<int>("chart");
    QTest::addColumn<QString>("variant");
    QTest::addRow("time box") << int(timeChart) << QStringLiteral("vectorized");
    QTest::addRow("speedup bar") << int(speedup) << QStringLiteral("loop");
    QTest::addRow("bandwidth line") << int(throughput) << QStringLiteral("loop");
    QTest::addRow("time breakdown bar") << int(gpuBreakdown) << QStringLiteral("loop");
  }
  void hoverShowsThePointsNumbers() {
    QFETCH(int, chart);
    QFETCH(QString, variant);
    panel_->setCurrentChart(chart);
    QCOMPARE(panel_->currentToolTip(), QString());
    const PointId id = pointOf(session_, "add", variant.toStdString());
    const auto at = panel_->elementPosition(chart, id);
    QVERIFY(at.has_value());
    QTest::mouseMove(panel_->chartViewport(chart), *at);
    const PointResult& point = session_.runs[0].points[id.index];
    const QString median =
        QString::fromStdString(formatValue(point.stats.medianS, ValueKind::duration));
    QTRY_VERIFY2_WITH_TIMEOUT(panel_->currentToolTip().contains(median),
                              qPrintable(panel_->currentToolTip() + QStringLiteral(" / ") + median),
                              5000);
    const QString tip = panel_->currentToolTip();
    QVERIFY2(tip.contains(QStringLiteral("variant %1").arg(variant)), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("(MAD)")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("1 thread")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("run %1").arg(id.runId)), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("64x64x64")), qPrintable(tip));
    // It stays while the pointer rests: the view's own tooltip request, which Qt makes about
    // 0.7 s in, once hid it a second after it appeared.
    QTRY_VERIFY(QToolTip::isVisible());
    QWidget* viewport = panel_->chartViewport(chart);
    QHelpEvent request(QEvent::ToolTip, *at, viewport->mapToGlobal(*at));
    QCoreApplication::sendEvent(viewport, &request);
    QTest::qWait(1500);
    QVERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), tip);
    screenshot(*panel_, QStringLiteral("i9-charts-hover-%1").arg(chart));
    // The right click's menu acts on the element under the pointer: its values copied as the
    // tooltip gives them, its row shown in the table (issue 42: context menus on chart
    // elements); not zoomed, no Reset Zoom.
    std::unique_ptr<QMenu> menu(panel_->contextMenu(chart));
    auto* copy = menu->findChild<QAction*>(QStringLiteral("copyValuesAction"));
    auto* show = menu->findChild<QAction*>(QStringLiteral("showInTableAction"));
    QVERIFY(copy && show);
    QVERIFY(!menu->findChild<QAction*>(QStringLiteral("resetZoomAction")));
    copy->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), tip);
    QSignalSpy activated(panel_.get(), &ChartPanel::pointActivated);
    show->trigger();
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.at(0).at(0).toInt(), id.runId);
    QCOMPARE(activated.at(0).at(1).value<std::size_t>(), id.index);
  }

  // --- legend ---

  void legendClickTogglesItsSeries() {
    panel_->setCurrentChart(throughput);
    const QString entry = QStringLiteral("loop");
    QVERIFY(seriesNamed(panel_->snapshot(throughput), entry)->visible);
    QWidget* viewport = panel_->chartViewport(throughput);
    const auto at = panel_->legendEntryPosition(throughput, entry);
    QVERIFY(at.has_value());
    QTest::mouseClick(viewport, Qt::LeftButton, {}, *at);
    QVERIFY(!seriesNamed(panel_->snapshot(throughput), entry)->visible);
    QCOMPARE(panel_->hiddenEntries(throughput), QStringList{entry});
    QVERIFY(seriesNamed(panel_->snapshot(throughput), QStringLiteral("vectorized"))->visible);
    screenshot(*panel_, QStringLiteral("i9-charts-legend-hidden"));
    // Kept when a point arrives and the chart is built again.
    panel_->refresh();
    QVERIFY(!seriesNamed(panel_->snapshot(throughput), entry)->visible);
    // The dimmed entry is still there to be clicked again.
    const auto again = panel_->legendEntryPosition(throughput, entry);
    QVERIFY(again.has_value());
    QTest::mouseClick(viewport, Qt::LeftButton, {}, *again);
    QVERIFY(seriesNamed(panel_->snapshot(throughput), entry)->visible);
    QVERIFY(panel_->hiddenEntries(throughput).isEmpty());
  }

  // Among boxes a variant's entry stands for no series: its boxes lose their fill.
  void legendClickHidesAVariantsBoxes() {
    panel_->setCurrentChart(timeChart);
    const auto before = panel_->snapshot(timeChart).front();
    const auto at = panel_->legendEntryPosition(timeChart, QStringLiteral("loop"));
    QVERIFY(at.has_value());
    QTest::mouseClick(panel_->chartViewport(timeChart), Qt::LeftButton, {}, *at);
    const auto after = panel_->snapshot(timeChart).front();
    for (std::size_t i = 0; i < after.labels.size(); ++i) {
      const bool loop = after.labels[i].startsWith(QStringLiteral("loop \u00b7"));
      QCOMPARE(after.colours[i] != before.colours[i], loop);
      // Nothing of a hidden box is drawn: no fill and no outline, whiskers or median line.
      QCOMPARE(after.colours[i].alpha() == 0, loop);
    }
  }

  // --- small charts ---

  // A chart squeezed (200 % on a small screen) draws its axis text smaller instead of eliding
  // every label to "…"; given its room again, the theme's size comes back.
  void smallChartsShrinkTheirAxisText() {
    panel_->setCurrentChart(timeChart);
    const auto axisFontSizes = [this] {
      auto* view = qobject_cast<QChartView*>(panel_->chartViewport(timeChart)->parentWidget());
      QList<qreal> sizes;
      for (const QAbstractAxis* axis : view->chart()->axes())
        sizes << axis->labelsFont().pointSizeF();
      return sizes;
    };
    const QList<qreal> full = axisFontSizes();
    QVERIFY(!full.isEmpty());
    panel_->resize(500, 260);
    QTRY_VERIFY(axisFontSizes().front() < full.front());
    for (qsizetype i = 0; i < full.size(); ++i) QVERIFY(axisFontSizes()[i] >= full[i] * 0.7 - 1e-9);
    panel_->resize(1000, 640);
    QTRY_COMPARE(axisFontSizes(), full);
  }

  // --- zoom ---

  void rubberBandZoomsAndRightClickResets_data() {
    QTest::addColumn<int>("chart");
    QTest::addColumn<bool>("rightClick");
    QTest::addRow("bandwidth, right click") << int(throughput) << true;
    QTest::addRow("bandwidth, double click") << int(throughput) << false;
  }
  void rubberBandZoomsAndRightClickResets() {
    QFETCH(int, chart);
    QFETCH(bool, rightClick);
    panel_->setCurrentChart(chart);
    QWidget* viewport = panel_->chartViewport(chart);
    const auto x = panel_->axisRange(chart, Qt::Horizontal);
    const auto y = panel_->axisRange(chart, Qt::Vertical);
    const QPoint centre = viewport->rect().center();
    drag(viewport, centre - QPoint(120, 80), centre + QPoint(60, 40));
    const auto zoomedX = panel_->axisRange(chart, Qt::Horizontal);
    QVERIFY2(zoomedX.first > x.first && zoomedX.second < x.second,
             qPrintable(QStringLiteral("%1..%2").arg(zoomedX.first).arg(zoomedX.second)));
    QVERIFY(panel_->axisRange(chart, Qt::Vertical) != y);
    screenshot(*panel_, QStringLiteral("i9-charts-zoomed"));
    if (rightClick) {
      // The right click's menu offers Reset Zoom while zoomed (it reset at once before it
      // had a menu).
      QTest::mouseClick(viewport, Qt::RightButton, {}, centre);
      auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
      QVERIFY(menu);
      auto* reset = menu->findChild<QAction*>(QStringLiteral("resetZoomAction"));
      QVERIFY(reset);
      reset->trigger();
      menu->close();
    } else {
      QTest::mouseDClick(viewport, Qt::LeftButton, {}, centre);
    }
    QCOMPARE(panel_->axisRange(chart, Qt::Horizontal), x);
    QCOMPARE(panel_->axisRange(chart, Qt::Vertical), y);
  }

  // --- one colour per variant ---

  void variantHasOneColourOnEveryTabAndKernel() {
    std::map<QString, std::set<QRgb>> coloursOf;
    const QStringList variants{QStringLiteral("loop"), QStringLiteral("vectorized"),
                               QStringLiteral("parallel"), QStringLiteral("gpu")};
    for (const QString& kernel : panel_->sessionKernels()) {
      panel_->setKernel(kernel);
      // The first-call chart's lighter shade of each colour stands for the warm-up.
      for (const int chart : {int(timeChart), int(speedup), int(throughput), int(scaling)}) {
        for (const SeriesSnapshot& series : panel_->snapshot(chart)) {
          for (std::size_t i = 0; i < series.points.size(); ++i) {
            // Boxes are named by their label, lines by their series.
            const QString name = series.labels.empty() ? series.name : series.labels[i];
            for (const QString& variant : variants)
              if (name.startsWith(variant + QLatin1Char(' ')) || name == variant)
                coloursOf[variant].insert(series.colours[i].rgb() & 0xffffff);
          }
        }
      }
    }
    QVERIFY(coloursOf.size() >= 3);
    std::set<QRgb> all;
    for (const auto& [variant, colours] : coloursOf) {
      QStringList names;
      for (const QRgb c : colours) names << QColor(c).name();
      QVERIFY2(colours.size() == 1, qPrintable(variant + names.join(QLatin1Char(' '))));
      all.insert(*colours.begin());
    }
    QCOMPARE(all.size(), coloursOf.size());  // and variants differ
  }

  // --- palette ---

  void chartsFollowADarkPalette() {
    const QPalette light = QApplication::palette();
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    dark.setColor(QPalette::ButtonText, QColor(0xee, 0xee, 0xee));
    const auto corner = [this] {
      return screenshot(*panel_->chartViewport(timeChart), QStringLiteral("i9-charts-palette"))
          .pixelColor(4, 4)
          .lightness();
    };
    QVERIFY(corner() > 200);
    QApplication::setPalette(dark);
    QTRY_VERIFY_WITH_TIMEOUT(corner() < 60, 5000);
    screenshot(*panel_, QStringLiteral("i9-charts-dark"));
    QTRY_VERIFY_WITH_TIMEOUT(valueLabelsAreLegible(), 5000);
    // The series were built again in their variants' colours.
    const auto boxes = panel_->snapshot(timeChart).front();
    QVERIFY(boxes.colours.front() != QColor(Qt::black));
    QApplication::setPalette(light);
    QTRY_VERIFY_WITH_TIMEOUT(corner() > 200, 5000);
    QVERIFY(valueLabelsAreLegible());
  }

  // --- names and kernels ---

  void tabsAreNamedAfterTheColumnTheyPlot() {
    auto* tabs = panel_->findChild<QTabWidget*>(QStringLiteral("chartTabs"));
    QCOMPARE(tabs->tabText(throughput), QStringLiteral("Bandwidth"));
    QVERIFY(panel_->chartTitle(throughput).startsWith(QStringLiteral("Bandwidth against size")));
    panel_->setKernel(QStringLiteral("pi"));
    QCOMPARE(tabs->tabText(throughput), QStringLiteral("Throughput"));
  }

  void ceilingSpansTheWholeAxis() {
    const auto series = panel_->snapshot(throughput);
    const auto [low, high] = panel_->axisRange(throughput, Qt::Horizontal);
    const auto ceiling = std::ranges::find_if(series, [](const SeriesSnapshot& s) {
      return s.name.startsWith(QStringLiteral("host copy ceiling"));
    });
    QVERIFY(ceiling != series.end());
    QCOMPARE(ceiling->points.front().x(), low);
    QCOMPARE(ceiling->points.back().x(), high);
  }

  void kernelComesFromOutsideOrTheLatestRun() {
    QVERIFY(!panel_->findChild<QComboBox*>(QStringLiteral("chartKernel")));
    QCOMPARE(panel_->sessionKernels(), (QStringList{QStringLiteral("add"), QStringLiteral("pi")}));
    panel_->setKernel(QStringLiteral("pi"));
    QCOMPARE(panel_->kernel(), QStringLiteral("pi"));
    // Unset (or one the session lacks): the kernel the latest run measured last.
    panel_->setKernel({});
    QCOMPARE(panel_->kernel(),
             QString::fromStdString(session_.runs.back().points.back().point.kernel));
  }

  // --- exports ---

  void pngSaysItsResolution_data() {
    QTest::addColumn<qreal>("scale");
    QTest::addRow("1x") << 1.0;
    QTest::addRow("2x") << 2.0;
    QTest::addRow("3x") << 3.0;
  }
  void pngSaysItsResolution() {
    QFETCH(qreal, scale);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chart.png"));
    QVERIFY(!panel_->exportPng(speedup, path, QSize(500, 300), scale, panel_->exportCaption()));
    const QImage image(path);
    QCOMPARE(image.size(), QSize(500, 300) * scale);
    // 96 dpi per logical pixel: the image prints at the size the chart had on screen.
    const int expected = qRound(scale * 96 / 0.0254);
    QCOMPARE(image.dotsPerMeterX(), expected);
    QCOMPARE(image.dotsPerMeterY(), expected);
  }

  void captionNamesMachineDateAndRun() {
    const QString caption = panel_->exportCaption();
    const Run& run = session_.runs.front();
    QVERIFY2(caption.contains(QString::fromStdString(run.system.cpuModel)), qPrintable(caption));
    QVERIFY2(caption.contains(QString::fromStdString(run.created).left(10)), qPrintable(caption));
    QVERIFY2(caption.contains(QStringLiteral("run %1").arg(run.id)), qPrintable(caption));
    QTemporaryDir dir;
    const QString svgPath = dir.filePath(QStringLiteral("chart.svg"));
    QVERIFY(!panel_->exportSvg(timeChart, svgPath, QSize(800, 500), caption));
    QFile svg(svgPath);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(svg.readAll());
    QVERIFY(text.contains(QString::fromStdString(run.system.cpuModel).toHtmlEscaped()));
    // In the PNG the caption takes a line under the chart, at the size asked for.
    const QString with = dir.filePath(QStringLiteral("with.png"));
    const QString without = dir.filePath(QStringLiteral("without.png"));
    QVERIFY(!panel_->exportPng(timeChart, with, QSize(800, 500), 1, caption));
    QVERIFY(!panel_->exportPng(timeChart, without, QSize(800, 500), 1));
    const QImage a(with), b(without);
    QCOMPARE(a.size(), b.size());
    const auto rowOf = [](const QImage& image, int y) {
      QSet<QRgb> colours;
      for (int x = 0; x < image.width(); ++x) colours.insert(image.pixel(x, y));
      return colours.size();
    };
    int textRows = 0;
    for (int y = a.height() - 20; y < a.height(); ++y) textRows += rowOf(a, y) > 3 ? 1 : 0;
    QVERIFY(textRows > 3);
    screenshot(*panel_, QStringLiteral("i9-charts-panel"));
    a.save(QDir(qEnvironmentVariable("ACCELLAB_SCREENSHOTS", QDir::tempPath()))
               .filePath(QStringLiteral("i9-charts-caption.png")));
  }

  void exportAllWritesEveryTab() {
    QTemporaryDir dir;
    QStringList written;
    QVERIFY(!panel_->exportAllCharts(dir.filePath(QStringLiteral("out")), written));
    QCOMPARE(written.size(), 2 * panel_->chartCount());
    // Each file is named as its tab names the chart ("Bandwidth": add-run1-bandwidth.png), after
    // the kernel and the runs drawn.
    auto* tabs = panel_->findChild<QTabWidget*>();
    QVERIFY(tabs);
    for (int chart = 0; chart < panel_->chartCount(); ++chart) {
      const QString name = panel_->exportName(chart);
      const QString tab =
          tabs->tabText(chart).toLower().replace(QLatin1Char(' '), QLatin1Char('-'));
      QVERIFY2(name.endsWith(QLatin1Char('-') + tab),
               qPrintable(name + QStringLiteral(" / ") + tab));
      QVERIFY2(name.startsWith(QStringLiteral("add-run")), qPrintable(name));
      QVERIFY(
          written.contains(dir.filePath(QStringLiteral("out/")) + name + QStringLiteral(".png")));
    }
    for (const QString& path : written) {
      QVERIFY2(QFileInfo(path).fileName().startsWith(QStringLiteral("add-")), qPrintable(path));
      if (path.endsWith(QStringLiteral(".png"))) {
        const QImage image(path);
        QVERIFY(!image.isNull());
        QCOMPARE(image.dotsPerMeterX(), qRound(kExportScale * 96 / 0.0254));
      } else {
        QFile svg(path);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
      }
    }
  }

  // --- with the window ---

  void chartClickSelectsTheTableRow_data() {
    QTest::addColumn<int>("chart");
    QTest::addRow("time box") << int(timeChart);
    QTest::addRow("bandwidth point") << int(throughput);
    QTest::addRow("time breakdown bar") << int(gpuBreakdown);
  }
  void chartClickSelectsTheTableRow() {
    QFETCH(int, chart);
    openWindow();
    ChartPanel& charts = window_->chartPanel();
    const Session& session = window_->document().session();
    // The window's one selection: the charts and the table both follow it.
    QVERIFY(window_->experimentPanel().selectKernel(QStringLiteral("add")));
    QCOMPARE(charts.kernel(), QStringLiteral("add"));
    charts.setCurrentChart(chart);
    const Run& run = session.runs.back();
    std::size_t index = 0;
    while (run.points[index].point.kernel != "add" ||
           run.points[index].point.variant != "vectorized")
      ++index;
    const auto at = charts.elementPosition(chart, {run.id, index});
    QVERIFY(at.has_value());
    QSignalSpy activated(&charts, &ChartPanel::pointActivated);
    QTest::mouseClick(charts.chartViewport(chart), Qt::LeftButton, {}, *at);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.at(0).at(0).toInt(), run.id);
    QCOMPARE(activated.at(0).at(1).value<std::size_t>(), index);
    const QModelIndexList rows = window_->resultsView().selectionModel()->selectedRows();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows[0].data(ResultsModel::RunRole).toInt(), run.id);
    const QAbstractItemModel& table = *window_->resultsView().model();
    bool variantShown = false;
    for (int c = 0; c < table.columnCount(); ++c)
      variantShown |=
          table.index(rows[0].row(), c).data().toString() == QStringLiteral("vectorized");
    QVERIFY(variantShown);
    screenshot(*window_, QStringLiteral("i9-charts-window-selected-%1").arg(chart));
  }

  void selectedRowsAreHighlighted() {
    openWindow();
    ChartPanel& charts = window_->chartPanel();
    QVERIFY(window_->experimentPanel().selectKernel(QStringLiteral("add")));
    charts.setCurrentChart(timeChart);
    QTableView& table = window_->resultsView();
    QVERIFY(std::ranges::none_of(charts.snapshot(timeChart).front().highlighted, std::identity{}));
    // An add row of the table (the problem is its shape), wherever sorting put it.
    const QAbstractItemModel& model = *table.model();
    const auto isAdd = [&](int row) {
      for (int c = 0; c < model.columnCount(); ++c)
        if (model.index(row, c).data().toString() == QStringLiteral("64x64x64 f64")) return true;
      return false;
    };
    int row = 0;
    while (row < model.rowCount() && !isAdd(row)) ++row;
    QVERIFY(row < model.rowCount());
    table.selectRow(row);
    auto boxes = charts.snapshot(timeChart).front();
    QCOMPARE(std::ranges::count(boxes.highlighted, true), 1);
    screenshot(*window_, QStringLiteral("i9-charts-window-highlighted"));
    table.clearSelection();
    boxes = charts.snapshot(timeChart).front();
    QCOMPARE(std::ranges::count(boxes.highlighted, true), 0);
  }

  // Two runs overlaid in a window of its first size on a 1600x1000 screen: no chart shortens
  // a label, an axis title or a legend entry ("vectorized \u00b7 r...", "speedup over 1 thr...")
  // (issue 21, items 10 and 12).
  void overlaidRunsKeepEveryTextWhole() {
    Session twoRuns = goldenChartSession();
    // parallel on 1 thread too: the Thread scaling chart's lines, Amdahl fits and legend.
    std::vector<PointResult>& points = twoRuns.runs.front().points;
    const auto parallel = std::ranges::find_if(points, [](const PointResult& p) {
      return p.point.kernel == "add" && p.point.variant == "parallel";
    });
    QVERIFY(parallel != points.end());
    PointResult single = *parallel;
    single.point.threads = 1;
    points.insert(parallel, single);
    twoRuns.runs.push_back(twoRuns.runs.front());
    twoRuns.runs.back().id = 2;
    openWindow(twoRuns);
    window_->setGeometry(defaultGeometry(QRect(0, 0, 1600, 1000)));
    RunsModel& runs = window_->runsModel();
    for (int row = 0; row < runs.rowCount(); ++row)
      QVERIFY(runs.setData(runs.index(row, RunsModel::idColumn), Qt::Checked, Qt::CheckStateRole));
    ChartPanel& charts = window_->chartPanel();
    QVERIFY(window_->experimentPanel().selectKernel(QStringLiteral("add")));
    QCOMPARE(charts.drawnRuns(), (std::vector<int>{1, 2}));
    for (int chart = 0; chart < charts.chartCount(); ++chart) {
      charts.setCurrentChart(chart);
      QTest::qWait(300);
      screenshot(*window_, QStringLiteral("i21-overlaid-%1").arg(charts.chartStem(chart)));
      const auto* view = qobject_cast<QChartView*>(charts.chartViewport(chart)->parent());
      const QStringList cut = cutTexts(*view);
      QVERIFY2(cut.isEmpty(), qPrintable(charts.chartStem(chart) + QStringLiteral(": ") +
                                         cut.join(QStringLiteral(" | "))));
    }
    // The Insights tab of the same runs, for a look.
    auto* tabs = window_->findChild<QTabWidget*>(QStringLiteral("bottomTabs"));
    tabs->setCurrentWidget(&window_->insightsPanel());
    screenshot(*window_, QStringLiteral("i23-insights"));
  }

  void exportAllChartsFromTheMenu() {
    openWindow();
    const QString out = dir_->filePath(QStringLiteral("charts"));
    QVERIFY(QDir().mkpath(out));
    prompts_->directory = out;
    auto* action = window_->findChild<QAction*>(QStringLiteral("exportAllChartsAction"));
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+E")));
    action->trigger();
    QVERIFY(prompts_->errors.isEmpty());
    const int files = static_cast<int>(QDir(out).entryList(QDir::Files).size());
    QCOMPARE(files, 2 * window_->chartPanel().chartCount());
    QVERIFY(window_->statusBar()->currentMessage().contains(QDir::toNativeSeparators(out)));
    // The single exports say where they wrote, too.
    const QString png = dir_->filePath(QStringLiteral("one.png"));
    QVERIFY(window_->exportChartPng(0, png, QSize(800, 500)));
    // The dialog offers the kernel, the runs and the chart (issue: it offered "time.png").
    window_->chartPanel().setCurrentChart(0);
    prompts_->fileName.clear();  // cancelled: nothing written
    window_->findChild<QAction*>(QStringLiteral("exportPngAction"))->trigger();
    QVERIFY(!prompts_->offered.isEmpty());
    const QString offered = QFileInfo(prompts_->offered.back()).fileName();
    QVERIFY2(offered.startsWith(window_->chartPanel().kernel() + QStringLiteral("-run")) &&
                 offered.endsWith(QStringLiteral("-time.png")),
             qPrintable(offered));
    QVERIFY(window_->statusBar()->currentMessage().contains(QDir::toNativeSeparators(png)));
    // The exports end every chart's right-click menu too.
    for (int chart = 0; chart < window_->chartPanel().chartCount(); ++chart) {
      std::unique_ptr<QMenu> menu(window_->chartPanel().contextMenu(chart));
      QVERIFY(menu->actions().contains(
          window_->findChild<QAction*>(QStringLiteral("exportPngAction"))));
      QVERIFY(menu->actions().contains(
          window_->findChild<QAction*>(QStringLiteral("exportSvgAction"))));
    }
  }

 private:
  // Every text of every chart reaches WCAG AA's 4.5:1 against the chart's background: the
  // value labels (speedups, flagged ones in red, roofs, efficiencies), and the title, the
  // legend and the axes' labels and titles that the Qt Charts theme colours; and there are
  // value labels to check.
  bool valueLabelsAreLegible() {
    std::size_t labels = 0;
    for (int chart = 0; chart < panel_->chartCount(); ++chart) {
      (void)panel_->snapshot(chart);  // built
      const QChart& shown =
          *qobject_cast<QChartView*>(panel_->chartViewport(chart)->parent())->chart();
      const QColor background = shown.backgroundBrush().color();
      std::vector<std::pair<QString, QColor>> texts{
          {QStringLiteral("title"), shown.titleBrush().color()},
          {QStringLiteral("legend"), shown.legend()->labelColor()}};
      for (const QAbstractAxis* axis : shown.axes()) {
        texts.emplace_back(axis->titleText() + QStringLiteral(" labels"),
                           axis->labelsBrush().color());
        texts.emplace_back(axis->titleText() + QStringLiteral(" title"),
                           axis->titleBrush().color());
      }
      for (const auto& [what, colour] : texts) {
        if (contrastRatio(colour, background) < 4.5) {
          qWarning("chart %d: %s %s on %s at contrast %.2f", chart, qPrintable(what),
                   qPrintable(colour.name()), qPrintable(background.name()),
                   contrastRatio(colour, background));
          return false;
        }
      }
      for (const SeriesSnapshot& series : panel_->snapshot(chart)) {
        for (std::size_t i = 0; i < series.valueLabelContrast.size(); ++i) {
          ++labels;
          if (series.valueLabelContrast[i] < 4.5) {
            qWarning("chart %d: '%s' at contrast %.2f", chart, qPrintable(series.valueLabels[i]),
                     series.valueLabelContrast[i]);
            return false;
          }
        }
      }
    }
    return labels > 0;
  }

  void openWindow(const std::optional<Session>& session = std::nullopt) {
    prompts_ = std::make_unique<FakePrompts>();
    dir_ = std::make_unique<QTemporaryDir>();
    window_ = std::make_unique<MainWindow>(
        kernels::makeBuiltinEngine,
        MainWindowOptions{.prompts = prompts_.get(),
                          .measureBandwidth = false,
                          .useSettings = false,
                          .autosavePath = dir_->filePath(QStringLiteral("autosave.json"))});
    window_->show();
    QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    QSignalSpy opened(&window_->document(), &SessionDocument::opened);
    QString path = QStringLiteral(ACCELLAB_TEST_DATA_DIR "/session-v1.json");
    if (session) {
      path = dir_->filePath(QStringLiteral("session.json"));
      writeSessionFile(*session, path.toStdString());
    }
    window_->openSession(path);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 20000);
  }

  Session session_;
  std::unique_ptr<ChartPanel> panel_;
  std::unique_ptr<FakePrompts> prompts_;
  std::unique_ptr<QTemporaryDir> dir_;
  std::unique_ptr<MainWindow> window_;
};

QTEST_MAIN(TestChartInteraction)
#include "tst_chartinteraction.moc"
