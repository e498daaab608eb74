// What the experiment panel holds, set at once: a demo's experiment, a run's settings ("Run
// Again with These Settings", with what the panel could not take), and the settings saved
// between starts.
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSettings>
#include <QSignalBlocker>
#include <QSpinBox>
#include <algorithm>
#include <numeric>

#include "accellab/format.h"
#include "experiment/experimentpanel.h"
#include "experiment/panelitems.h"
#include "experiment/settingfields.h"

namespace accellab::gui {

using namespace panel;

namespace {

// Settings keys, in the group "experiment".
const QString kKernelKey = QStringLiteral("experiment/kernel");
const QString kSizesKey = QStringLiteral("experiment/sizes/");
const QString kParamsKey = QStringLiteral("experiment/params/");  // + "kernel/parameter"
const QString kDTypeKey = QStringLiteral("experiment/dtype");
const QString kCheckedKey = QStringLiteral("experiment/checkedVariants");
const QString kModeKey = QStringLiteral("experiment/sweepMode");
const QString kThreadsKey = QStringLiteral("experiment/threads");
const QString kOnCrashKey = QStringLiteral("experiment/onCrash");

}  // namespace

void ExperimentPanel::setExperiment(const QString& kernel, const QString& sizes, SweepMode mode,
                                    int threads, int minReps, double minTimeS) {
  selectKernel(kernel);
  showSizes(sizes);
  for (QCheckBox* check : variantChecks_) check->setChecked(runnable(check));
  modeBox_->setCurrentIndex(static_cast<int>(mode));
  threadsSpin_->setValue(threads);
  ExperimentSettings settings = settingFields_->values();
  settings.measure.minReps = static_cast<std::size_t>(minReps);
  settings.measure.minTimeS = minTimeS;
  settingFields_->show(settings);
}

QStringList ExperimentPanel::restore(const Experiment& experiment) {
  const SweepSpec& sweep = experiment.sweep;
  QStringList lost;
  if (!selectKernel(qs(sweep.kernel)) || !currentKernel())
    return {tr("Kernel %1 cannot run in this build.").arg(qs(sweep.kernel))};
  const KernelInfo& kernel = currentKernel()->info();
  QStringList sizes;
  for (const Shape3& shape : sweep.shapes) sizes << qs(toString(shape));
  for (const std::uint64_t count : sweep.samples) sizes << qs(formatCount(count));
  if (!sizes.isEmpty()) showSizes(sizes.join(QStringLiteral(", ")));
  for (std::size_t i = 0; i < paramEdits_.size() && i < kernel.parameters.size(); ++i) {
    const auto values = sweep.parameters.find(kernel.parameters[i].name);
    if (values == sweep.parameters.end()) continue;
    QStringList texts;
    for (const std::uint64_t value : values->second) texts << QString::number(value);
    paramEdits_[i]->setText(texts.join(QStringLiteral(", ")));
  }
  if (!sweep.dtypes.empty()) {
    dtypeBox_->setCurrentText(qs(std::string(toString(sweep.dtypes.front()))));
    if (sweep.dtypes.size() > 1)
      lost << tr("The run measured %1 element types; the panel takes one: %2.")
                  .arg(sweep.dtypes.size())
                  .arg(dtypeBox_->currentText());
  }
  for (QCheckBox* check : variantChecks_) {
    const bool wanted = std::find(sweep.variants.begin(), sweep.variants.end(),
                                  check->text().toStdString()) != sweep.variants.end();
    check->setChecked(wanted && runnable(check));
    if (wanted && !runnable(check))
      lost << tr("Variant %1 cannot run here: %2").arg(check->text(), check->toolTip());
  }
  if (!sweep.threads.empty()) {
    const int most = *std::max_element(sweep.threads.begin(), sweep.threads.end());
    std::vector<int> oneToMost(static_cast<std::size_t>(most));
    std::iota(oneToMost.begin(), oneToMost.end(), 1);
    const bool fixed = sweep.threads.size() == 1;
    modeBox_->setCurrentIndex(
        static_cast<int>(fixed ? SweepMode::fixedThreads : SweepMode::threadsOneToN));
    threadsSpin_->setValue(most);
    if (!fixed && sweep.threads != oneToMost) {
      QStringList counts;
      for (const int count : sweep.threads) counts << QString::number(count);
      lost << tr("The run measured %1 threads; the panel sweeps every count from 1 to %2.")
                  .arg(counts.join(QStringLiteral(", ")))
                  .arg(most);
    }
    if (threadsSpin_->value() != most)
      lost << tr("%1 threads is more than the panel takes (at most %2).")
                  .arg(most)
                  .arg(threadsSpin_->maximum());
  }
  if (sweep.seed != Params{}.seed)
    lost << tr("The run's inputs were drawn with seed %1; the panel always uses %2.")
                .arg(sweep.seed)
                .arg(Params{}.seed);
  // The fields the window has for the run's settings; those it leaves at the panel's own
  // (re-runs, the point timeout) are not the run's.
  ExperimentSettings settings = settingFields_->values();
  settings.measure = experiment.measure;
  lost << settingFields_->show(settings);
  updateEstimate();
  return lost;
}

void ExperimentPanel::saveSettings(QSettings& settings) const {
  settings.setValue(kKernelKey, kernel());
  auto sizes = sizesByKernel_;
  if (currentKernel()) sizes[kernel()] = sizesEdit_->text();
  for (const auto& [kernel, text] : sizes) settings.setValue(kSizesKey + kernel, text);
  auto params = paramsByKernel_;
  if (const Kernel* shown = currentKernel()) {
    for (std::size_t i = 0; i < paramEdits_.size(); ++i)
      params[paramKey(kernel(), shown->info().parameters[i])] = paramEdits_[i]->text();
  }
  for (const auto& [key, text] : params) settings.setValue(kParamsKey + key, text);
  settings.setValue(kDTypeKey, dtypeBox_->currentText());
  QStringList checked;
  for (QCheckBox* check : variantChecks_)
    if (check->isChecked()) checked << check->text();
  settings.setValue(kCheckedKey, checked);
  settings.setValue(kModeKey, modeBox_->currentIndex());
  settings.setValue(kThreadsKey, threadsSpin_->value());
  settingFields_->save(settings);
  settings.setValue(kOnCrashKey, QString::fromUtf8(toString(onCrash()).data()));
}

void ExperimentPanel::loadSettings(const QSettings& settings) {
  for (int i = 0; i < kernelBox_->count(); ++i) {
    const QString kernel = kernelBox_->itemData(i, kNameRole).toString();
    const QVariant sizes = settings.value(kSizesKey + kernel);
    if (sizes.isValid()) sizesByKernel_[kernel] = sizes.toString();
    if (const Kernel* known = registry_->find(kernel.toStdString())) {
      for (const ParamSpec& param : known->info().parameters) {
        const QVariant values = settings.value(kParamsKey + paramKey(kernel, param));
        if (values.isValid()) paramsByKernel_[paramKey(kernel, param)] = values.toString();
      }
    }
  }
  shownKernel_.clear();
  const QString kernel = settings.value(kKernelKey, this->kernel()).toString();
  if (const int index = kernelBox_->findData(kernel, kNameRole); index >= 0) {
    const QSignalBlocker blocker(kernelBox_);
    kernelBox_->setCurrentIndex(index);
  }
  kernelChanged();
  const QString dtype = settings.value(kDTypeKey).toString();
  if (dtypeBox_->findText(dtype) >= 0) dtypeBox_->setCurrentText(dtype);
  if (settings.contains(kCheckedKey)) {
    const QStringList checked = settings.value(kCheckedKey).toStringList();
    for (QCheckBox* check : variantChecks_)
      check->setChecked(runnable(check) && checked.contains(check->text()));
  }
  modeBox_->setCurrentIndex(settings.value(kModeKey, modeBox_->currentIndex()).toInt());
  threadsSpin_->setValue(settings.value(kThreadsKey, threadsSpin_->value()).toInt());
  settingFields_->load(settings);
  if (const auto policy = parseOnCrash(settings.value(kOnCrashKey).toString().toStdString()))
    crashBox_->setCurrentIndex(crashBox_->findData(static_cast<int>(*policy)));
}

}  // namespace accellab::gui
