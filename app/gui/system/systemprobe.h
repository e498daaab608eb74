// Probes the machine off the GUI thread. The bandwidth ceilings come from the machine cache
// when it holds this machine and build (milliseconds); else they are measured (seconds and
// gigabytes) and kept there for the next start.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <filesystem>
#include <optional>
#include <stop_token>
#include <string>

#include "accellab/engine.h"
#include "accellab/machine_cache.h"
#include "run/metatypes.h"

namespace accellab::gui {

class SystemProbe : public QObject {
  Q_OBJECT

 public:
  explicit SystemProbe(QObject* parent = nullptr);
  // A measurement still going is asked to stop (within milliseconds) and not kept.
  ~SystemProbe() override;

  // Without measureBandwidth nothing is measured nor cached (tests); `cache` is the machine
  // cache (defaultMachineCacheFile(), watched for competing work).
  void start(const Engine& engine, bool measureBandwidth, MachineCache cache);
  // Measures the ceilings again, not reading the cache, and replaces it.
  void remeasure(const Engine& engine, MachineCache cache);
  bool isRunning() const { return phase_ != Phase::idle; }
  // What the probe is doing, for the status bar: "Probing the machine…", "Measuring…".
  QString status() const;

 signals:
  // The cache could not serve: the ceilings are being measured; status() says why.
  void measuring(const QString& status);
  // `warning`: the measurement could not be kept for the next start (the probe is complete).
  void finished(const accellab::SystemInfo& system, const QString& warning);

 private:
  enum class Phase { idle, probing, measuring };
  // One step's result: the probe, or (lookup missed) why it must be measured.
  struct Step {
    std::optional<SystemInfo> system;
    CacheMiss miss = CacheMiss::absent;
    std::string warning;  // a measurement's: why it is not kept; a lookup's: why it was refused
  };

  void measure(QString status);
  void onStepFinished();

  QFutureWatcher<Step> watcher_;
  Phase phase_ = Phase::idle;
  QString measuringStatus_;
  // What the probe going works on: a miss goes on measuring with them.
  std::optional<Engine> engine_;
  MachineCache cache_{{}};
  std::stop_source stop_;
};

}  // namespace accellab::gui
