// Answers the window's questions without dialogs and records what it was asked.
#pragma once

#include <QStringList>

#include "prompts.h"

class FakePrompts : public accellab::gui::Prompts {
 public:
  void error(QWidget*, const QString& title, const QString& message) override {
    errors << title + QStringLiteral(": ") + message;
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
  QString openFileName(QWidget*, const QString&, const QString&) override { return fileName; }
  QString saveFileName(QWidget*, const QString&, const QString&, const QString&) override {
    return fileName;
  }
  std::optional<QSize> imageSize(QWidget*, QSize suggested) override { return suggested; }
  QString existingDirectory(QWidget*, const QString&, const QString&) override { return directory; }

  QStringList errors;
  int saveQuestions = 0;
  int recoverQuestions = 0;
  int removeQuestions = 0;
  SaveChoice saveAnswer = SaveChoice::discard;
  bool recoverAnswer = true;
  bool removeAnswer = true;
  QString fileName;
  QString directory;
};
