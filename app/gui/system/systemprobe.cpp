#include "system/systemprobe.h"

#include <QtConcurrent/QtConcurrentRun>

namespace accellab::gui {

SystemProbe::SystemProbe(QObject* parent) : QObject(parent) {
  connect(&watcher_, &QFutureWatcher<SystemInfo>::finished, this,
          [this] { emit finished(watcher_.result()); });
}

void SystemProbe::start(const Engine& engine, const ProbeOptions& options) {
  watcher_.setFuture(QtConcurrent::run([engine, options] { return engine.probeSystem(options); }));
}

}  // namespace accellab::gui
