// The window's start with the machine cache: Run is available at once; with a cache the
// bandwidth is not measured; without one a run waits for the measurement and then starts;
// Run > Re-measure Machine measures again and replaces the cache.
#include <QAction>
#include <QLabel>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>

#include "accellab/machine_cache.h"
#include "experiment/experimentpanel.h"
#include "fake_prompts.h"
#include "mainwindow.h"
#include "scripted_engine.h"
#include "session/sessiondocument.h"

using namespace accellab;
using namespace accellab::gui;
namespace fs = std::filesystem;

namespace {

// The bandwidth measurement of the scripted machine: it waits while the gate is closed (as
// seconds of copying would), then measures 1e10, 2e10, … bytes/s, one more each time.
struct ProbeGate {
  void open() {
    {
      const std::lock_guard lock(mutex);
      isOpen = true;
    }
    changed.notify_all();
  }

  std::mutex mutex;
  std::condition_variable_any changed;
  bool isOpen = true;
  int measurements = 0;
};

SystemInfo scriptedHost() {
  SystemInfo system;
  system.cpuModel = "Scripted CPU";
  system.logicalCores = 2;
  system.totalRamBytes = std::uint64_t{64} << 30;
  system.gpuReason = "no GPU in the script";
  return system;
}

// The machine cache keeps a measurement only with its compute ceilings.
// What a measurement of the scripted machine adds to its live probe, with this bandwidth.
void measuredCeilings(SystemInfo& system, double bandwidth) {
  system.bandwidthCeilingBytesPerS = bandwidth;
  system.bandwidthMethod = "scripted copy";
  system.computeCeilings = {{DType::f64, "scalar", 1, -1, 1e9}};
  system.streamingFromBytes = std::uint64_t{32} << 20;
  system.streamingMethod = "scripted trials";
  system.splitFromBytes = std::uint64_t{1} << 20;
  system.splitMethod = "scripted split trials";
}

EngineFactory gatedEngine(const std::shared_ptr<ProbeGate>& gate, test::ScriptedTimes times = {}) {
  auto registry = std::make_shared<Registry>();
  registry->add(std::make_unique<test::ScriptedKernel>(std::move(times)));
  return [registry = std::shared_ptr<const Registry>(registry), gate](const EngineOptions&) {
    return Engine(
        registry,
        [] {
          return MemoryAvailable{std::uint64_t{64} << 30, 0};
        },
        [gate](const ProbeOptions& options) {
          SystemInfo system = scriptedHost();
          if (!options.measureBandwidth) return system;
          std::unique_lock lock(gate->mutex);
          if (!gate->changed.wait(lock, options.stop, [&] { return gate->isOpen; }))
            return system;  // the window closed first: not measured
          measuredCeilings(system, 1e10 * ++gate->measurements);
          return system;
        });
  };
}

QAction* action(QWidget& window, const char* name) {
  auto* found = window.findChild<QAction*>(QLatin1String(name));
  if (!found) qFatal("no action %s", name);
  return found;
}

// A label cut to its width keeps its whole text in the tooltip. The machine's line aside:
// this asks what the run's status says.
bool labelSays(QWidget& window, const QString& text) {
  for (const QLabel* label : window.findChildren<QLabel*>())
    if (label->objectName() != QStringLiteral("machineStatus") &&
        (label->text().contains(text) || label->toolTip().contains(text)))
      return true;
  return false;
}

// The status bar's lasting line about the machine probe.
QString machineLine(QWidget& window) {
  return window.findChild<QLabel*>(QStringLiteral("machineStatus"))->text();
}

}  // namespace

