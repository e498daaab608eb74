// The measuring loop, against a fake kernel and a fake clock.
#include <QtTest>

#include <algorithm>
#include <cerrno>
#include <memory>

#include "accellab/quality.h"
#include "accellab/report.h"
#include "accellab/runner.h"
#include "accellab/session.h"
#include "fake_kernel.h"

using namespace accellab;

namespace {

constexpr quint64 GiB = 1ull << 30;

Point fakePoint(const std::string& variant = "loop", int threads = 1) {
  Params params;
  params.shape = Shape3{2, 3, 4};
  return {"fake", variant, params, threads};
}

MeasureConfig config(std::size_t minReps, double minTimeS, std::size_t maxReps = 100000,
                     double maxTimeS = 15) {
  MeasureConfig c;
  c.minReps = minReps;
  c.minTimeS = minTimeS;
  c.maxReps = maxReps;
  c.maxTimeS = maxTimeS;
  return c;
}

// The events of a run that measured `samples` single-run samples, verified and reported.
std::vector<std::string> expectedEvents(std::size_t samples) {
  std::vector<std::string> events{"prepare", "poison", "run"};
  for (std::size_t i = 0; i < samples; ++i) {
    events.push_back("poison");
    events.push_back("run");
  }
  events.push_back("verify");
  events.push_back("values");
  return events;
}

// perf counters as a machine with a PMU gives them, driven by the fake kernel: the first call
// takes 1000 page faults (its first touch), each later one 2; the CPU runs 2 GHz of cycles
// and 3 instructions a cycle for as long as the fake clock moves.
class FakeCounters : public CounterSource {
 public:
  FakeCounters(const test::FakeScript& script, const test::FakeClock& clock)
      : script_(script), clock_(clock) {}
  const std::vector<std::string>& events() const override { return events_; }
  std::vector<double> read() override {
    const double runs = static_cast<double>(script_.runs);
    const double cycles = 2e9 * clock_.now;
    return {runs == 0 ? 0 : 1000 + 2 * (runs - 1), cycles, 3 * cycles};
  }

 private:
  const test::FakeScript& script_;
  const test::FakeClock& clock_;
  std::vector<std::string> events_{"page-faults", "cycles", "instructions"};
};

// Counters whose reads cost CPU time of their own (system calls), as perf's do.
class CostlyCounters : public CounterSource {
 public:
  explicit CostlyCounters(test::FakeClock& clock) : clock_(clock) {}
  const std::vector<std::string>& events() const override { return events_; }
  std::vector<double> read() override {
    clock_.cpu += 0.01;
    return {0};
  }

 private:
  test::FakeClock& clock_;
  std::vector<std::string> events_{"context-switches"};
};

// Measures in place of a worker: each point as the script says, counting what it was sent.
class ScriptedMeasurer : public PointMeasurer {
 public:
  MeasuredPoint measure(const Point& point, const MeasureConfig& config, std::stop_token,
                        const StageReport& stage, double expectedS) override {
    sent.push_back(point);
    configs.push_back(config);
    expected.push_back(expectedS);
    PointStage measuring;
    measuring.phase = RunPhase::measuring;
    measuring.repetitionsDone = 1;
    if (stage) stage(measuring);
    MeasuredPoint measured;
    measured.result.point = point;
    measured.result.status = crashAt == sent.size() ? PointStatus::failed : PointStatus::ok;
    if (crashAt == sent.size()) measured.endsRun = "the worker crashed, and the run stops";
    return measured;
  }
  std::vector<Point> sent;
  std::vector<MeasureConfig> configs;
  std::vector<double> expected;
  std::size_t crashAt = 0;  // 1-based; 0: never
};

}  // namespace

class TestRunner : public QObject {
  Q_OBJECT

  test::FakeClock clock_;
  test::FakeScript script_;
  Registry registry_;
  MemoryAvailable memory_{16 * GiB, std::nullopt};
  std::unique_ptr<Runner> runner_;

 private slots:
  void initTestCase() { registry_.add(std::make_unique<test::FakeKernel>(script_)); }

  void init() {
    script_ = test::FakeScript{};
    script_.clock = &clock_;
    memory_ = {16 * GiB, std::nullopt};
    runner_ = std::make_unique<Runner>(
        registry_, [this] { return memory_; }, clock_.clock(), nullptr, clock_.cpuClock());
  }

  // The process's CPU time is read around every timed batch, beside the wall clock: per run
  // of each sample, its median, and the cores it kept busy (CPU over wall, summed).
  void measuresCpuTimeBesideTheWallTime() {
    script_.runS = 0.125;
    script_.cores = 1.75;  // a library's pool beside the declared thread
    const PointResult result = runner_->runPoint(fakePoint("loop"), config(4, 0));
    QCOMPARE(toString(result.status), toString(PointStatus::ok));
    QVERIFY(result.cpu.has_value());
    QCOMPARE(result.cpu->samplesS.size(), result.samplesS.size());
    for (const double cpu : result.cpu->samplesS) QCOMPARE(cpu, 0.125 * 1.75);
    QCOMPARE(result.cpu->medianS, 0.125 * 1.75);
    QCOMPARE(result.cpu->cores, 1.75);
    QVERIFY(judgeCoreUse(result) == CoreUse::beyondThreads);
  }

  // A run that timed its own process (a Python child) brings its CPU time too: that one is the
  // point's, set against the run's own time, not this process's idle wait.
  void takesTheCpuTimeARunReports() {
    script_.runS = 0.125;
    script_.cores = 0;  // this process waits
    script_.timedS = 0.1;
    script_.ownCpuS = 0.19;
    const PointResult result = runner_->runPoint(fakePoint("loop"), config(3, 0));
    QVERIFY(result.cpu.has_value());
    QCOMPARE(result.cpu->medianS, 0.19);
    QCOMPARE(result.cpu->cores, 1.9);
  }

