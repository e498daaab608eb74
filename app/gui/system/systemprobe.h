// Probes the machine off the GUI thread: the bandwidth measurement takes about a second.
#pragma once

#include <QFutureWatcher>
#include <QObject>

#include "accellab/engine.h"
#include "worker/metatypes.h"

namespace accellab::gui {

class SystemProbe : public QObject {
  Q_OBJECT

 public:
  explicit SystemProbe(QObject* parent = nullptr);
  void start(const Engine& engine, const ProbeOptions& options);
  bool isRunning() const { return watcher_.isRunning(); }

 signals:
  void finished(const accellab::SystemInfo& system);

 private:
  QFutureWatcher<SystemInfo> watcher_;
};

}  // namespace accellab::gui