class TestMachineStartup : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
    cacheFile_ = fs::path(dir_->path().toStdString()) / "accellab" / "machine.json";
    prompts_ = std::make_unique<FakePrompts>();
  }

  // A cache of this machine and build: Run at once, nothing measured, the run's ceiling is
  // the cached one and says so.
  void cachedStartRunsAtOnce() {
    writeCache(5e9);
    auto gate = std::make_shared<ProbeGate>();
    gate->isOpen = false;  // a measurement would never end: the test proves none is made
    auto window = makeWindow(gatedEngine(gate));
    QVERIFY(action(*window, "runAction")->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(window->isReady(), 5000);
    QVERIFY2(machineLine(*window).contains(QStringLiteral("(cached)")),
             qPrintable(machineLine(*window)));
    // Lasting state: a transient message (a hovered action's tip) does not wipe it.
    window->statusBar()->showMessage(QStringLiteral("Open a session"));
    window->statusBar()->clearMessage();
    QVERIFY(machineLine(*window).contains(QStringLiteral("(cached)")));

    runTiny(*window);
    QTRY_COMPARE_WITH_TIMEOUT(finishedRuns(*window), std::size_t{1}, 20000);
    const SystemInfo& system = window->document().session().runs.front().system;
    QCOMPARE(system.bandwidthCeilingBytesPerS, 5e9);
    QVERIFY(system.bandwidthCached);
    QCOMPARE(system.bandwidthMeasured, std::string("2026-12-01T04:30:00Z"));
    QCOMPARE(gate->measurements, 0);
    gate->open();
  }

  // No cache: the probe measures; a run asked for meanwhile waits, saying why, then starts
  // with the measured ceiling, which the cache keeps for the next start.
  void firstStartRunWaitsForTheMeasurement() {
    auto gate = std::make_shared<ProbeGate>();
    gate->isOpen = false;
    auto window = makeWindow(gatedEngine(gate));
    const QString measuring = QStringLiteral("first start on this machine");
    QTRY_VERIFY_WITH_TIMEOUT(machineLine(*window).contains(measuring), 5000);
    QVERIFY(action(*window, "runAction")->isEnabled());
    QVERIFY(!action(*window, "remeasureAction")->isEnabled());

    runTiny(*window);
    QVERIFY(!window->isRunning());
    QVERIFY(labelSays(*window, measuring));
    QVERIFY(!action(*window, "runAction")->isEnabled());
    QVERIFY(action(*window, "cancelAction")->isEnabled());
    QVERIFY(!window->experimentPanel().isEnabled());
    QCOMPARE(window->document().session().runs.size(), std::size_t{0});

    gate->open();
    QTRY_COMPARE_WITH_TIMEOUT(finishedRuns(*window), std::size_t{1}, 20000);
    QCOMPARE(prompts_->errors, QStringList());
    const SystemInfo& system = window->document().session().runs.front().system;
    QCOMPARE(system.bandwidthCeilingBytesPerS, 1e10);
    QVERIFY(!system.bandwidthCached);
    QVERIFY(!system.bandwidthMeasured.empty());
    QCOMPARE(cachedCeiling(), 1e10);
  }

  // Cancel while the run waits: it never starts, and the measurement still finishes.
  void cancelWhileWaitingStartsNothing() {
    auto gate = std::make_shared<ProbeGate>();
    gate->isOpen = false;
    auto window = makeWindow(gatedEngine(gate));
    runTiny(*window);
    action(*window, "cancelAction")->trigger();
    QVERIFY(action(*window, "runAction")->isEnabled());
    QVERIFY(!action(*window, "cancelAction")->isEnabled());
    gate->open();
    QTRY_VERIFY_WITH_TIMEOUT(window->isReady(), 5000);
    QCoreApplication::processEvents();
    QVERIFY(!window->isRunning());
    QCOMPARE(window->document().session().runs.size(), std::size_t{0});
    QCOMPARE(cachedCeiling(), 1e10);
  }

  // Re-measure measures although the cache could serve, replaces it, and says when done;
  // during a run it is disabled.
  void remeasureReplacesTheCache() {
    writeCache(5e9);
    auto gate = std::make_shared<ProbeGate>();
    test::ScriptedTimes times;
    times.blockAtMeasurement = 0;  // the run below waits until it is cancelled
    auto window = makeWindow(gatedEngine(gate, times));
    QTRY_VERIFY_WITH_TIMEOUT(window->isReady(), 5000);
    QAction* remeasure = action(*window, "remeasureAction");
    QVERIFY(remeasure->isEnabled());
    remeasure->trigger();
    QVERIFY(!remeasure->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(window->isReady(), 5000);
    QCOMPARE(gate->measurements, 1);
    const QString done = machineLine(*window);
    QVERIFY2(
        done.contains(QStringLiteral("Machine probed")) && !done.contains(QStringLiteral("cached")),
        qPrintable(done));
    QCOMPARE(cachedCeiling(), 1e10);

    runTiny(*window);
    QTRY_VERIFY_WITH_TIMEOUT(window->isRunning(), 5000);
    QVERIFY(!remeasure->isEnabled());
    window->cancelRun();
    QTRY_VERIFY_WITH_TIMEOUT(!window->isRunning(), 5000);
    QVERIFY(remeasure->isEnabled());
    // The run started after the re-measure carries its ceiling.
    QCOMPARE(window->document().session().runs.front().system.bandwidthCeilingBytesPerS, 1e10);
  }

  // The tests' own mode: nothing measured, the cache neither read nor written.
  void withoutBandwidthTheCacheIsUntouched() {
    auto gate = std::make_shared<ProbeGate>();
    auto window = makeWindow(gatedEngine(gate), false);
    QTRY_VERIFY_WITH_TIMEOUT(window->isReady(), 5000);
    QVERIFY(!action(*window, "remeasureAction")->isEnabled());
    QCOMPARE(gate->measurements, 0);
    QVERIFY(!fs::exists(cacheFile_));
  }

 private:
  std::unique_ptr<MainWindow> makeWindow(EngineFactory engines, bool measureBandwidth = true) {
    return std::make_unique<MainWindow>(
        std::move(engines),
        MainWindowOptions{
            .prompts = prompts_.get(),
            .measureBandwidth = measureBandwidth,
            .useSettings = false,
            .autosavePath = {},
            .checkConditions = [](const SystemInfo&) { return std::vector<SystemCondition>{}; },
            .machineCache = quietCache()});
  }

  // The live probe of the scripted machine with a ceiling measured at a known time.
  void writeCache(double ceiling) {
    SystemInfo system = scriptedHost();
    measuredCeilings(system, ceiling);
    system.bandwidthMeasured = "2026-12-01T04:30:00Z";
    quietCache().store(system);
  }

  // The cache file of this test, on a machine that nothing competes for: whether another test
  // keeps a core busy meanwhile is not what these tests are about.
  MachineCache quietCache() const {
    return MachineCache(cacheFile_, [](const std::function<void()>& during) {
      if (during) during();
      return std::string();
    });
  }

  double cachedCeiling() const {
    const auto system = quietCache().load(scriptedHost()).system;
    return system ? system->bandwidthCeilingBytesPerS : 0;
  }

  static void runTiny(MainWindow& window) {
    window.experimentPanel().setExperiment(QStringLiteral("add"), QStringLiteral("16x64x64"),
                                           ExperimentPanel::SweepMode::fixedThreads, 1, 3, 0);
    action(window, "runAction")->trigger();
  }

  static std::size_t finishedRuns(MainWindow& window) {
    return window.isRunning() ? 0 : window.document().session().runs.size();
  }

  std::unique_ptr<QTemporaryDir> dir_;
  fs::path cacheFile_;
  std::unique_ptr<FakePrompts> prompts_;
};

QTEST_MAIN(TestMachineStartup)
#include "tst_machinestartup.moc"