  // Without a CPU clock (the window's process, whose drawing would count) nothing is read but
  // what a run reports of its own process.
  void withoutACpuClockOnlyARunsOwnCpuTimeCounts() {
    Runner noCpu(
        registry_, [this] { return memory_; }, clock_.clock(), nullptr, nullptr);
    QVERIFY(!noCpu.runPoint(fakePoint("loop"), config(3, 0)).cpu.has_value());
    script_.timedS = 0.1;
    script_.ownCpuS = 0.1;
    const PointResult own = noCpu.runPoint(fakePoint("loop"), config(3, 0));
    QVERIFY(own.cpu.has_value());
    QCOMPARE(own.cpu->cores, 1.0);
  }

  // The counters are read around the first call and around each timed batch, never counting
  // calibration: per timed call, and the first call's own.
  void countsEventsPerCallAndTheFirstCallApart() {
    Runner counting(
        registry_, [this] { return memory_; }, clock_.clock(), nullptr, clock_.cpuClock(),
        std::make_shared<FakeCounters>(script_, clock_));
    script_.firstRunS = 0.5;
    script_.runS = 0.125;
    const PointResult result = counting.runPoint(fakePoint("loop"), config(5, 0));
    QVERIFY(result.counts.has_value());
    QCOMPARE(result.counts->firstCall.at("page-faults"), 1000.0);
    QCOMPARE(result.counts->firstCall.at("cycles"), 2e9 * 0.5);
    QCOMPARE(result.counts->perCall.at("page-faults"), 2.0);
    QCOMPARE(result.counts->perCall.at("cycles"), 2e9 * 0.125);
    QCOMPARE(result.counts->perCall.at("instructions"), 3 * 2e9 * 0.125);
    // Nothing counted without a source, never zeros.
    QVERIFY(!runner_->runPoint(fakePoint("loop"), config(3, 0)).counts.has_value());
    // A first call made before run() (as an asv file's child prepares) was not seen: its
    // counts are none, not the zeros of a call that only reported it.
    script_.firstMadeEarlier = true;
    script_.runs = 0;
    const PointResult earlier = counting.runPoint(fakePoint("loop"), config(5, 0));
    QVERIFY(earlier.counts.has_value());
    QVERIFY(earlier.counts->firstCall.empty());
    QCOMPARE(earlier.counts->perCall.at("cycles"), 2e9 * 0.125);
  }

  // What reading the counters costs is not the code's CPU time: a 1-thread point stays at
  // one core however long the reads take.
  void countersReadOutsideTheCpuClock() {
    Runner counting(
        registry_, [this] { return memory_; }, clock_.clock(), nullptr, clock_.cpuClock(),
        std::make_shared<CostlyCounters>(clock_));
    script_.runS = 0.125;
    script_.cores = 1;
    const PointResult result = counting.runPoint(fakePoint("loop"), config(4, 0));
    QVERIFY(result.cpu.has_value());
    QCOMPARE(result.cpu->cores, 1.0);
    QCOMPARE(result.cpu->medianS, 0.125);
  }

  // This machine's counters, as perf_event_open gives them: a first call that touches 64 MiB
  // for the first time takes about one page fault per 4 KiB page (fewer with huge pages),
  // a call that touches it again almost none; what cannot be counted is said, not zeroed.
  void countsThisMachinesPageFaults() {
    const CounterOpening opening = openPerfCounters();
    QVERIFY2(!opening.description.empty(), "no description");
    if (!opening.source)
      QSKIP(("no perf event can be opened here: " + opening.description).c_str());
    const auto& events = opening.source->events();
    const auto at = std::ranges::find(events, "page-faults");
    if (at == events.end()) QSKIP(opening.description.c_str());
    const auto index = static_cast<std::size_t>(at - events.begin());
    constexpr std::size_t kBytes = 64 << 20;
    const auto faultsTouching = [&](char* memory) {
      const double before = opening.source->read()[index];
      for (std::size_t i = 0; i < kBytes; i += 4096) memory[i] = static_cast<char>(i);
      return opening.source->read()[index] - before;
    };
    std::unique_ptr<char[]> memory(new char[kBytes]);
    const double first = faultsTouching(memory.get());
    const double again = faultsTouching(memory.get());
    // At most one a page, and an eighth more where AddressSanitizer maps the page's shadow.
    QVERIFY2(first >= 32 && first <= kBytes / 4096 * 9 / 8 + 256, std::to_string(first).c_str());
    QVERIFY2(again < 64, std::to_string(again).c_str());
    // Every event the source counts has a name AccelLab knows.
    for (const std::string& event : events)
      QVERIFY(std::ranges::any_of(counterEvents(),
                                  [&](const CounterEvent& e) { return e.name == event; }));
  }

  // A kernel that does not expose a PMU (this VM), or forbids counting, is said so once, with
  // the fix; never a counted zero.
  void countersNotAvailableAreSaid() {
    const auto noPmu = [](const CounterEvent& event, bool excludeKernel, int tid) {
      return event.hardware ? -ENOENT : perfEventOpen(event, excludeKernel, tid);
    };
    const CounterOpening vm = openPerfCounters(noPmu);
    if (!vm.source) QSKIP(("no software event can be opened here: " + vm.description).c_str());
    QCOMPARE(vm.description,
             std::string("counted: page-faults, context-switches, cpu-migrations; hardware "
                         "counters: not available on this machine (no PMU exposed: virtual "
                         "machines usually hide it)"));
    QCOMPARE(vm.source->events().size(), std::size_t{3});
    const CounterOpening refused =
        openPerfCounters([](const CounterEvent&, bool, int) { return -EACCES; });
    QVERIFY(!refused.source);
    QVERIFY2(
        refused.description.starts_with(
            "not counted: page-faults, context-switches, cpu-migrations (not permitted") &&
            refused.description.find("hardware counters: not permitted") != std::string::npos &&
            refused.description.find("kernel.perf_event_paranoid is ") != std::string::npos,
        refused.description.c_str());
  }

  // A one-thread point that got far less CPU than wall time waited or was preempted.
  void flagsAPointThatWaited() {
    script_.cores = 0.25;
    const PointResult result = runner_->runPoint(fakePoint("loop"), config(3, 0));
    QVERIFY(judgeCoreUse(result) == CoreUse::belowOneCore);
    QVERIFY2(coreUseNote(result).find("0.25 cores of CPU over its wall time: it waited") !=
                 std::string::npos,
             coreUseNote(result).c_str());
  }

