// The machine a run was measured on: CPU, SIMD targets, caches, RAM, GPU, compiler and the
// measured bandwidth ceiling, with the system conditions seen as the run started as
// warnings; or two machines side by side, their differences highlighted.
#pragma once

#include <QString>
#include <QWidget>
#include <optional>
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
// The MPI launch of a run: library, world size and scaling, a line per node; none without one.
std::vector<SystemField> mpiFields(const std::optional<MpiInfo>& mpi);

class SystemView : public QWidget {
  Q_OBJECT

 public:
  explicit SystemView(QWidget* parent = nullptr);
  void setSystem(const SystemInfo& system, const std::vector<SystemCondition>& conditions = {},
                 const std::optional<MpiInfo>& mpi = {});
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
