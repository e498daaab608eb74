// The experiment panel's fields of the run settings (accellab/experiment_settings.h): one
// spin box for each setting the window shows, its label, range, unit, tooltip and saved
// value read from the engine's table, so the window takes the values the CLI and a session
// take, and a setting added to the table appears here without a line of this file changing.
#pragma once

#include <QObject>
#include <QStringList>
#include <vector>

#include "accellab/experiment_settings.h"

class QAbstractSpinBox;
class QFormLayout;
class QSettings;
class QWidget;

namespace accellab::gui {

class SettingFields final : public QObject {
  Q_OBJECT

 public:
  // The fields are children of `parent`, named by their session keys ("min_reps"), showing
  // the defaults.
  explicit SettingFields(QWidget* parent);

  // Adds the fields of `group` to `form`, one row each, in the table's order.
  void addRows(SettingGroup group, QFormLayout* form) const;

  // The defaults with the fields' values over them.
  ExperimentSettings values() const;
  // Shows `settings`; returns a line for each value the panel could not take as it was (out
  // of a field's range, or a setting the panel has no field for and that is not its default).
  QStringList show(const ExperimentSettings& settings);

  // Under "experiment/<key>", in the unit the table stores (a share as a fraction).
  void save(QSettings& settings) const;
  // A saved value the table does not accept (an older build's, a hand-edited file) is ignored.
  void load(const QSettings& settings);

 signals:
  void changed();

 private:
  struct Field {
    const SettingDescription* setting;
    QAbstractSpinBox* box;
  };
  // The field's value in the table's unit, and a value set in it (shown as the unit shows it).
  static double valueOf(const Field& field);
  static void setValue(const Field& field, double value);

  std::vector<Field> fields_;
};

}  // namespace accellab::gui