  // A runner told to measure elsewhere sends every point there, with the run's budgeted
  // settings and a prediction of its time; a point that ends the run leaves the rest
  // unmeasured, with the reason.
  void measuresThroughItsMeasurer() {
    auto measurer = std::make_shared<ScriptedMeasurer>();
    measurer->crashAt = 2;
    runner_->measureIn(measurer);
    const std::vector<Point> points{fakePoint("loop"), fakePoint("fast"), fakePoint("loop", 2),
                                    fakePoint("fast", 2)};
    std::vector<Progress> reports;
    MeasureConfig budget = config(3, 0);
    budget.maxReps = 10 * pointSampleCap(points.size());  // more than a run of 4 may store
    RunCallbacks callbacks;
    callbacks.progress = [&](const Progress& p) { reports.push_back(p); };
    const auto results = runner_->run(points, budget, callbacks);
    QCOMPARE(measurer->sent, (std::vector<Point>{points[0], points[1]}));
    QCOMPARE(measurer->configs[0].maxReps, pointSampleCap(points.size()));  // capped
    QVERIFY(measurer->expected[0] > 0);
    QCOMPARE(script_.prepares, std::size_t{0});  // nothing measured here
    QCOMPARE(results.size(), points.size());
    QCOMPARE(toString(results[0].status), toString(PointStatus::ok));
    QCOMPARE(toString(results[1].status), toString(PointStatus::failed));
    for (std::size_t i = 2; i < 4; ++i) {
      QCOMPARE(toString(results[i].status), toString(PointStatus::cancelled));
      QCOMPARE(results[i].reason,
               std::string("not measured: the worker crashed, and the run stops"));
    }
    // The measurer's stages reach the run's progress.
    QVERIFY(std::any_of(reports.begin(), reports.end(), [](const Progress& p) {
      return p.phase == RunPhase::measuring && p.repetitionsDone == 1;
    }));
    // Back in process: measured here again.
    runner_->measureIn(nullptr);
    QCOMPARE(toString(runner_->run({points[0]}, config(3, 0)).front().status),
             toString(PointStatus::ok));
    QCOMPARE(script_.prepares, std::size_t{1});
  }

  void stopRule_data() {
    QTest::addColumn<double>("runS");
    QTest::addColumn<int>("minReps");
    QTest::addColumn<double>("minTimeS");
    QTest::addColumn<int>("maxReps");
    QTest::addColumn<double>("maxTimeS");
    QTest::addColumn<int>("samples");
    QTest::addColumn<bool>("cutShort");  // the time limit stopped it before minReps
    QTest::newRow("minReps binds") << 0.125 << 5 << 0.25 << 100 << 15.0 << 5 << false;
    QTest::newRow("minTime binds") << 0.0625 << 2 << 0.5 << 100 << 15.0 << 8 << false;
    QTest::newRow("maxTime stops") << 0.5 << 100 << 0.0 << 1000 << 2.0 << 4 << true;
    QTest::newRow("maxTime keeps one sample") << 4.0 << 5 << 0.0 << 1000 << 1.0 << 1 << true;
    QTest::newRow("maxTime after minReps") << 0.5 << 2 << 100.0 << 1000 << 2.0 << 4 << false;
    QTest::newRow("maxReps stops") << 0.125 << 10 << 100.0 << 3 << 15.0 << 3 << false;
  }
  void stopRule() {
    QFETCH(double, runS);
    QFETCH(int, minReps);
    QFETCH(double, minTimeS);
    QFETCH(int, maxReps);
    QFETCH(double, maxTimeS);
    QFETCH(int, samples);
    QFETCH(bool, cutShort);
    script_.runS = runS;
    const auto result =
        runner_->runPoint(fakePoint(), config(minReps, minTimeS, maxReps, maxTimeS));
    QCOMPARE(toString(result.status), toString(PointStatus::ok));
    QCOMPARE(result.samplesS.size(), std::size_t(samples));
    for (double s : result.samplesS) QCOMPARE(s, runS);
    QCOMPARE(result.runsPerSample, std::uint64_t{1});
    QCOMPARE(script_.events, expectedEvents(samples));  // poison before every timed run
    QCOMPARE(result.flags.cutShort, cutShort);
    QVERIFY(!result.flags.unstable && !result.flags.cold);  // equal samples, a 4x first call
  }

  void flagsFollowTheLimits_data() {
    QTest::addColumn<QList<double>>("runs");  // warm-up first
    QTest::addColumn<double>("maxSpread");
    QTest::addColumn<double>("coldFactor");
    QTest::addColumn<QString>("flags");
    const QList<double> noisy{0.25, 0.125, 0.25, 0.0625, 0.125, 0.25};  // MAD 0.0625 = 50 %
    QTest::newRow("noisy") << noisy << 0.05 << 10.0 << "unstable";
    QTest::newRow("noisy, lenient") << noisy << 0.6 << 10.0 << "";
    const QList<double> cold{2.0, 0.125, 0.125, 0.125, 0.125, 0.125};  // 16 medians
    QTest::newRow("cold") << cold << 0.05 << 10.0 << "cold";
    QTest::newRow("cold, lenient") << cold << 0.05 << 20.0 << "";
  }
  void flagsFollowTheLimits() {
    QFETCH(QList<double>, runs);
    QFETCH(double, maxSpread);
    QFETCH(double, coldFactor);
    QFETCH(QString, flags);
    script_.runSByRun.assign(runs.begin(), runs.end());
    MeasureConfig c = config(5, 0);
    c.quality = {maxSpread, coldFactor};
    const auto result = runner_->runPoint(fakePoint(), c);
    QCOMPARE(result.samplesS.size(), std::size_t{5});
    QCOMPARE(QString::fromStdString(flagsText(result.flags)), flags);
  }

