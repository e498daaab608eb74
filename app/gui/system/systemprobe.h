// Probes the machine off the GUI thread: the bandwidth measurement takes about a second.
#pragma once

#include <QFutureWatcher>
#include <QObject>

#include "accellab/kernels/builtin.h"
#include "worker/metatypes.h"

namespace accellab::gui {

class SystemProbe : public QObject {
  Q_OBJECT

 public:
  explicit SystemProbe(QObject* parent = nullptr);
  void start(const kernels::ProbeOptions& options);
  bool isRunning() const { return watcher_.isRunning(); }

 signals:
  void finished(const accellab::SystemInfo& system);

 private:
  QFutureWatcher<SystemInfo> watcher_;
};

}  // namespace accellab::gui
