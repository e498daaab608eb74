// The Experiment panel: kernel, problem sizes (with presets), the kernel's own parameters,
// element type, variants,
// threads, repetitions and minimum time, sweep mode, and the limits beyond which a point is
// flagged unstable or cold; it turns them into the engine's SweepSpec and MeasureConfig and
// estimates the memory the largest point needs.
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <map>
#include <optional>

#include "accellab/memory_guard.h"
#include "accellab/registry.h"
#include "accellab/runner.h"
#include "accellab/sweep.h"
#include "accellab/sysinfo.h"
#include "accellab/worker.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSettings;
class QSpinBox;
class QVBoxLayout;

namespace accellab::gui {

class SettingFields;

struct Experiment {
  SweepSpec sweep;
  MeasureConfig measure;
};

class ExperimentPanel : public QWidget {
  Q_OBJECT

 public:
  enum class SweepMode { fixedThreads, threadsOneToN };

  ExperimentPanel(const Registry& registry, const MemoryAvailable& memory, int logicalCores,
                  QWidget* parent = nullptr);

  // The experiment as entered, or empty with the reason in error().
  std::optional<Experiment> experiment() const;
  QString error() const;
  // Empty when the largest point fits the machine, else the warning shown.
  QString memoryWarning() const;

  // Sets every field at once (scripts and the demo run); all available variants are checked.
  void setExperiment(const QString& kernel, const QString& sizes, SweepMode mode, int threads,
                     int minReps, double minTimeS);

  // Fills every field from `experiment` (a run's sweepOf and measure settings, for "Run Again
  // with These Settings"); returns, one line each, what the panel could not take as it was:
  // a kernel or variant that cannot run here, several element types, a thread list the
  // panel's modes cannot express, a setting it has no field for, a value out of its range.
  // Empty: running now repeats the experiment.
  QStringList restore(const Experiment& experiment);

  // The engine was made again (another Python interpreter, a plugin loaded or removed): its
  // kernels are listed, the one selected stays selected where it is still there, and a
  // variant ticked stays ticked where it still runs.
  void setRegistry(const Registry& registry);

  // The kernel selected, by name; it may be one the session has but this build cannot run.
  QString kernel() const;
  // Selects the kernel `name` if the box has it; false when it does not.
  bool selectKernel(const QString& name);
  // The kernels of the open session: those the engine does not have (Google Benchmark
  // imports) are listed too, marked as not runnable.
  // `plugins`: the plugin each was measured with (describe(PluginIdentity)), for the reason.
  void setSessionKernels(const QStringList& kernels, const QMap<QString, QString>& plugins = {});
  // Empty when the experiment can run here, else why not (Run is disabled then): the kernel
  // cannot run in this build, or the input is invalid (error()).
  QString runBlocker() const;

  // Threads above the machine's logical cores are allowed, with this warning; else empty.
  QString threadsWarning() const;

  // How many times "Re-run unstable points" measures each unstable point again at most.
  std::size_t rerunAttempts() const;
  // What a point that crashes its worker does to the run, and how long a point may take
  // (empty: automatic, WorkerOptions::pointTimeoutS).
  OnCrash onCrash() const;
  std::optional<double> pointTimeoutS() const;

  // The GPUs to choose from; the chooser shows only when there are several.
  void setGpus(const std::vector<GpuInfo>& gpus, int selected);
  int gpuDevice() const;  // the CUDA ordinal chosen, 0 when there is no choice

  void saveSettings(QSettings& settings) const;
  void loadSettings(const QSettings& settings);

 signals:
  void changed();
  // The kernel selector changed: the one selector of the window, the charts follow it.
  void kernelSelected(const QString& kernel);

 private:
  // Sets the sizes field's text, shown from its start.
  void showSizes(const QString& sizes);
  const Kernel* currentKernel() const;
  DType currentDType() const;
  void kernelChanged();
  // The registry's kernels first, runnable, in its order.
  void fillKernels();
  void fillPresets();
  void fillVariants();
  // Tab visits the fields in the order they are shown: the parameter fields and variant boxes,
  // made after the rest, would otherwise come last in the window.
  void orderTabs();
  // Whether the variant of `check` can run here: its own state, not the panel's, which the
  // window disables while a run goes or the kernels are made again (isEnabled() is false
  // then, and ticks restored on it would be lost).
  bool runnable(const QCheckBox* check) const;
  void updateEstimate();
  void updateThreadsWarning();
  // The problem's fields as the kernel needs them: "Samples" or "Sizes" (none for a kernel
  // sized by its own parameters), an element type only where the kernel has one.
  void adaptFields(const Kernel* kernel);
  // One field per parameter of the kernel, holding what was typed for it before or its default.
  void fillParams(const Kernel* kernel);
  // Keeps what the parameter fields of the kernel shown hold, for when it is shown again.
  void rememberParams();
  std::optional<Experiment> parse(QString& error) const;
  // Why the selected kernel cannot run in this build, or empty.
  QString kernelBlocker() const;

  const Registry* registry_;
  MemoryAvailable memory_;
  int logicalCores_;
  QComboBox* gpuBox_;
  QLabel* gpuLabel_;
  std::map<QString, QString> sizesByKernel_;  // what was typed for each kernel
  // The variants ticked for each kernel shown before: add -> pi -> add keeps add's ticks.
  std::map<QString, QStringList> checkedByKernel_;
  // What was typed for each kernel's parameters, by "kernel/parameter".
  std::map<QString, QString> paramsByKernel_;
  QString shownKernel_;

  QComboBox* kernelBox_;
  QFormLayout* problemForm_;
  QLineEdit* sizesEdit_;
  QComboBox* presetBox_;
  QComboBox* dtypeBox_;
  std::vector<QLineEdit*> paramEdits_;  // the kernel's parameters, in its order
  QGroupBox* variantsBox_;
  QVBoxLayout* variantsLayout_;
  std::vector<QCheckBox*> variantChecks_;
  QComboBox* modeBox_;
  QSpinBox* threadsSpin_;
  QLabel* threadsWarning_;
  SettingFields* settingFields_;  // the run settings of the table (experiment_settings.h)
  QComboBox* crashBox_;
  QLabel* estimateLabel_;
  QLabel* warningLabel_;
  QLabel* errorLabel_;
};

}  // namespace accellab::gui