  // A noisy first measurement is re-measured; the steadiest is kept and attempts counted.
  void rerunKeepsTheSteadiest() {
    // Point 0 (fake loop): noisy, then steady on its first re-run. Point 1 (fake fast):
    // steady throughout, never re-run. Runs are numbered across both points.
    script_.runSByRun = {0.125, 0.25,  0.125, 0.0625, 0.25,  0.125,   // loop: warm-up + 5, noisy
                         0.125, 0.125, 0.125, 0.125,  0.125, 0.125};  // fast: steady
    const MeasureConfig c = config(5, 0);
    std::vector<PointResult> results = runner_->run({fakePoint("loop"), fakePoint("fast")}, c);
    QVERIFY(results[0].flags.unstable);
    QVERIFY(!results[1].flags.unstable);
    const PointResult steady = results[1];
    std::vector<int> finished;
    RunCallbacks callbacks;
    callbacks.pointFinished = [&](const PointResult& r) {
      finished.push_back(r.point.variant == "loop" ? 0 : 1);
    };
    const auto rerun = runner_->rerunUnstable(results, c, 3, callbacks);
    QCOMPARE(rerun, std::vector<std::size_t>{0});
    QCOMPARE(finished, std::vector<int>{0});
    QVERIFY(!results[0].flags.unstable);  // later runs take runS: 0.125 every time
    QCOMPARE(results[0].attempts, std::uint32_t{2});
    QCOMPARE(results[0].stats.medianS, 0.125);
    QVERIFY(results[1] == steady);
  }

  void rerunGivesUpAfterMaxAttempts() {
    // Every run alternates: the point never becomes stable, and the steadiest is kept.
    script_.runSByRun.resize(200);
    for (std::size_t i = 0; i < script_.runSByRun.size(); ++i)
      script_.runSByRun[i] = i % 2 ? 0.25 : 0.0625;
    const MeasureConfig c = config(4, 0);
    std::vector<PointResult> results = {runner_->runPoint(fakePoint(), c)};
    QVERIFY(results[0].flags.unstable);
    runner_->rerunUnstable(results, c, 2);
    QCOMPARE(results[0].attempts, std::uint32_t{3});
    QVERIFY(results[0].flags.unstable);
    QCOMPARE(toString(results[0].status), toString(PointStatus::ok));
  }

  void rerunStopsWhenAsked() {
    script_.runSByRun = {0.125, 0.25, 0.125, 0.0625, 0.25, 0.125};
    const MeasureConfig c = config(5, 0);
    std::vector<PointResult> results = {runner_->runPoint(fakePoint(), c)};
    const PointResult before = results[0];
    std::stop_source stop;
    stop.request_stop();
    runner_->rerunUnstable(results, c, 3, {}, stop.get_token());
    QVERIFY(results[0] == before);  // nothing measured, nothing lost
  }

  void warmUpIsFirstCallOnly() {
    script_.firstRunS = 0.75;
    const auto result = runner_->runPoint(fakePoint(), config(3, 0));
    QCOMPARE(result.firstCallS, 0.75);
    QCOMPARE(result.samplesS, (std::vector<double>{0.125, 0.125, 0.125}));
  }

  void resultFields() {
    script_.fingerprints["fast"] = 7;
    const auto result = runner_->runPoint(fakePoint("fast", 2), config(4, 0));
    QCOMPARE(result.point, fakePoint("fast", 2));
    QCOMPARE(toString(result.status), toString(PointStatus::ok));
    QVERIFY(result.reason.empty());
    QVERIFY(result.verified);
    QCOMPARE(result.verifyDetail, std::string("max |error| 0"));
    QCOMPARE(result.isa, std::string("FAKE512"));
    QCOMPARE(result.stores, std::string("cached"));
    QCOMPARE(result.elements, std::uint64_t{24});
    QCOMPARE(result.bytes, std::uint64_t{24 * 2 * 8});
    QCOMPARE(result.stats, summarize(result.samplesS));
    QCOMPARE(result.elementsPerS, 24 / 0.125);
    QCOMPARE(result.bytesPerS, 384 / 0.125);
    QVERIFY(!result.gpu);
  }

  // The run's store crossover reaches the kernel's prepare, and the kernel's choice the point.
  void storesFollowTheConfig() {
    MeasureConfig streaming = config(3, 0);
    streaming.streamingFromBytes = std::uint64_t{64} << 20;
    const auto result = runner_->runPoint(fakePoint("fast", 2), streaming);
    QCOMPARE(script_.streamingFromBytes, std::uint64_t{64} << 20);
    QCOMPARE(result.stores, std::string("streaming"));
    QCOMPARE(runner_->runPoint(fakePoint(), streaming).stores, std::string());
  }

  // A run that compiled its code (a CUDA source) pays the compile and the load at its first
  // call: they join the first-call cost, never a sample, and the point keeps them apart.
  void theCodeBuildJoinsTheFirstCall() {
    script_.build =
        CodeBuild{.how = "NVRTC 13.0, sm_90 cubin of k.cu", .compileS = 1.0, .loadS = 0.0625};
    const auto result = runner_->runPoint(fakePoint(), config(3, 0));
    QCOMPARE(result.build, script_.build);
    QCOMPARE(result.firstCallS, 0.5 + 1.0 + 0.0625);
    QCOMPARE(result.samplesS, (std::vector<double>{0.125, 0.125, 0.125}));
    QVERIFY(result.flags.cold);  // 12.5 medians
    const std::string note = buildReportRows({result}, {}, {}, 1).front().note;
    QVERIFY2(note.find("first call includes 1.00 s to compile and 62.5 ms to load (NVRTC 13.0, "
                       "sm_90 cubin of k.cu)") != std::string::npos,
             note.c_str());
    script_.build.reset();
    QVERIFY(!runner_->runPoint(fakePoint(), config(3, 0)).build);
  }

