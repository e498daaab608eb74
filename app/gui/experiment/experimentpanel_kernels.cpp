// The experiment panel's kernel and what follows from it: the kernels listed (and those of an
// open session this build cannot run), its problem fields and parameters, presets and
// variants, each kernel's remembered where another is shown.
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

#include "experiment/experimentpanel.h"
#include "experiment/panelitems.h"
#include "experiment/presets.h"

namespace accellab::gui {

using namespace panel;

bool ExperimentPanel::selectKernel(const QString& name) {
  const int index = kernelBox_->findData(name, kNameRole);
  if (index >= 0) kernelBox_->setCurrentIndex(index);
  return index >= 0;
}

void ExperimentPanel::setSessionKernels(const QStringList& kernels,
                                        const QMap<QString, QString>& plugins) {
  const QString selected = kernel();
  const QSignalBlocker blocker(kernelBox_);
  for (int i = kernelBox_->count() - 1; i >= 0; --i)
    if (!kernelBox_->itemData(i, kRunnableRole).toBool()) kernelBox_->removeItem(i);
  for (const QString& name : kernels) {
    if (kernelBox_->findData(name, kNameRole) >= 0) continue;
    kernelBox_->addItem(tr("%1 (not runnable)").arg(name), name);
    const int index = kernelBox_->count() - 1;
    kernelBox_->setItemData(index, false, kRunnableRole);
    const auto plugin = plugins.find(name);
    kernelBox_->setItemData(
        index,
        plugin != plugins.end()
            ? tr("Measured with %1, which is not loaded here: its results can be charted; load "
                 "the plugin (ACCELLAB_PLUGIN_PATH or your plugins folder, docs/plugins.md) to run "
                 "%2 again")
                  .arg(plugin.value(), name)
            : tr("Measured elsewhere (an imported file): its results can be charted, but this "
                 "build has no kernel %1 to run")
                  .arg(name),
        Qt::ToolTipRole);
  }
  const int index = kernelBox_->findData(selected, kNameRole);
  kernelBox_->setCurrentIndex(index >= 0 ? index : 0);
  if (kernel() != selected) kernelChanged();
}

QString ExperimentPanel::kernelBlocker() const {
  if (kernelBox_->count() == 0 || kernelBox_->currentData(kRunnableRole).toBool()) return {};
  return tr("%1. Choose a kernel of this build to measure.")
      .arg(kernelBox_->currentData(Qt::ToolTipRole).toString());
}

void ExperimentPanel::adaptFields(const Kernel* kernel) {
  const bool samples = kernel && kernel->info().problem == ProblemKind::samples;
  if (auto* label = qobject_cast<QLabel*>(problemForm_->labelForField(sizesEdit_)))
    label->setText(samples ? tr("&Samples:") : tr("&Sizes:"));
  sizesEdit_->setToolTip(
      samples ? tr("Comma-separated sample counts such as 1e4, 3e7, 1e9. Several counts make a "
                   "size sweep.")
              : tr("Comma-separated problem sizes: shapes Z\u00d7Y\u00d7X such as "
                   "1024x1024x512. Several sizes make a size sweep."));
  sizesEdit_->setPlaceholderText(samples ? tr("1e4, 3e7, 1e9") : tr("1024x1024x512"));
  // A kernel sized by its own parameters alone has no sizes: their fields say it all.
  const bool ownParams = kernel && kernel->info().problem == ProblemKind::parameters;
  problemForm_->setRowVisible(sizesEdit_, !ownParams);
  problemForm_->setRowVisible(presetBox_, !ownParams);
  // No element type where the kernel has none: hidden, not an empty box.
  problemForm_->setRowVisible(dtypeBox_, kernel && !kernel->info().dtypes.empty());
  for (QWidget* field : {static_cast<QWidget*>(sizesEdit_), static_cast<QWidget*>(presetBox_),
                         static_cast<QWidget*>(variantsBox_)})
    field->setEnabled(kernel != nullptr);
}

DType ExperimentPanel::currentDType() const {
  return parseDType(dtypeBox_->currentText().toStdString()).value_or(DType::f64);
}

void ExperimentPanel::rememberParams() {
  const Kernel* shown = registry_->find(shownKernel_.toStdString());
  if (!shown) return;
  const std::vector<ParamSpec>& params = shown->info().parameters;
  for (std::size_t i = 0; i < paramEdits_.size() && i < params.size(); ++i)
    paramsByKernel_[paramKey(shownKernel_, params[i])] = paramEdits_[i]->text();
}

void ExperimentPanel::fillParams(const Kernel* kernel) {
  for (QLineEdit* edit : paramEdits_) problemForm_->removeRow(edit);
  paramEdits_.clear();
  if (!kernel) return;
  // Below the sizes, above the element type.
  int row = 0;
  QFormLayout::ItemRole role{};
  problemForm_->getWidgetPosition(dtypeBox_, &row, &role);
  for (const ParamSpec& param : kernel->info().parameters) {
    auto* edit = new QLineEdit(this);
    edit->setObjectName(QStringLiteral("param-") + qs(param.name));
    // A parameter of only some values (an asv file's axis) sweeps them all unless told less.
    QStringList values;
    for (std::uint64_t value : param.values) values << QString::number(value);
    const QString initial = param.values.empty() ? QString::number(param.defaultValue)
                                                 : values.join(QStringLiteral(", "));
    edit->setToolTip(param.values.empty()
                         ? tr("%1. Comma-separated values from %2 to %3; several make a sweep.")
                               .arg(qs(param.description))
                               .arg(param.min)
                               .arg(param.max)
                         : tr("%1. Comma-separated values among %2; several make a sweep.")
                               .arg(qs(param.description), initial));
    edit->setPlaceholderText(initial);
    const auto typed = paramsByKernel_.find(paramKey(shownKernel_, param));
    edit->setText(typed != paramsByKernel_.end() ? typed->second : initial);
    connect(edit, &QLineEdit::textChanged, this, [this] { updateEstimate(); });
    problemForm_->insertRow(row++, qs(param.name) + QLatin1Char(':'), edit);
    paramEdits_.push_back(edit);
  }
}

void ExperimentPanel::kernelChanged() {
  if (!shownKernel_.isEmpty() && registry_->find(shownKernel_.toStdString())) {
    sizesByKernel_[shownKernel_] = sizesEdit_->text();
    QStringList& checked = checkedByKernel_[shownKernel_];
    checked.clear();
    for (QCheckBox* check : variantChecks_)
      if (check->isChecked()) checked << check->text();
  }
  rememberParams();
  const Kernel* kernel = currentKernel();
  adaptFields(kernel);
  shownKernel_ = this->kernel();
  fillParams(kernel);
  emit kernelSelected(shownKernel_);
  if (!kernel) {
    fillVariants();
    updateEstimate();
    return;
  }
  {
    const QSignalBlocker blocker(dtypeBox_);
    dtypeBox_->clear();
    for (DType dtype : kernel->info().dtypes) dtypeBox_->addItem(qs(std::string(toString(dtype))));
    dtypeBox_->setEnabled(dtypeBox_->count() > 1);
    // The tutorial measures doubles.
    const int f64 = dtypeBox_->findText(qs(std::string(toString(DType::f64))));
    if (f64 >= 0) dtypeBox_->setCurrentIndex(f64);
  }
  fillPresets();
  fillVariants();
  if (const auto ticked = checkedByKernel_.find(shownKernel_); ticked != checkedByKernel_.end())
    for (QCheckBox* check : variantChecks_)
      check->setChecked(runnable(check) && ticked->second.contains(check->text()));
  const auto typed = sizesByKernel_.find(shownKernel_);
  const QSignalBlocker blocker(sizesEdit_);
  showSizes(typed != sizesByKernel_.end() ? typed->second
                                          : defaultSizes(*kernel, currentDType(), memory_));
  updateEstimate();
}

void ExperimentPanel::fillPresets() {
  const Kernel* kernel = currentKernel();
  if (!kernel) return;
  const QSignalBlocker blocker(presetBox_);
  presetBox_->clear();
  presetBox_->addItem(tr("Choose a preset\u2026"));
  for (const Preset& preset : presetsFor(*kernel, currentDType(), memory_))
    presetBox_->addItem(preset.name, preset.sizes);
}

void ExperimentPanel::fillKernels() {
  int at = 0;
  for (const Kernel* kernel : registry_->kernels()) {
    const QString name = qs(kernel->info().name);
    // A kernel the session listed as not runnable may be one now (its plugin was loaded).
    if (const int listed = kernelBox_->findData(name, kNameRole); listed >= 0)
      kernelBox_->removeItem(listed);
    kernelBox_->insertItem(at, name, name);
    kernelBox_->setItemData(at, true, kRunnableRole);
    kernelBox_->setItemData(at, qs(kernel->info().description), Qt::ToolTipRole);
    ++at;
  }
}

void ExperimentPanel::setRegistry(const Registry& registry) {
  QStringList ticked;
  for (const QCheckBox* check : variantChecks_)
    if (check->isChecked()) ticked << check->text();
  const QString selected = kernel();
  {
    const QSignalBlocker blocker(kernelBox_);
    for (int i = kernelBox_->count() - 1; i >= 0; --i)
      if (kernelBox_->itemData(i, kRunnableRole).toBool()) kernelBox_->removeItem(i);
    registry_ = &registry;
    fillKernels();
    const int index = kernelBox_->findData(selected, kNameRole);
    kernelBox_->setCurrentIndex(index >= 0 ? index : 0);
  }
  if (kernel() != selected) {
    kernelChanged();
    return;
  }
  fillVariants();
  for (QCheckBox* check : variantChecks_)
    check->setChecked(runnable(check) && ticked.contains(check->text()));
  updateEstimate();
  emit changed();
}

void ExperimentPanel::fillVariants() {
  for (QCheckBox* check : variantChecks_) delete check;
  variantChecks_.clear();
  const Kernel* kernel = currentKernel();
  if (!kernel) return;
  for (const VariantInfo& variant : kernel->info().variants) {
    auto* check = new QCheckBox(qs(variant.name), variantsBox_);
    check->setObjectName(QStringLiteral("variant-") + qs(variant.name));
    // A distributed variant runs across the ranks of an MPI launch, which the desktop app
    // never starts: here it would be one rank running the parallel code again.
    const bool available = variant.availability.available && !variant.distributed;
    check->setEnabled(available);
    // Checked by default, an opt-in variant (loop-strided, the Python ones) alone would take
    // the default run past the couple of minutes it should last.
    check->setChecked(available && !variant.optIn);
    if (!variant.availability.available) {
      check->setToolTip(tr("Unavailable: %1").arg(qs(variant.availability.reason)));
    } else if (variant.distributed) {
      check->setToolTip(
          tr("%1. Runs across MPI ranks: launch it with mpirun -np N accellab-cli "
             "run --kernel %2 --variants %3 --ranks 1 N --out FILE, then open "
             "FILE here.")
              .arg(qs(variant.description), qs(kernel->info().name), qs(variant.name)));
    } else {
      check->setToolTip(qs(variant.description));
      if (variant.optIn)
        check->setToolTip(check->toolTip() + tr(" (off by default: on the tutorial's array one "
                                                "run takes minutes)"));
    }
    connect(check, &QCheckBox::toggled, this, [this] { updateEstimate(); });
    variantsLayout_->addWidget(check);
    variantChecks_.push_back(check);
  }
  orderTabs();
}

void ExperimentPanel::orderTabs() {
  std::vector<QWidget*> order{kernelBox_, sizesEdit_, presetBox_};
  order.insert(order.end(), paramEdits_.begin(), paramEdits_.end());
  order.push_back(dtypeBox_);
  order.insert(order.end(), variantChecks_.begin(), variantChecks_.end());
  order.push_back(modeBox_);
  for (std::size_t i = 1; i < order.size(); ++i) setTabOrder(order[i - 1], order[i]);
}

}  // namespace accellab::gui
