#include "system/pythondialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace accellab::gui {

PythonDialog::PythonDialog(const QString& chosen, const QString& environment, const QString& found,
                           QWidget* parent)
    : QDialog(parent), edit_(new QLineEdit(this)) {
  setWindowTitle(tr("Python Interpreter"));
  edit_->setObjectName(QStringLiteral("pythonInterpreter"));
  edit_->setPlaceholderText(tr("python3 from PATH"));
  edit_->setClearButtonEnabled(true);
  edit_->setMinimumWidth(edit_->fontMetrics().averageCharWidth() * 48);
  auto* browse = new QPushButton(tr("&Browse\u2026"), this);
  browse->setObjectName(QStringLiteral("browsePython"));
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString file =
        QFileDialog::getOpenFileName(this, tr("Python Interpreter"), QStringLiteral("/usr/bin"));
    if (!file.isEmpty()) edit_->setText(QDir::toNativeSeparators(file));
  });
  auto* row = new QHBoxLayout;
  row->addWidget(edit_, 1);
  row->addWidget(browse);

  auto* explanation = new QLabel(
      tr("The python3 that runs the Python variants (python-loop, numpy, numba, dask, "
         "numba-cuda). Which of them can run depends on the NumPy, Numba and Dask it has: "
         "Debian's python3-numpy, python3-numba and python3-dask install for /usr/bin/python3. "
         "Empty: python3 from PATH."),
      this);
  explanation->setWordWrap(true);
  auto* current = new QLabel(found.isEmpty() ? tr("Not asked yet.") : found, this);
  current->setObjectName(QStringLiteral("pythonFound"));
  current->setWordWrap(true);
  current->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* form = new QFormLayout;
  // A label of its own: a row that is a layout has no buddy, and its "&" would show.
  auto* label = new QLabel(tr("&Interpreter:"), this);
  label->setBuddy(edit_);
  form->addRow(label, row);
  form->addRow(tr("In use:"), current);
  if (!environment.isEmpty()) {
    edit_->setText(environment);
    edit_->setReadOnly(true);
    browse->setEnabled(false);
    auto* fixed = new QLabel(tr("ACCELLAB_PYTHON is set in the environment AccelLab was started "
                                "in, and decides: unset it to choose here."),
                             this);
    fixed->setObjectName(QStringLiteral("pythonFromEnvironment"));
    fixed->setWordWrap(true);
    form->addRow(QString(), fixed);
  } else {
    edit_->setText(chosen);
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setEnabled(environment.isEmpty());
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(explanation);
  layout->addLayout(form);
  layout->addWidget(buttons);
}

QString PythonDialog::interpreter() const { return edit_->text().trimmed(); }

}  // namespace accellab::gui