  // What a run reports is read once it is verified, outside the timed runs, and kept as it
  // came; a run that cannot say keeps its times, with the reason, and a cancelled point never
  // asks.
  void reportedValuesFollowTheVerification() {
    script_.values = {{"occupancy", "%", 84.5}, {"iterations", "", 12}};
    const auto result = runner_->runPoint(fakePoint(), config(3, 0));
    QCOMPARE(toString(result.status), toString(PointStatus::ok));
    QCOMPARE(result.values, script_.values);
    QCOMPARE(script_.events, expectedEvents(3));
    QCOMPARE(result.samplesS, (std::vector<double>{0.125, 0.125, 0.125}));

    script_.throwOnValues = true;
    const auto unreported = runner_->runPoint(fakePoint(), config(3, 0));
    QCOMPARE(toString(unreported.status), toString(PointStatus::ok));
    QCOMPARE(unreported.samplesS, (std::vector<double>{0.125, 0.125, 0.125}));
    QVERIFY(unreported.values.empty());
    QCOMPARE(unreported.valuesMissing, std::string("no occupancy counter"));

    std::stop_source stop;
    script_.stopper = &stop;
    script_.stopAtRun = script_.runs + 2;
    const auto cancelled = runner_->runPoint(fakePoint(), config(10, 0), stop.get_token());
    QCOMPARE(toString(cancelled.status), toString(PointStatus::cancelled));
    QVERIFY(cancelled.values.empty());
    QCOMPARE(script_.count("values"), std::size_t{2});
  }

  void kernelTimingWins() {
    script_.timedS = 0.003;
    const auto result = runner_->runPoint(fakePoint(), config(3, 0));
    QCOMPARE(result.firstCallS, 0.003);
    QCOMPARE(result.samplesS, (std::vector<double>{0.003, 0.003, 0.003}));
  }

  void gpuMedians() {
    script_.gpuByRun = {{9, 9, 9, 9}, {1, 10, 100, 1000}, {3, 30, 300, 3000}, {2, 20, 200, 2000}};
    const auto result = runner_->runPoint(fakePoint("gpu"), config(3, 0, 3));
    QCOMPARE(result.samplesS.size(), std::size_t{3});
    QVERIFY(result.gpu);
    QCOMPARE(*result.gpu, (GpuTiming{2, 20, 200, 2000}));
  }

  void calibratesFastRuns() {
    script_.runS = 1.0 / (1 << 20);  // about 0.95 µs, exact in binary
    MeasureConfig c = config(5, 0);
    const auto result = runner_->runPoint(fakePoint(), c);
    QCOMPARE(toString(result.status), toString(PointStatus::ok));
    QVERIFY(result.runsPerSample > 1);
    QVERIFY(static_cast<double>(result.runsPerSample) * script_.runS >= c.minSampleS);
    QCOMPARE(result.samplesS.size(), std::size_t{5});
    for (double s : result.samplesS) QCOMPARE(s, script_.runS);
    // One poisoning per batch: the last five batches each hold runsPerSample runs.
    std::vector<std::string> batch{"poison"};
    batch.insert(batch.end(), result.runsPerSample, "run");
    const auto& events = script_.events;
    const auto measured = events.end() - 2 - 5 * static_cast<std::ptrdiff_t>(batch.size());
    for (int i = 0; i < 5; ++i)
      QVERIFY(std::equal(batch.begin(), batch.end(),
                         measured + i * static_cast<std::ptrdiff_t>(batch.size())));
  }

  void calibrationOff() {
    script_.runS = 1e-6;
    MeasureConfig c = config(5, 0);
    c.minSampleS = 0;
    const auto result = runner_->runPoint(fakePoint(), c);
    QCOMPARE(result.runsPerSample, std::uint64_t{1});
    QCOMPARE(script_.events, expectedEvents(5));
  }

  void verificationFailure() {
    script_.verifyOk = false;
    const auto result = runner_->runPoint(fakePoint(), config(2, 0));
    QCOMPARE(toString(result.status), toString(PointStatus::failed));
    QVERIFY(!result.verified);
    QCOMPARE(result.reason, std::string("verification failed: max |error| 3.5 at [1][2][3]"));
    QCOMPARE(result.samplesS.size(), std::size_t{2});  // the timings are still kept
  }

