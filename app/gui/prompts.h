// Every question the window asks the user, behind one interface: the application shows
// dialogs, tests answer without blocking on a modal QMessageBox.
#pragma once

#include <QMessageBox>
#include <QPointer>
#include <QSize>
#include <QString>
#include <optional>

class QWidget;

namespace accellab::gui {

class Prompts {
 public:
  enum class SaveChoice { save, discard, cancel };

  virtual ~Prompts() = default;
  virtual void error(QWidget* parent, const QString& title, const QString& message) = 0;
  // Something the user should know before going on; nothing failed.
  virtual void notice(QWidget* parent, const QString& title, const QString& message) = 0;
  virtual SaveChoice askSaveChanges(QWidget* parent, const QString& documentName) = 0;
  virtual bool askRecover(QWidget* parent, const QString& autosavePath) = 0;
  virtual bool askRemoveRun(QWidget* parent, const QString& runName) = 0;
  // Closing the window during a run: true to stop the run and quit.
  virtual bool askStopRun(QWidget* parent) = 0;
  // The run ended: a stop question still open says so (its Yes now quits at once).
  virtual void runEnded() {}
  // Empty when the user cancelled. `folder` is where the dialog opens; `suggested` (saving)
  // a full path.
  virtual QString openFileName(QWidget* parent, const QString& title, const QString& folder,
                               const QString& filter) = 0;
  virtual QString saveFileName(QWidget* parent, const QString& title, const QString& suggested,
                               const QString& filter) = 0;
  virtual std::optional<QSize> imageSize(QWidget* parent, QSize suggested) = 0;
  // An existing folder; empty when the user cancelled.
  virtual QString existingDirectory(QWidget* parent, const QString& title,
                                    const QString& suggested) = 0;
};

class DialogPrompts : public Prompts {
 public:
  void error(QWidget* parent, const QString& title, const QString& message) override;
  void notice(QWidget* parent, const QString& title, const QString& message) override;
  SaveChoice askSaveChanges(QWidget* parent, const QString& documentName) override;
  bool askRecover(QWidget* parent, const QString& autosavePath) override;
  bool askRemoveRun(QWidget* parent, const QString& runName) override;
  bool askStopRun(QWidget* parent) override;
  void runEnded() override;
  QString openFileName(QWidget* parent, const QString& title, const QString& folder,
                       const QString& filter) override;
  QString saveFileName(QWidget* parent, const QString& title, const QString& suggested,
                       const QString& filter) override;
  std::optional<QSize> imageSize(QWidget* parent, QSize suggested) override;
  QString existingDirectory(QWidget* parent, const QString& title,
                            const QString& suggested) override;

 private:
  QPointer<QMessageBox> stopQuestion_;  // while askStopRun waits for the answer
};

}  // namespace accellab::gui
