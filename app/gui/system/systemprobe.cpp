#include "system/systemprobe.h"

#include <QtConcurrent/QtConcurrentRun>

namespace accellab::gui {

SystemProbe::SystemProbe(QObject* parent) : QObject(parent) {
  connect(&watcher_, &QFutureWatcher<Step>::finished, this, &SystemProbe::onStepFinished);
}

SystemProbe::~SystemProbe() { stop_.request_stop(); }

void SystemProbe::start(const Engine& engine, bool measureBandwidth, MachineCache cache) {
  engine_ = engine;
  cache_ = std::move(cache);
  phase_ = Phase::probing;
  watcher_.setFuture(QtConcurrent::run(
      [engine, measureBandwidth, cache = cache_, stop = stop_.get_token()]() -> Step {
        const SystemInfo live = engine.probeSystem({.measureBandwidth = false, .stop = stop});
        if (!measureBandwidth) return {live, CacheMiss::absent, {}};
        CacheLookup lookup = cache.load(live);
        return {std::move(lookup.system), lookup.miss, std::move(lookup.implausible)};
      }));
}

void SystemProbe::remeasure(const Engine& engine, MachineCache cache) {
  engine_ = engine;
  cache_ = std::move(cache);
  measure(tr("Re-measuring the machine's bandwidth\u2026"));
}

QString SystemProbe::status() const {
  switch (phase_) {
    case Phase::probing:
      return tr("Probing the machine\u2026");
    case Phase::measuring:
      return measuringStatus_;
    case Phase::idle:
      break;
  }
  return {};
}

void SystemProbe::measure(QString status) {
  phase_ = Phase::measuring;
  measuringStatus_ = std::move(status);
  watcher_.setFuture(
      QtConcurrent::run([engine = *engine_, cache = cache_, stop = stop_.get_token()]() -> Step {
        MachineProbe probe = measureMachine(engine, cache, stop);
        return {std::move(probe.system), CacheMiss::absent, std::move(probe.warning)};
      }));
  emit measuring(measuringStatus_);
}

void SystemProbe::onStepFinished() {
  Step step = watcher_.result();
  if (!step.system) {
    switch (step.miss) {
      case CacheMiss::absent:
        return measure(tr("Measuring the machine's bandwidth (first start on this machine)\u2026"));
      case CacheMiss::otherMachine:
        return measure(
            tr("Measuring the machine's bandwidth (the machine changed since it was "
               "last measured)\u2026"));
      case CacheMiss::otherBuild:
        return measure(
            tr("Measuring the machine's bandwidth (AccelLab changed since it was last "
               "measured)\u2026"));
      case CacheMiss::unreadable:
        return measure(
            tr("Measuring the machine's bandwidth (the last measurement could not be "
               "read)\u2026"));
      case CacheMiss::quietNow:
        return measure(
            tr("Measuring the machine's bandwidth again (the last measurement was taken while "
               "the machine was busy; it is quiet now)\u2026"));
      case CacheMiss::implausible:
        return measure(
            tr("Measuring the machine's bandwidth (the cached measurement is implausible: "
               "%1)\u2026")
                .arg(QString::fromStdString(step.warning)));
    }
  }
  phase_ = Phase::idle;
  emit finished(*step.system, QString::fromStdString(step.warning));
}

}  // namespace accellab::gui