  void refusals_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("threads");
    QTest::addColumn<bool>("zeroShape");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("reason");
    const auto failed = static_cast<int>(PointStatus::failed);
    QTest::newRow("unknown kernel") << "mul"
                                    << "loop" << 1 << false << failed << "unknown kernel 'mul'";
    QTest::newRow("unknown variant")
        << "fake"
        << "warp" << 1 << false << failed << "unknown variant 'warp' of fake";
    QTest::newRow("unavailable") << "fake"
                                 << "off" << 1 << false << static_cast<int>(PointStatus::skipped)
                                 << "needs a flux capacitor";
    QTest::newRow("invalid params")
        << "fake"
        << "loop" << 1 << true << failed << "shape 0x3x4 has a zero extent";
    QTest::newRow("no threads") << "fake"
                                << "fast" << 0 << false << failed << "thread count 0 is below 1";
  }
  void refusals() {
    QFETCH(QString, kernel);
    QFETCH(QString, variant);
    QFETCH(int, threads);
    QFETCH(bool, zeroShape);
    QFETCH(int, status);
    QFETCH(QString, reason);
    Point point = fakePoint(variant.toStdString(), threads);
    point.kernel = kernel.toStdString();
    if (zeroShape) point.params.shape->z = 0;
    const auto result = runner_->runPoint(point, config(2, 0));
    QCOMPARE(static_cast<int>(result.status), status);
    QCOMPARE(QString::fromStdString(result.reason), reason);
    QCOMPARE(result.point, point);
    QCOMPARE(script_.prepares, std::size_t{0});
    QVERIFY(result.samplesS.empty());
  }

  void memoryRefusal_data() {
    QTest::addColumn<quint64>("needHost");
    QTest::addColumn<quint64>("needDevice");
    QTest::addColumn<QString>("reason");
    QTest::newRow("RAM") << 32 * GiB << quint64(0) << "needs 32.0 GiB of RAM, 16.0 GiB available";
    QTest::newRow("GPU") << GiB << 2 * GiB << "needs 2.00 GiB of GPU memory, 1.00 GiB available";
  }
  void memoryRefusal() {
    QFETCH(quint64, needHost);
    QFETCH(quint64, needDevice);
    QFETCH(QString, reason);
    script_.need = {needHost, needDevice};
    memory_.deviceBytes = GiB;
    const auto result = runner_->runPoint(fakePoint("gpu"), config(2, 0));
    QCOMPARE(toString(result.status), toString(PointStatus::skipped));
    QCOMPARE(QString::fromStdString(result.reason), reason);
    QCOMPARE(script_.prepares, std::size_t{0});
  }

  void prepareThrows() {
    script_.throwOnPrepare = true;
    const auto result = runner_->runPoint(fakePoint(), config(2, 0));
    QCOMPARE(toString(result.status), toString(PointStatus::failed));
    QCOMPARE(result.reason, std::string("cannot allocate 8 GiB"));
  }

  // A prepare that waits (a Python child importing Numba) and is stopped: the point is
  // cancelled, not failed with the prepare's message.
  void stopWhilePreparingCancels() {
    script_.prepareWaitsForStop = true;
    std::stop_source stop;
    std::jthread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      stop.request_stop();
    });
    const auto result = runner_->runPoint(fakePoint(), config(2, 0), stop.get_token());
    QCOMPARE(toString(result.status), toString(PointStatus::cancelled));
    QCOMPARE(result.reason, std::string("cancelled"));
    QCOMPARE(script_.prepares, std::size_t{1});
  }

  void runThrows() {
    script_.throwAtRun = 2;
    const auto result = runner_->runPoint(fakePoint(), config(5, 0));
    QCOMPARE(toString(result.status), toString(PointStatus::failed));
    QCOMPARE(result.reason, std::string("device lost"));
  }

  void stopBeforeStart() {
    std::stop_source stop;
    stop.request_stop();
    const auto result = runner_->runPoint(fakePoint(), config(2, 0), stop.get_token());
    QCOMPARE(toString(result.status), toString(PointStatus::cancelled));
    QCOMPARE(result.reason, std::string("cancelled"));
    QCOMPARE(script_.prepares, std::size_t{0});
  }

  void stopDuringRepetitions() {
    std::stop_source stop;
    script_.stopper = &stop;
    script_.stopAtRun = 3;  // warm-up is run 0; runs 1 and 2 complete
    const auto result = runner_->runPoint(fakePoint(), config(10, 0), stop.get_token());
    QCOMPARE(toString(result.status), toString(PointStatus::cancelled));
    QCOMPARE(result.samplesS, (std::vector<double>{0.125, 0.125}));
    QCOMPARE(result.stats.medianS, 0.125);
    QCOMPARE(script_.count("verify"), std::size_t{0});
  }

  void pointProgressIsThrottled() {
    script_.runS = 0.001;
    std::vector<double> fractions;
    const auto result = runner_->runPoint(fakePoint(), config(5, 1.0), {},
                                          [&](double f) { fractions.push_back(f); });
    QCOMPARE(result.samplesS.size(), std::size_t{1000});
    // One call per 50 ms of a one-second point, not one per repetition.
    QVERIFY2(fractions.size() >= 15 && fractions.size() <= 21,
             QByteArray::number(qsizetype(fractions.size())));
    QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
    QVERIFY(fractions.front() > 0 && fractions.back() < 1);
  }

  void runReportsEveryPoint() {
    script_.runS = 0.01;
    const std::vector<Point> points{fakePoint("loop"), fakePoint("off"), fakePoint("fast", 2)};
    std::vector<Progress> progress;
    std::vector<PointResult> finished;
    RunCallbacks callbacks;
    callbacks.progress = [&](const Progress& p) { progress.push_back(p); };
    callbacks.pointFinished = [&](const PointResult& r) { finished.push_back(r); };
    const auto results = runner_->run(points, config(3, 0.5), callbacks);
    QCOMPARE(results.size(), std::size_t{3});
    QCOMPARE(finished, results);
    QCOMPARE(toString(results[1].status), toString(PointStatus::skipped));
    QCOMPARE(toString(results[2].status), toString(PointStatus::ok));
    QVERIFY(!progress.empty());
    for (std::size_t i = 1; i < progress.size(); ++i) {
      QVERIFY(progress[i].fraction >= progress[i - 1].fraction);
      QVERIFY(progress[i].pointsDone >= progress[i - 1].pointsDone);
    }
    QVERIFY(progress.size() > 6);   // moves within points
    QVERIFY(progress.size() < 40);  // but throttled
    QCOMPARE(progress.back().fraction, 1.0);
    QCOMPARE(progress.back().pointsDone, std::size_t{3});
    QCOMPARE(progress.back().pointsTotal, std::size_t{3});
    QCOMPARE(progress.back().etaS, std::optional<double>(0.0));
    QCOMPARE(progress.front().point, points[0]);
    QVERIFY(!progress.back().point);
    QCOMPARE(progress.front().fraction, 0.0);
  }

  // Every report names the point being worked on: the pointIndex-th, pointsDone of them
  // finished before it; the closing report names none.
  void progressNamesThePointWorkedOn() {
    script_.runS = 0.01;
    const std::vector<Point> points{fakePoint("loop"), fakePoint("fast", 2), fakePoint("loop")};
    std::vector<Progress> progress;
    std::size_t finished = 0;
    RunCallbacks callbacks;
    callbacks.progress = [&](const Progress& p) { progress.push_back(p); };
    callbacks.pointFinished = [&](const PointResult&) { ++finished; };
    runner_->run(points, config(3, 0.1), callbacks);
    QCOMPARE(finished, points.size());
    for (const Progress& p : progress) {
      if (!p.point) continue;
      QCOMPARE(p.pointIndex, p.pointsDone);
      QCOMPARE(*p.point, points[p.pointIndex]);
      QCOMPARE(p.usesThreads, p.point->variant == "fast");
    }
    QCOMPARE(progress[0].describePoint(), std::string("fake \u00b7 loop \u00b7 2x3x4 f64"));
    const auto threaded = std::find_if(progress.begin(), progress.end(),
                                       [](const Progress& p) { return p.pointIndex == 1; });
    QVERIFY(threaded != progress.end());
    QCOMPARE(threaded->describePoint(),
             std::string("fake \u00b7 fast \u00d72 threads \u00b7 2x3x4 f64"));
  }

  void phasesInOrder() {
    script_.runS = 0.01;
    std::vector<RunPhase> phases;
    std::vector<Progress> measuring;
    RunCallbacks callbacks;
    callbacks.progress = [&](const Progress& p) {
      if (!p.point) return;
      if (phases.empty() || phases.back() != p.phase) phases.push_back(p.phase);
      if (p.phase == RunPhase::measuring) measuring.push_back(p);
    };
    const auto results = runner_->run({fakePoint()}, config(20, 0), callbacks);
    QCOMPARE(toString(results[0].status), toString(PointStatus::ok));
    QVERIFY(phases == (std::vector<RunPhase>{RunPhase::preparing, RunPhase::warmingUp,
                                             RunPhase::measuring, RunPhase::verifying}));
    // Measuring counts its repetitions; the warm-up already foretold the 20 the rule takes.
    QVERIFY(measuring.size() >= 3);
    QCOMPARE(measuring.front().repetitionsDone, std::size_t{0});
    QCOMPARE(measuring.front().repetitionsExpected, std::optional<std::size_t>(20));
    QCOMPARE(measuring.front().describePhase(), std::string("measuring"));
    const Progress& later = measuring.back();
    QVERIFY(later.repetitionsDone > 0 && later.repetitionsDone < 20);
    QCOMPARE(later.describePhase(),
             "measuring " + std::to_string(later.repetitionsDone) + " of 20");
  }

  // The time left is known from the very first report, before any point finished: a
  // memory-bound point from its bytes and the machine's bandwidth, a compute-bound one from
  // the measuring targets.
  void etaFromTheFirstReport_data() {
    QTest::addColumn<bool>("computeBound");
    QTest::addColumn<double>("bandwidth");
    QTest::addColumn<double>("expectedS");
    // 2^27 f64 elements in and out: 2 GiB a run, 2 GiB to prepare and to verify. At 1 GB/s
    // one run takes 2.147 s; preparing 4 copies' worth, then warm-up + 3 runs, verifying 1.
    const double runS = double(1ull << 31) / 1e9;
    QTest::newRow("memory-bound, measured bandwidth") << false << 1e9 << 9 * runS;
    QTest::newRow("memory-bound, assumed bandwidth")
        << false << 0.0 << 9 * runS * 1e9 / kAssumedBandwidthBytesPerS;
    // No bytes: the 0.5 s the measuring takes at least, per point.
    QTest::newRow("compute-bound") << true << 1e9 << 2 * 0.5;
  }
  void etaFromTheFirstReport() {
    QFETCH(bool, computeBound);
    QFETCH(double, bandwidth);
    QFETCH(double, expectedS);
    script_.computeBound = computeBound;
    Params params;
    params.shape = Shape3{1024, 1024, 128};
    if (!computeBound) script_.need.hostBytes = 1ull << 31;
    const Point big{"fake", "loop", params, 1};
    std::vector<Point> points{big};
    if (computeBound) points.push_back(big);
    std::vector<Progress> progress;
    RunCallbacks callbacks;
    callbacks.progress = [&](const Progress& p) { progress.push_back(p); };
    callbacks.bandwidthBytesPerS = bandwidth;
    runner_->run(points, config(3, computeBound ? 0.5 : 0), callbacks);
    QVERIFY(!progress.empty());
    QCOMPARE(toString(progress.front().phase), toString(RunPhase::preparing));
    QVERIFY(progress.front().etaS);
    QVERIFY2(std::abs(*progress.front().etaS - expectedS) < 1e-9 * expectedS,
             QByteArray::number(*progress.front().etaS));
    // The point's own share: all of it for one point, half for two equal ones.
    QVERIFY(progress.front().pointEtaS);
    QVERIFY(std::abs(*progress.front().pointEtaS - expectedS / double(points.size())) <
            1e-9 * expectedS);
  }

  // Within a point the estimate counts down with the clock and the fraction moves on.
  void etaCountsDownWhileMeasuring() {
    script_.runS = 0.01;
    std::vector<Progress> measuring;
    RunCallbacks callbacks;
    callbacks.progress = [&](const Progress& p) {
      if (p.phase == RunPhase::measuring && p.repetitionsDone > 0) measuring.push_back(p);
    };
    runner_->run({fakePoint(), fakePoint()}, config(3, 1.0), callbacks);
    QVERIFY(measuring.size() > 10);
    for (std::size_t i = 1; i < measuring.size(); ++i) {
      if (measuring[i].pointIndex != measuring[i - 1].pointIndex) continue;
      QVERIFY(*measuring[i].etaS < *measuring[i - 1].etaS);
      QVERIFY(measuring[i].fraction > measuring[i - 1].fraction);
    }
    // The first point taught the second's run time: one second of repetitions left at its
    // start, give or take one report interval.
    const auto second = std::find_if(measuring.begin(), measuring.end(),
                                     [](const Progress& p) { return p.pointIndex == 1; });
    QVERIFY(second != measuring.end());
    QVERIFY2(*second->etaS > 0.8 && *second->etaS < 1.05, QByteArray::number(*second->etaS));
  }

  // The time left is a floor while a variant ahead has not been measured in this run (its
  // prediction is the memory ceiling's), and an estimate once every group ahead is learned.
  void etaIsAFloorUntilEveryVariantAheadIsMeasured() {
    script_.runS = 0.001;
    std::vector<Progress> progress;
    RunCallbacks callbacks;
    callbacks.progress = [&](const Progress& p) {
      if (p.point) progress.push_back(p);
    };
    // loop, fast, loop: the second loop point is learned from the first.
    runner_->run({fakePoint("loop"), fakePoint("fast"), fakePoint("loop")}, config(3, 0),
                 callbacks);
    const auto floorAt = [&](std::size_t index, RunPhase phase) {
      const auto at = std::ranges::find_if(
          progress, [&](const Progress& p) { return p.pointIndex == index && p.phase == phase; });
      if (at == progress.end()) qFatal("no report of point %zu in that phase", index);
      return at->etaIsFloor;
    };
    QVERIFY(floorAt(0, RunPhase::preparing));   // loop and fast not measured yet
    QVERIFY(floorAt(0, RunPhase::measuring));   // fast still ahead
    QVERIFY(floorAt(1, RunPhase::preparing));   // fast itself, before its first run
    QVERIFY(!floorAt(1, RunPhase::measuring));  // fast timed; loop learned from point 0
    QVERIFY(!floorAt(2, RunPhase::preparing));
  }

  void rerunProgressNamesTheAttempt() {
    script_.runSByRun = {0.5, 0.05, 0.1, 0.2, 0.1, 0.05};  // unstable at first
    std::vector<PointResult> results = {runner_->runPoint(fakePoint(), config(5, 0))};
    QVERIFY(results[0].flags.unstable);
    std::vector<Progress> progress;
    RunCallbacks callbacks;
    callbacks.progress = [&](const Progress& p) { progress.push_back(p); };
    runner_->rerunUnstable(results, config(5, 0), 3, callbacks);
    QVERIFY(!progress.empty());
    QCOMPARE(progress.front().attempt, std::size_t{1});
    QCOMPARE(progress.front().describePhase(), std::string("preparing, re-run 1 of 3"));
    QVERIFY(progress.front().etaS);  // from the point's own earlier median
  }

  void sampleBudgetCapsEachPoint() {
    // A run stores at most kMaxRunSamples samples: with P points each stops at budget / P,
    // however many repetitions were asked for.
    QCOMPARE(pointSampleCap(1), std::size_t{kMaxRunSamples});
    QCOMPARE(pointSampleCap(kMaxRunPoints), std::size_t{kMinPointSamples});
    script_.runS = 0.001;
    const std::vector<Point> points(kMaxRunPoints, fakePoint());
    std::size_t stored = 0;
    std::size_t capped = 0;
    RunCallbacks callbacks;
    callbacks.pointFinished = [&](const PointResult& result) {
      stored += result.samplesS.size();
      capped += result.samplesS.size() == kMinPointSamples ? 1 : 0;
      script_.events.clear();  // the fake's log would grow to millions of entries
    };
    runner_->run(points, config(1000, 0, 1000000), callbacks);
    QCOMPARE(capped, points.size());
    QCOMPARE(stored, std::size_t{kMaxRunSamples});
    // A smaller request stands.
    const auto few = runner_->run({fakePoint(), fakePoint()}, config(10, 0, 4));
    QCOMPARE(few.front().samplesS.size(), std::size_t{4});
  }

  void sweepTooLargeIsRefusedUpFront() {
    QCOMPARE(runSizeProblem(kMaxRunPoints), std::nullopt);
    const auto problem = runSizeProblem(kMaxRunPoints + 1);
    QVERIFY(problem);
    QCOMPARE(*problem, std::string("a sweep of 100001 points is more than one run may hold "
                                   "(100000): each point could store fewer than 20 of the "
                                   "2000000 samples a run may store; split it into several runs"));
    const std::vector<Point> points(kMaxRunPoints + 1, fakePoint());
    try {
      runner_->run(points, config(3, 0));
      QFAIL("no length_error");
    } catch (const std::length_error& error) {
      QCOMPARE(std::string(error.what()), *problem);
    }
    QCOMPARE(script_.prepares, std::size_t{0});  // refused before anything ran
  }

  void runAfterStopCancelsTheRest() {
    std::stop_source stop;
    script_.stopper = &stop;
    script_.stopAtRun = 2;
    const std::vector<Point> points{fakePoint("loop"), fakePoint("fast"), fakePoint("gpu")};
    std::size_t finished = 0;
    RunCallbacks callbacks;
    callbacks.pointFinished = [&](const PointResult&) { ++finished; };
    const auto results = runner_->run(points, config(5, 0), callbacks, stop.get_token());
    QCOMPARE(finished, std::size_t{3});
    for (std::size_t i = 0; i < results.size(); ++i) {
      QCOMPARE(toString(results[i].status), toString(PointStatus::cancelled));
      QCOMPARE(results[i].reason, std::string("cancelled"));
      QCOMPARE(results[i].point, points[i]);
    }
    QCOMPARE(results[0].samplesS.size(), std::size_t{1});
    QCOMPARE(script_.prepares, std::size_t{1});
  }

  void fingerprintMismatchFails() {
    script_.fingerprints = {{"loop", 124}, {"fast", 123}, {"gpu", 124}};
    Point other = fakePoint("fast");
    other.params.seed = 1;  // different params: nothing to compare with
    const std::vector<Point> points{fakePoint("loop"), fakePoint("fast"), fakePoint("gpu"), other};
    const auto results = runner_->run(points, config(2, 0));
    QCOMPARE(toString(results[0].status), toString(PointStatus::ok));
    QCOMPARE(toString(results[1].status), toString(PointStatus::failed));
    QCOMPARE(results[1].reason, std::string("fingerprint 123 differs from loop's 124"));
    QVERIFY(!results[1].verified);
    QCOMPARE(toString(results[2].status), toString(PointStatus::ok));
    QCOMPARE(toString(results[3].status), toString(PointStatus::ok));
  }

  void fingerprintReferenceIsFirstOkPoint() {
    script_.fingerprints = {{"loop", 1}, {"fast", 2}, {"gpu", 2}};
    script_.need = {0, GiB};  // loop would fit, gpu not: no GPU here
    const std::vector<Point> points{fakePoint("off"), fakePoint("fast"), fakePoint("gpu"),
                                    fakePoint("loop")};
    const auto results = runner_->run(points, config(2, 0));
    QCOMPARE(toString(results[0].status), toString(PointStatus::skipped));
    QCOMPARE(toString(results[1].status), toString(PointStatus::ok));
    QCOMPARE(toString(results[2].status), toString(PointStatus::skipped));
    QCOMPARE(results[3].reason, std::string("fingerprint 1 differs from fast's 2"));
  }
};

QTEST_APPLESS_MAIN(TestRunner)
#include "tst_runner.moc"
