// What the Run menu does, without a window: a run of an experiment into the session document
// (waiting for the machine probe when it still measures), a re-run of a run's unstable
// points, cancel, and the machine probe itself. Widget-free: the window shows its signals,
// and tests drive it alone.
#pragma once

#include <QObject>
#include <QString>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "accellab/engine.h"
#include "accellab/machine_cache.h"
#include "accellab/measure_config.h"
#include "accellab/session.h"
#include "accellab/sweep.h"
#include "accellab/sysinfo.h"
#include "accellab/system_conditions.h"
#include "accellab/worker.h"
#include "run/metatypes.h"

namespace accellab::gui {

class EngineSet;
class RunWorker;
class SessionDocument;
class SystemProbe;

// Where a run's points are measured: on which GPU, and in the worker process with what crash
// policy and time limit per point (empty: automatic).
struct RunPlacement {
  int gpuDevice = 0;
  OnCrash onCrash = OnCrash::goOn;
  std::optional<double> pointTimeoutS{};
};

struct RunControllerOptions {
  bool measureBandwidth = true;  // the probe's STREAM copy; without it nothing is cached
  MachineCache machineCache{{}};
  // Checked as each run starts, on the probe of the machine.
  std::function<std::vector<SystemCondition>(const SystemInfo&)> checkConditions;
  // The worker every point is measured in (worker.h); empty: in this process.
  std::vector<std::string> workerCommand;
};

class RunController : public QObject {
  Q_OBJECT

 public:
  RunController(EngineSet& engines, SessionDocument& document, RunControllerOptions options,
                QObject* parent = nullptr);
  ~RunController() override;  // cancels the run going

  // Measures `sweep` as a new run of the document, its speedups against `sweep.baseline`.
  // While the probe measures the run waits for it (waiting, then began); refused says why a
  // sweep cannot run. Nothing while a run goes or waits.
  void start(SweepSpec sweep, MeasureConfig measure, RunPlacement placement);
  // Measures each of `sweeps` as a run of its own, one after the other (every kernel of a
  // Python benchmark file, as `accellab-cli run --python FILE` does); cancel, a refusal or a
  // failure ends the ones not begun. Nothing while a run goes or waits.
  void startEach(std::vector<SweepSpec> sweeps, MeasureConfig measure, RunPlacement placement);
  // Measures the unstable points of `run` again (up to `attempts` more times each) on the GPU
  // and with the settings the run measured, each kept result put in its place.
  void rerunUnstable(const Run& run, std::size_t attempts, RunPlacement placement);
  // Cancels the run going (ended follows), or the one waiting for the probe (startCancelled).
  void cancel();
  // Probes the machine with device 0's engine: at the start, and when the engines were made
  // again. remeasure measures the ceilings again instead of reading the cache; false when
  // it cannot now.
  void probe();
  bool remeasure();

  bool isRunning() const;
  bool waitsForProbe() const { return pending_.has_value(); }
  bool isBusy() const { return isRunning() || waitsForProbe() || !queued_.empty(); }
  bool isProbing() const;
  bool hasProbed() const { return probed_; }
  bool isReady() const { return probed_ && !isProbing(); }
  bool measuresBandwidth() const { return options_.measureBandwidth; }
  // The last probe of the machine (valid once hasProbed), and what the probe does now.
  const SystemInfo& machine() const { return machine_; }
  QString probeStatus() const;

 signals:
  // Running, waiting or probing began or ended: what the window's actions allow changed.
  void stateChanged();
  // Start waits for the probe, which is doing `status`.
  void waiting(const QString& status);
  void began(const QString& text);
  void progress(const accellab::Progress& progress);
  void cancelling();
  // How the run ended ("Finished: 4 points", "Cancelled after 1 of 4 points").
  void ended(const QString& outcome);
  // The run waiting for the probe was cancelled: nothing was measured.
  void startCancelled();
  void refused(const QString& why);
  void failed(const QString& message);
  // What the probe does now changed: it began, or the cache could not serve and it measures.
  void probeStatusChanged(const QString& status);
  void machineProbed(const accellab::SystemInfo& system, const QString& warning);

 private:
  struct Request {
    SweepSpec sweep;
    MeasureConfig measure;
    RunPlacement placement;
  };
  // The re-run going: which run, and where in it each re-measured point goes.
  struct Rerun {
    int runId;
    std::vector<std::size_t> positions;
  };

  void connectWorker();
  void launch(Request request);
  // The next of startEach's sweeps, if any is left and the last run ended well.
  void startQueued();
  void begin(const QString& text, std::size_t points);
  void onProbeFinished(const SystemInfo& system, const QString& warning);
  void onPointRemeasured(int position, const PointResult& result);
  void onFinished();
  std::optional<WorkerOptions> isolationFor(const RunPlacement& placement) const;

  EngineSet& engines_;
  SessionDocument& document_;
  RunControllerOptions options_;
  RunWorker* worker_;
  SystemProbe* probe_;
  SystemInfo machine_;
  bool probed_ = false;
  std::optional<Request> pending_;  // Run was asked for while the probe measured
  std::deque<Request> queued_;      // startEach's sweeps not begun
  std::size_t queueSize_ = 0;       // how many startEach was given, for "run 2 of 3"
  std::optional<Rerun> rerun_;
  // How the run going will end: its size, the points the last report before a cancel counted,
  // whether cancel was asked for, a failure, and why the runner stopped it before its end
  // (crashes in a row: the reason its unmeasured points carry).
  std::size_t runPoints_ = 0;
  std::size_t pointsDone_ = 0;
  bool cancelRequested_ = false;
  std::optional<QString> runFailure_;
  std::optional<QString> runStopped_;
};

}  // namespace accellab::gui
