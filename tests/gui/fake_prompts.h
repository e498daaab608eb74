// Answers the window's questions without dialogs and records what it was asked.
#pragma once

#include <QStringList>
#include <functional>

#include "prompts.h"

class FakePrompts : public accellab::gui::Prompts {
 public:
  void error(QWidget*, const QString& title, const QString& message) override {
    errors << title + QStringLiteral(": ") + message;
  }
  void notice(QWidget*, const QString& title, const QString& message) override {
    notices << title + QStringLiteral(": ") + message;
  }
  SaveChoice askSaveChanges(QWidget*, const QString&) override {
    ++saveQuestions;
    return saveAnswer;
  }
  bool askRecover(QWidget*, const QString&) override {
    ++recoverQuestions;
    return recoverAnswer;
  }
  bool askRemoveRun(QWidget*, const QString&) override {
    ++removeQuestions;
    return removeAnswer;
  }
  bool askStopRun(QWidget*) override {
    ++stopRunQuestions;
    if (whileAskingStopRun) whileAskingStopRun();
    return stopRunAnswer;
  }
  void runEnded() override { ++runEndedNotices; }
  QString openFileName(QWidget*, const QString&, const QString& folder, const QString&) override {
    offered << folder;
    return fileName;
  }
  QString saveFileName(QWidget*, const QString&, const QString& suggested,
                       const QString&) override {
    offered << suggested;
    return fileName;
  }
  std::optional<QSize> imageSize(QWidget*, QSize suggested) override { return suggested; }
  QString existingDirectory(QWidget*, const QString&, const QString&) override { return directory; }

  QStringList errors;
  QStringList notices;
  int saveQuestions = 0;
  int recoverQuestions = 0;
  int removeQuestions = 0;
  int stopRunQuestions = 0;
  SaveChoice saveAnswer = SaveChoice::discard;
  bool recoverAnswer = true;
  bool removeAnswer = true;
  bool stopRunAnswer = true;
  // Runs while the stop question is open, as the events a modal dialog's loop handles.
  std::function<void()> whileAskingStopRun;
  int runEndedNotices = 0;
  // Where each file dialog opened: the folder (open) or the suggested path (save).
  QStringList offered;
  QString fileName;
  QString directory;
};
