#include "prompts.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QMessageBox>
#include <QSpinBox>

namespace accellab::gui {

void DialogPrompts::error(QWidget* parent, const QString& title, const QString& message) {
  QMessageBox::critical(parent, title, message);
}

void DialogPrompts::notice(QWidget* parent, const QString& title, const QString& message) {
  QMessageBox::information(parent, title, message);
}

Prompts::SaveChoice DialogPrompts::askSaveChanges(QWidget* parent, const QString& documentName) {
  const auto answer = QMessageBox::warning(
      parent, QCoreApplication::translate("Prompts", "Unsaved changes"),
      QCoreApplication::translate(
          "Prompts", "The session \u201c%1\u201d has measurements that are not saved. Save them?")
          .arg(documentName),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Save) return SaveChoice::save;
  if (answer == QMessageBox::Discard) return SaveChoice::discard;
  return SaveChoice::cancel;
}

bool DialogPrompts::askRecover(QWidget* parent, const QString& autosavePath) {
  return QMessageBox::question(
             parent, QCoreApplication::translate("Prompts", "Recover measurements"),
             QCoreApplication::translate(
                 "Prompts",
                 "AccelLab did not close cleanly last time. Recover the measurements it "
                 "auto-saved in %1?")
                 .arg(QDir::toNativeSeparators(autosavePath)),
             QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes;
}

bool DialogPrompts::askRemoveRun(QWidget* parent, const QString& runName) {
  return QMessageBox::question(
             parent, QCoreApplication::translate("Prompts", "Delete run"),
             QCoreApplication::translate(
                 "Prompts", "Delete the run \u201c%1\u201d and its measurements from the session?")
                 .arg(runName),
             QMessageBox::Yes | QMessageBox::No, QMessageBox::No) == QMessageBox::Yes;
}

bool DialogPrompts::askStopRun(QWidget* parent) {
  QMessageBox box(QMessageBox::Question, QCoreApplication::translate("Prompts", "Run in progress"),
                  QCoreApplication::translate("Prompts",
                                              "A run is in progress: stop it and quit?\n\nThe "
                                              "points measured so far are kept."),
                  QMessageBox::Yes | QMessageBox::No, parent);
  box.setDefaultButton(QMessageBox::No);
  stopQuestion_ = &box;
  const int answer = box.exec();
  stopQuestion_ = nullptr;
  return answer == QMessageBox::Yes;
}

void DialogPrompts::runEnded() {
  if (!stopQuestion_) return;
  stopQuestion_->setWindowTitle(QCoreApplication::translate("Prompts", "Run ended"));
  stopQuestion_->setText(QCoreApplication::translate(
      "Prompts", "The run has ended: quit now?\n\nIts points are kept."));
}

QString DialogPrompts::openFileName(QWidget* parent, const QString& title, const QString& folder,
                                    const QString& filter) {
  return QFileDialog::getOpenFileName(parent, title, folder, filter);
}

QString DialogPrompts::saveFileName(QWidget* parent, const QString& title, const QString& suggested,
                                    const QString& filter) {
  return QFileDialog::getSaveFileName(parent, title, suggested, filter);
}

std::optional<QSize> DialogPrompts::imageSize(QWidget* parent, QSize suggested) {
  QDialog dialog(parent);
  dialog.setWindowTitle(QCoreApplication::translate("Prompts", "Image size"));
  auto* width = new QSpinBox(&dialog);
  auto* height = new QSpinBox(&dialog);
  for (QSpinBox* spin : {width, height}) {
    spin->setRange(64, 16384);
    spin->setSuffix(QCoreApplication::translate("Prompts", " px"));
  }
  width->setValue(suggested.width());
  height->setValue(suggested.height());
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  auto* form = new QFormLayout(&dialog);
  form->addRow(QCoreApplication::translate("Prompts", "&Width:"), width);
  form->addRow(QCoreApplication::translate("Prompts", "&Height:"), height);
  form->addRow(buttons);
  if (dialog.exec() != QDialog::Accepted) return std::nullopt;
  return QSize(width->value(), height->value());
}

QString DialogPrompts::existingDirectory(QWidget* parent, const QString& title,
                                         const QString& suggested) {
  return QFileDialog::getExistingDirectory(parent, title, suggested);
}

}  // namespace accellab::gui
