// The machine a session was measured on: CPU, SIMD targets, caches, RAM, GPU, compiler and
// the measured bandwidth ceiling.
#pragma once

#include <QWidget>

#include "accellab/sysinfo.h"

class QTreeWidget;

namespace accellab::gui {

class SystemView : public QWidget {
  Q_OBJECT

 public:
  explicit SystemView(QWidget* parent = nullptr);
  void setSystem(const SystemInfo& system);
  void showProbing();

 private:
  QTreeWidget* tree_;
};

}  // namespace accellab::gui
