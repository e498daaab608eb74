// The machine a run was measured on: CPU, SIMD targets, caches, RAM, GPU, compiler and the
// measured bandwidth ceiling, with the system conditions seen as the run started as
// warnings; or two machines side by side, their differences highlighted.
#pragma once

#include <QString>
#include <QWidget>
#include <vector>

#include "accellab/session.h"
#include "accellab/sysinfo.h"

class QTreeWidget;

namespace accellab::gui {

// One line of the view.
struct SystemField {
  QString name;
  QString value;
};
std::vector<SystemField> systemFields(const SystemInfo& system);

class SystemView : public QWidget {
  Q_OBJECT

 public:
  explicit SystemView(QWidget* parent = nullptr);
  void setSystem(const SystemInfo& system, const std::vector<SystemCondition>& conditions = {});
  // Two runs' machines and conditions, a column each; `baseTitle` and `newTitle` head them.
  void setSystems(const QString& baseTitle, const Run& base, const QString& newTitle,
                  const Run& next);
  void showProbing();

  // The names of the lines whose values differ between the two columns (setSystems).
  QStringList differingFields() const;

 private:
  void setColumns(const QStringList& headers);

  QTreeWidget* tree_;
};

}  // namespace accellab::gui
