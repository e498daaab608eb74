// Run > Python Interpreter…: which python3 the python backend's variants run (the window's
// counterpart of ACCELLAB_PYTHON), with what the current one has.
#pragma once

#include <QDialog>
#include <QString>

class QLineEdit;

namespace accellab::gui {

class PythonDialog : public QDialog {
  Q_OBJECT

 public:
  // `chosen`: the setting (empty: python3 from PATH); `environment`: ACCELLAB_PYTHON when the
  // environment sets it, which then decides and the field is read-only; `found`: what the
  // interpreter in use has (SystemInfo::python).
  PythonDialog(const QString& chosen, const QString& environment, const QString& found,
               QWidget* parent = nullptr);

  // The interpreter to use: a path or a command name; empty: python3 from PATH.
  QString interpreter() const;

 private:
  QLineEdit* edit_;
};

}  // namespace accellab::gui
