// The window's choices of what its engines offer: the Python interpreter the python variants
// run from, the kernel plugins and Python benchmark files loaded (File ▸ Load Kernel Plugin…,
// Open Python Benchmarks…, Plugins…; Run ▸ Python Interpreter…) and the CUDA sources added
// (File ▸ GPU Kernel from Source…), remembered in the settings and loaded again at the next
// start. Each change makes the engines again off the
// GUI thread (EngineSet::remake).
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <filesystem>
#include <functional>
#include <optional>
#include <vector>

#include "accellab/engine.h"

class QWidget;

namespace accellab::gui {

class CudaSourceDialog;
class EngineSet;
class LastFolder;
class PluginsDialog;
class Prompts;
struct PluginRow;

class EngineChoices : public QObject {
  Q_OBJECT

 public:
  // `idle` says whether nothing else reads the engines now (no run, probe or file read);
  // `refused` are the "plugin FILE: why" lines of plugins found at the start but not loaded.
  // With `useSettings` the remembered plugins join `engines` before its first engine.
  EngineChoices(EngineSet& engines, QWidget& window, Prompts& prompts, LastFolder& folder,
                bool useSettings, QStringList refused, std::function<bool()> idle);

  // The engines can be made again now: idle, and not being made already.
  bool canChange() const;
  // The interpreter the python variants run from (empty: python3 from PATH), saved with the
  // settings; false, and nothing changes, when it cannot change now or ACCELLAB_PYTHON in the
  // environment decides.
  bool setPythonInterpreter(const QString& interpreter);
  QString pythonInterpreter() const { return python_; }
  // `file`'s kernels join the engines; false when it cannot change now or nothing would.
  bool loadPlugin(const QString& file);
  bool removePlugin(const QString& file);

  void loadPluginWithDialog();
  void openPythonWithDialog();
  // File ▸ GPU Kernel from Source…: the editor of a CUDA source for add or triad.
  void showCudaSourceDialog();
  // `choice` compiled and added to its kernel's variants, in place of one of the same kernel
  // and entry; false when the engines cannot change now.
  bool addCudaSource(const CudaSourceChoice& choice);
  // The engines refused what they were asked: true when the source dialog asked (it shows why),
  // so nothing else need say it.
  bool sourceRefused(const QString& why);
  void showPluginsDialog();
  // `found`: what the interpreter in use has (SystemInfo::python).
  void choosePythonInterpreter(const QString& found);
  // The engines were made again: the plugins remembered, the dialog up to date.
  void remembered();
  // The Plugins dialog, when open, shows the engines' plugins, the refused ones, and whether
  // it can change them now.
  void showPlugins();
  // The dialog, when open, says whether it can change the plugins now.
  void updateDialog();

 signals:
  // The engines are being made again; `doing` is for the status bar.
  void changing(const QString& doing);
  // A file the user loaded (Load Kernel Plugin, Open Python Benchmarks) is in the engines now:
  // `kernel`, its first kernel, is what to select (empty when its functions only joined
  // built-in kernels); `said` is for the status bar.
  void loaded(const QString& kernel, const QString& said);

 private:
  void loadRememberedPlugins();
  void announceLoaded(const std::filesystem::path& file);
  void change(std::vector<std::filesystem::path> plugins, const QString& doing);
  std::vector<PluginRow> pluginRows() const;
  // Sets ACCELLAB_PYTHON for this process and the workers it starts (empty: unset).
  void applyPythonInterpreter() const;

  EngineSet& engines_;
  // The file loadPlugin asked for, until the engines made with it are remembered.
  std::optional<std::filesystem::path> loading_;
  QWidget& window_;
  Prompts& prompts_;
  LastFolder& folder_;
  bool useSettings_;
  QStringList refused_;
  std::function<bool()> idle_;
  // The window's setting, and ACCELLAB_PYTHON as the environment set it at the start, which
  // decides when set.
  QString python_;
  QString environmentPython_;
  QPointer<PluginsDialog> dialog_;
  QPointer<CudaSourceDialog> sourceDialog_;
  // The source the dialog asked to add, until the engines are made again or refuse.
  std::optional<CudaSourceChoice> pendingSource_;
  // The file the editor last compiled (or the last source remembered): the editor opened again
  // shows what is on disk there, not a starter.
  std::filesystem::path lastSourceFile_;
};

}  // namespace accellab::gui
