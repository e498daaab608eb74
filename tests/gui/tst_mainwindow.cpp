// The window driven through its widgets: a tiny run checked against the engine, export,
// save/open, errors, cancel and close during a long run, and the GUI thread's latency.
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <sstream>

#include "accellab/kernels/builtin.h"
#include "accellab/report.h"
#include "accellab/sweep.h"
#include "charts/chartpanel.h"
#include "experiment/experimentpanel.h"
#include "fake_engine.h"
#include "fake_prompts.h"
#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "session/sessiondocument.h"
#include "skip_rule.h"

using namespace accellab;
using namespace accellab::gui;

namespace {

QString dataFile(const char* name) {
  return QStringLiteral(ACCELLAB_TEST_DATA_DIR "/") + QString::fromLatin1(name);
}

template <typename T>
T* child(QObject& parent, const char* name) {
  T* found = parent.findChild<T*>(QLatin1String(name));
  if (!found) qFatal("no child %s", name);
  return found;
}

struct Setup {
  const char* kernel;
  const char* sizes;
  ExperimentPanel::SweepMode mode;
  int threads;
  int reps;
  double minTimeS;
  QStringList variants;  // empty: every available one
};

// Fills the experiment panel the way a user does: through its widgets.
void enter(MainWindow& window, const Setup& setup) {
  QWidget& panel = window.experimentPanel();
  child<QComboBox>(panel, "kernel")->setCurrentText(QLatin1String(setup.kernel));
  auto* sizes = child<QLineEdit>(panel, "sizes");
  sizes->selectAll();
  QTest::keyClicks(sizes, QLatin1String(setup.sizes));
  for (QCheckBox* check : panel.findChildren<QCheckBox*>()) {
    if (!check->objectName().startsWith(QStringLiteral("variant-"))) continue;
    if (check->isEnabled())
      check->setChecked(setup.variants.isEmpty() || setup.variants.contains(check->text()));
  }
  child<QComboBox>(panel, "sweepMode")->setCurrentIndex(static_cast<int>(setup.mode));
  child<QSpinBox>(panel, "threads")->setValue(setup.threads);
  child<QSpinBox>(panel, "minReps")->setValue(setup.reps);
  child<QDoubleSpinBox>(panel, "minTime")->setValue(setup.minTimeS);
}

void clickRun(MainWindow& window) {
  QTest::mouseClick(child<QPushButton>(window, "runButton"), Qt::LeftButton);
}

const Setup kTiny{"add", "3x5x7", ExperimentPanel::SweepMode::threadsOneToN, 2, 3, 0.0, {}};
const Setup kLongPi{"pi",
                    "1e4, 1e10",
                    ExperimentPanel::SweepMode::fixedThreads,
                    1,
                    1,
                    0.0,
                    {QStringLiteral("loop")}};

// Every point of every run, in order: the tests below run one sweep at a time.
std::vector<PointResult> pointsOf(const Session& session) {
  std::vector<PointResult> points;
  for (const Run& run : session.runs)
    points.insert(points.end(), run.points.begin(), run.points.end());
  return points;
}

}  // namespace

