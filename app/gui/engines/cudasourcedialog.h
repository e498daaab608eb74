// File ▸ GPU Kernel from Source…: a CUDA kernel of the user's for a built-in kernel that takes
// one (add, triad), written or opened here, compiled by NVRTC and added to that kernel's
// variants (docs/cuda-source.md). The dialog edits and saves the file and shows NVRTC's log; the
// engines compile it (EngineChoices::addCudaSource), off the GUI thread.
#pragma once

#include <QDialog>
#include <QString>
#include <vector>

#include "accellab/engine.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace accellab::gui {

class Prompts;

// A kernel that takes a source, and the signature its entry must have.
struct SourceKernel {
  QString name;
  QString signature;
  QString cannotRun{};  // why its variants from source cannot run here (no device); empty: they can
};

class CudaSourceDialog : public QDialog {
  Q_OBJECT

 public:
  CudaSourceDialog(std::vector<SourceKernel> kernels, Prompts& prompts, QWidget* parent = nullptr);

  // The file the source is saved to before each compile: the one opened or saved as, else
  // `entry`.cu in the user's kernels folder ($XDG_DATA_HOME/accellab/kernels).
  QString file() const { return file_; }
  // Shows the text of `file` (Open…), for `entry`. A file that is not UTF-8 is shown
  // read-only, and compiled as it is on disk: never rewritten with its bytes replaced.
  bool openFile(const QString& file);
  // The compile is under way (the button waits), done (`how` says what was added), or refused
  // with NVRTC's log or the reason.
  void setCompiling(bool compiling);
  void compiled(const QString& how);
  void refused(const QString& why);

 signals:
  // Saved to the choice's file: compile it and add it to its kernel's variants.
  void addRequested(const CudaSourceChoice& choice);

 private:
  void kernelChosen();
  void add();
  void openWithDialog();
  bool save(QString& why);
  // Moves the cursor to the first line NVRTC's log names in the user's file.
  void showFirstError(const QString& log);

  std::vector<SourceKernel> kernels_;
  Prompts& prompts_;
  QComboBox* kernel_;
  QLabel* signature_;
  QLineEdit* entry_;
  QPlainTextEdit* source_;
  QLabel* fileLabel_;
  QPlainTextEdit* log_;
  QPushButton* add_;
  QString file_;
  // The text of a kernel's starter, while the user has not changed it: another kernel chosen
  // replaces it with its own.
  QString starter_;
  // The file shown is not UTF-8: read-only, and Compile and Add does not save it.
  bool notUtf8_ = false;
};

}  // namespace accellab::gui