class TestMainWindow : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void init() {
    prompts_ = std::make_unique<FakePrompts>();
    dir_ = std::make_unique<QTemporaryDir>();
    window_ = makeWindow();
  }

  void cleanup() {
    window_.reset();
    dir_.reset();
  }

  // The window runs the engine its factory makes, memory probe included: with a GPU present
  // the gpu point is measured (a host-only probe once skipped every gpu point here).
  void fakeDevicePointRunsInTheWindow() {
    test::FakeDeviceMachine machine;
    auto window = makeWindow(machine.factory());
    window->experimentPanel().setExperiment(QStringLiteral("fake"), QStringLiteral("2x3x4"),
                                            ExperimentPanel::SweepMode::fixedThreads, 1, 3, 0);
    window->startRun();
    QTRY_VERIFY_WITH_TIMEOUT(!window->isRunning(), 20000);
    const Session& session = window->document().session();
    QCOMPARE(session.runs.size(), std::size_t{1});
    QCOMPARE(session.runs[0].system.cpuModel, std::string("Fake CPU"));
    QCOMPARE(session.runs[0].points.size(), std::size_t{3});  // loop, fast x1, gpu
    const PointResult& gpu = session.runs[0].points.back();
    QCOMPARE(gpu.point.variant, std::string("gpu"));
    QVERIFY2(gpu.status == PointStatus::ok, gpu.reason.c_str());
    QCOMPARE(selectedGpu(session.runs[0].system)->name, std::string("Fake GPU"));
  }

  void tinyRunMatchesTheEngine() {
    enter(*window_, kTiny);
    const auto experiment = window_->experimentPanel().experiment();
    QVERIFY2(experiment, qPrintable(window_->experimentPanel().error()));
    const auto expected = expandSweep(experiment->sweep, registry_);
    QCOMPARE(experiment->measure.minReps, std::size_t{3});
    QCOMPARE(experiment->measure.minTimeS, 0.0);
    QVERIFY(expected.size() >= 4);  // loop, ..., parallel x1 and x2

    clickRun(*window_);
    QVERIFY(window_->isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(window_->resultsModel().rowCount(), static_cast<int>(expected.size()),
                              60000);
    QTRY_VERIFY_WITH_TIMEOUT(!window_->isRunning(), 10000);

    const Session& session = window_->document().session();
    QCOMPARE(pointsOf(session).size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
      QVERIFY(pointsOf(session)[i].point == expected[i]);
      const std::string unexpected = test::unexpectedOutcome(registry_, pointsOf(session)[i]);
      QVERIFY2(unexpected.empty(), unexpected.c_str());
      if (pointsOf(session)[i].status == PointStatus::ok)
        QVERIFY(pointsOf(session)[i].samplesS.size() >= 3);
    }
    QVERIFY(window_->document().isModified());
    QVERIFY(window_->isWindowModified());

    // The table shows the engine's report of these points.
    const auto rows = buildRunRows(session.runs.back());
    const QAbstractItemModel& table = *window_->resultsView().model();
    QCOMPARE(table.rowCount(), static_cast<int>(rows.size()));
    const auto columns = columnsIn(inTable);
    for (std::size_t r = 0; r < rows.size(); ++r) {
      for (std::size_t c = 0; c < columns.size(); ++c)
        QCOMPARE(table.index(static_cast<int>(r), static_cast<int>(c)).data().toString(),
                 QString::fromStdString(columns[c]->text(rows[r])));
    }

    // The charts draw the ok points: speedups exactly, one box and one line point per point.
    std::vector<PointResult> ok;
    for (const auto& p : pointsOf(session))
      if (p.status == PointStatus::ok) ok.push_back(p);
    const auto okRows = buildReportRows(ok, {});
    ChartPanel& charts = window_->chartPanel();
    QCOMPARE(charts.kernel(), QStringLiteral("add"));
    const auto speedups = charts.snapshot(1);
    QCOMPARE(speedups.size(), std::size_t{1});
    QCOMPARE(speedups[0].points.size(), ok.size());
    for (std::size_t i = 0; i < ok.size(); ++i)
      QCOMPARE(speedups[0].points[i].y(), *okRows[i].speedup);
    QCOMPARE(charts.snapshot(0).front().points.size(), ok.size());
    std::size_t linePoints = 0;
    for (const auto& line : charts.snapshot(2)) linePoints += line.points.size();
    QCOMPARE(linePoints, ok.size());  // no ceiling line: the test probe measures no bandwidth
    const auto scaling = charts.snapshot(3);
    QCOMPARE(scaling.size(), std::size_t{2});  // parallel over 1..2 threads, and the ideal line
    QCOMPARE(scaling[0].points.size(), std::size_t{2});
  }

  void exportsTheCurrentChartAsPng() {
    QVERIFY(window_->openSession(dataFile("session-v1.json")));
    const QString path = dir_->filePath(QStringLiteral("speedup.png"));
    QVERIFY(window_->exportChartPng(1, path, QSize(640, 400)));
    const QImage image(path);
    QCOMPARE(image.size(), QSize(640, 400));
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
      for (int x = 0; x < image.width(); x += 2) colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 10);
    QVERIFY(prompts_->errors.isEmpty());
  }

  void cliSessionOpensWithItsCharts() {
    QVERIFY(window_->openSession(dataFile("session-v1.json")));
    QCOMPARE(window_->resultsModel().rowCount(), 8);
    ChartPanel& charts = window_->chartPanel();
    for (const QString& kernel : {QStringLiteral("add"), QStringLiteral("pi")}) {
      charts.setKernel(kernel);
      QCOMPARE(charts.kernel(), kernel);
      QVERIFY(!charts.snapshot(0).empty());
      QVERIFY(!charts.snapshot(1).empty());
      QVERIFY(!charts.snapshot(2).empty());
    }
    QVERIFY(!window_->isWindowModified());
  }

  void saveOpenRoundTrip() {
    enter(*window_, kTiny);
    clickRun(*window_);
    QTRY_VERIFY_WITH_TIMEOUT(!window_->isRunning(), 60000);
    const Session measured = window_->document().session();
    QVERIFY(!pointsOf(measured).empty());
    const QString path = dir_->filePath(QStringLiteral("run.json"));
    QVERIFY(window_->saveSession(path));
    QVERIFY(!window_->isWindowModified());

    auto other = makeWindow();
    QVERIFY(other->openSession(path));
    QVERIFY(other->document().session() == measured);
    QCOMPARE(other->resultsModel().rowCount(), static_cast<int>(pointsOf(measured).size()));
    QVERIFY(prompts_->errors.isEmpty());
  }

  void malformedFileShowsAnErrorAndKeepsTheSession_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("truncated") << dataFile("malformed/truncated.json");
    QTest::newRow("other format") << dataFile("malformed/other-format.json");
    QTest::newRow("missing") << QStringLiteral("/nonexistent/none.json");
  }
  void malformedFileShowsAnErrorAndKeepsTheSession() {
    QFETCH(QString, path);
    QVERIFY(window_->openSession(dataFile("session-v1.json")));
    const Session before = window_->document().session();
    const QString title = window_->windowTitle();
    QVERIFY(!window_->openSession(path));
    QCOMPARE(prompts_->errors.size(), 1);
    QVERIFY(window_->document().session() == before);
    QCOMPARE(window_->windowTitle(), title);
    QCOMPARE(window_->resultsModel().rowCount(), 8);
  }

  void cancelDuringALongRunIsQuickAndKeepsMeasuredPoints() {
    enter(*window_, kLongPi);
    clickRun(*window_);
    // The 1e4 point finishes at once; the 1e10 one would take many seconds.
    QTRY_COMPARE_WITH_TIMEOUT(pointsOf(window_->document().session()).size(), std::size_t{1},
                              20000);
    QTest::qWait(300);
    QVERIFY(window_->isRunning());
    QElapsedTimer sinceCancel;
    sinceCancel.start();
    QTest::mouseClick(child<QPushButton>(*window_, "cancelButton"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!window_->isRunning(), 5000);
    QVERIFY2(sinceCancel.elapsed() < 500, qPrintable(QString::number(sinceCancel.elapsed())));
    const auto& points = pointsOf(window_->document().session());
    QCOMPARE(points.size(), std::size_t{1});
    QVERIFY(points[0].status == PointStatus::ok);
    QCOMPARE(*points[0].point.params.samples, std::uint64_t{10000});
    QVERIFY(child<QAction>(*window_, "runAction")->isEnabled());
  }

  void closingDuringARunCancelsAndJoins() {
    enter(*window_, kLongPi);
    clickRun(*window_);
    QTRY_COMPARE_WITH_TIMEOUT(pointsOf(window_->document().session()).size(), std::size_t{1},
                              20000);
    QTest::qWait(300);
    QVERIFY(window_->isRunning());
    QElapsedTimer sinceClose;
    sinceClose.start();
    QVERIFY(window_->close());
    window_.reset();  // joins the worker thread
    QVERIFY2(sinceClose.elapsed() < 600, qPrintable(QString::number(sinceClose.elapsed())));
    QCOMPARE(prompts_->saveQuestions, 1);  // the measured point was offered for saving
  }

  void guiThreadStaysResponsiveDuringARun() {
    enter(*window_,
          {"pi",
           "3e7",
           ExperimentPanel::SweepMode::fixedThreads,
           1,
           3,
           0.4,
           {QStringLiteral("loop"), QStringLiteral("vectorized"), QStringLiteral("parallel")}});
    QElapsedTimer run;
    QElapsedTimer sinceTick;
    qint64 maxDelay = 0;
    QTimer ticker;
    ticker.setInterval(5);
    connect(&ticker, &QTimer::timeout, this,
            [&] { maxDelay = std::max(maxDelay, sinceTick.restart()); });
    clickRun(*window_);
    run.start();
    sinceTick.start();
    ticker.start();
    QTRY_VERIFY_WITH_TIMEOUT(!window_->isRunning(), 60000);
    ticker.stop();
    QCOMPARE(pointsOf(window_->document().session()).size(), std::size_t{3});
    QVERIFY2(run.elapsed() > 1000, "the run was too short to measure the GUI's latency");
    QVERIFY2(maxDelay < 50,
             qPrintable(QStringLiteral("GUI thread blocked for %1 ms").arg(maxDelay)));
  }

  void unsavedChangesGuardNew() {
    enter(*window_, kTiny);
    clickRun(*window_);
    QTRY_VERIFY_WITH_TIMEOUT(!window_->isRunning(), 60000);
    const std::size_t measured = pointsOf(window_->document().session()).size();
    prompts_->saveAnswer = Prompts::SaveChoice::cancel;
    child<QAction>(*window_, "newAction")->trigger();
    QCOMPARE(prompts_->saveQuestions, 1);
    QCOMPARE(pointsOf(window_->document().session()).size(), measured);
    prompts_->saveAnswer = Prompts::SaveChoice::discard;
    child<QAction>(*window_, "newAction")->trigger();
    QCOMPARE(prompts_->saveQuestions, 2);
    QVERIFY(window_->document().session().runs.empty());
    QCOMPARE(window_->resultsModel().rowCount(), 0);
    QVERIFY(!window_->isWindowModified());
  }

  void droppingASessionFileOpensIt() {
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(dataFile("session-v1.json"))});
    QDragEnterEvent enterEvent(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton,
                               Qt::NoModifier);
    QApplication::sendEvent(window_.get(), &enterEvent);
    QVERIFY(enterEvent.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window_.get(), &drop);
    QCOMPARE(pointsOf(window_->document().session()).size(), std::size_t{8});
    QVERIFY(window_->document().path().endsWith(QStringLiteral("session-v1.json")));
  }

  void offersToRecoverTheAutosave() {
    const QString autosave = dir_->filePath(QStringLiteral("autosave.json"));
    QVERIFY(QFile::copy(dataFile("session-v1.json"), autosave));
    window_->offerRecovery();
    QCOMPARE(prompts_->recoverQuestions, 1);
    QCOMPARE(pointsOf(window_->document().session()).size(), std::size_t{8});
    QVERIFY(window_->isWindowModified());
  }

  void exportsResultsAsCsvAndMarkdown_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<QByteArray>("firstLine");
    QTest::newRow("csv") << static_cast<int>(ReportFormat::csv)
                         << QByteArray("run,kernel,problem,");
    QTest::newRow("markdown") << static_cast<int>(ReportFormat::markdown) << QByteArray("");
  }
  void exportsResultsAsCsvAndMarkdown() {
    QFETCH(int, format);
    QFETCH(QByteArray, firstLine);
    QVERIFY(window_->openSession(dataFile("session-v1.json")));
    const QString path = dir_->filePath(QStringLiteral("results"));
    QVERIFY(window_->exportResults(path, static_cast<ReportFormat>(format)));
    // What the CLI's reporter writes for the same session.
    std::ostringstream expected;
    const Session& session = window_->document().session();
    const auto reporter = makeReporter(static_cast<ReportFormat>(format), expected);
    for (const Run& run : session.runs) reportRun(*reporter, run, {});
    reporter->finish();
    QFile written(path);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray text = written.readAll();
    QCOMPARE(text, QByteArray::fromStdString(expected.str()));
    QVERIFY(text.startsWith(firstLine));
    QVERIFY(text.contains("vectorized"));
    QVERIFY(!window_->exportResults(QStringLiteral("/proc/none/results"), ReportFormat::csv));
    QCOMPARE(prompts_->errors.size(), 1);
  }

 private:
  std::unique_ptr<MainWindow> makeWindow(EngineFactory engines = kernels::makeBuiltinEngine) {
    auto window = std::make_unique<MainWindow>(
        std::move(engines),
        MainWindowOptions{.prompts = prompts_.get(),
                          .measureBandwidth = false,
                          .useSettings = false,
                          .autosavePath = dir_->filePath(QStringLiteral("autosave.json"))});
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) qFatal("window not exposed");
    QElapsedTimer probing;
    probing.start();
    while (!window->isReady() && probing.elapsed() < 20000) QTest::qWait(20);
    if (!window->isReady()) qFatal("the machine probe did not finish");
    return window;
  }

  const Engine engine_ = kernels::makeBuiltinEngine();
  const Registry& registry_ = engine_.registry();
  std::unique_ptr<FakePrompts> prompts_;
  std::unique_ptr<QTemporaryDir> dir_;
  std::unique_ptr<MainWindow> window_;
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
