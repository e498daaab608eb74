#include "experiment/experimentpanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string_view>

#include "accellab/format.h"
#include "accellab/parse.h"
#include "experiment/presets.h"
#include "experiment/settingfields.h"
#include "experiment/wheelguard.h"

namespace accellab::gui {

namespace {

// The most threads the panel takes (more where the machine has over a quarter of that).
constexpr int kMaxPanelThreads = 4096;

QString qs(const std::string& text) { return QString::fromStdString(text); }

// Settings keys, in the group "experiment".
const QString kKernelKey = QStringLiteral("experiment/kernel");
const QString kSizesKey = QStringLiteral("experiment/sizes/");
const QString kParamsKey = QStringLiteral("experiment/params/");  // + "kernel/parameter"
const QString kDTypeKey = QStringLiteral("experiment/dtype");
const QString kCheckedKey = QStringLiteral("experiment/checkedVariants");
const QString kModeKey = QStringLiteral("experiment/sweepMode");
const QString kThreadsKey = QStringLiteral("experiment/threads");
const QString kOnCrashKey = QStringLiteral("experiment/onCrash");

// Where what was typed for a kernel's parameter is kept: "mm/n".
QString paramKey(const QString& kernel, const ParamSpec& param) {
  return kernel + QLatin1Char('/') + qs(param.name);
}

// The kernel box's roles: the kernel's name (the text may say more), and whether it runs here.
constexpr int kNameRole = Qt::UserRole;
constexpr int kRunnableRole = Qt::UserRole + 1;

// Below this a point's buffers are not worth a number: "no large buffers".
constexpr std::uint64_t kLargeBufferBytes = std::uint64_t{1} << 20;

}  // namespace

ExperimentPanel::ExperimentPanel(const Registry& registry, const MemoryAvailable& memory,
                                 int logicalCores, QWidget* parent)
    : QWidget(parent),
      registry_(&registry),
      memory_(memory),
      logicalCores_(logicalCores),
      gpuBox_(new QComboBox(this)),
      gpuLabel_(new QLabel(tr("&GPU:"), this)),
      kernelBox_(new QComboBox(this)),
      sizesEdit_(new QLineEdit(this)),
      presetBox_(new QComboBox(this)),
      dtypeBox_(new QComboBox(this)),
      variantsBox_(new QGroupBox(tr("Variants"), this)),
      variantsLayout_(new QVBoxLayout(variantsBox_)),
      modeBox_(new QComboBox(this)),
      threadsSpin_(new QSpinBox(this)),
      threadsWarning_(new QLabel(this)),
      settingFields_(new SettingFields(this)),
      crashBox_(new QComboBox(this)),
      estimateLabel_(new QLabel(this)),
      warningLabel_(new QLabel(this)),
      errorLabel_(new QLabel(this)) {
  kernelBox_->setObjectName(QStringLiteral("kernel"));
  sizesEdit_->setObjectName(QStringLiteral("sizes"));
  presetBox_->setObjectName(QStringLiteral("presets"));
  dtypeBox_->setObjectName(QStringLiteral("dtype"));
  modeBox_->setObjectName(QStringLiteral("sweepMode"));
  threadsSpin_->setObjectName(QStringLiteral("threads"));
  crashBox_->setObjectName(QStringLiteral("onCrash"));
  estimateLabel_->setObjectName(QStringLiteral("memoryEstimate"));
  warningLabel_->setObjectName(QStringLiteral("memoryWarning"));
  errorLabel_->setObjectName(QStringLiteral("inputError"));
  gpuBox_->setObjectName(QStringLiteral("gpuDevice"));
  gpuBox_->setToolTip(tr("The GPU the gpu variants run on"));
  gpuLabel_->setBuddy(gpuBox_);

  fillKernels();
  threadsWarning_->setObjectName(QStringLiteral("threadsWarning"));
  threadsWarning_->setWordWrap(true);
  threadsWarning_->setStyleSheet(QStringLiteral("color: #b35c00"));
  presetBox_->setToolTip(tr("Fill the sizes with a preset"));
  modeBox_->addItem(tr("Fixed thread count"));
  modeBox_->addItem(tr("Threads 1\u2026N"));
  modeBox_->setCurrentIndex(static_cast<int>(SweepMode::threadsOneToN));
  modeBox_->setToolTip(tr("Threaded variants run with N threads, or once for every count 1 to N"));
  // Wide enough that a number typed is taken as typed (999 once became 99 without a word);
  // above the cores, the warning below says what it costs.
  threadsSpin_->setRange(1, std::max(kMaxPanelThreads, logicalCores * 4));
  threadsSpin_->setValue(std::max(1, logicalCores));
  threadsSpin_->setToolTip(
      tr("N: threads of the threaded variants, 1 to %2 (%1 logical cores here)")
          .arg(logicalCores)
          .arg(threadsSpin_->maximum()));
  crashBox_->addItem(tr("go on with the next point"), static_cast<int>(OnCrash::goOn));
  crashBox_->addItem(tr("stop the run"), static_cast<int>(OnCrash::stop));
  crashBox_->setToolTip(
      tr("Every point is measured in a worker process: a crash or a hang fails only that "
         "point, with the reason. Going on, three crashes in a row still stop the run"));
  warningLabel_->setWordWrap(true);
  warningLabel_->setStyleSheet(QStringLiteral("color: #d9534f; font-weight: bold"));
  errorLabel_->setWordWrap(true);
  errorLabel_->setStyleSheet(QStringLiteral("color: #d9534f"));
  estimateLabel_->setWordWrap(true);

  auto* problem = new QGroupBox(tr("Problem"), this);
  problemForm_ = new QFormLayout(problem);
  problemForm_->addRow(tr("&Kernel:"), kernelBox_);
  problemForm_->addRow(tr("&Sizes:"), sizesEdit_);
  problemForm_->addRow(tr("&Presets:"), presetBox_);
  problemForm_->addRow(tr("&Element type:"), dtypeBox_);

  auto* measure = new QGroupBox(tr("Measurement"), this);
  auto* measureForm = new QFormLayout(measure);
  measureForm->addRow(tr("S&weep:"), modeBox_);
  measureForm->addRow(tr("&Threads (N):"), threadsSpin_);
  measureForm->addRow(threadsWarning_);
  settingFields_->addRows(SettingGroup::measurement, measureForm);
  measureForm->addRow(tr("If a point &crashes:"), crashBox_);
  measureForm->addRow(gpuLabel_, gpuBox_);
  gpuLabel_->setVisible(false);
  gpuBox_->setVisible(false);

  auto* quality = new QGroupBox(tr("Quality"), this);
  auto* qualityForm = new QFormLayout(quality);
  settingFields_->addRows(SettingGroup::quality, qualityForm);

  auto* layout = new QVBoxLayout(this);
  // What the sizes cost, and what is wrong with them, right under them: visible without
  // scrolling at the default size.
  layout->addWidget(problem);
  layout->addWidget(estimateLabel_);
  layout->addWidget(warningLabel_);
  layout->addWidget(errorLabel_);
  layout->addWidget(variantsBox_);
  layout->addWidget(measure);
  layout->addWidget(quality);
  layout->addStretch();

  connect(kernelBox_, &QComboBox::currentIndexChanged, this, [this] { kernelChanged(); });
  connect(dtypeBox_, &QComboBox::currentIndexChanged, this, [this] {
    fillPresets();
    updateEstimate();
  });
  connect(presetBox_, &QComboBox::activated, this, [this](int index) {
    if (index > 0) showSizes(presetBox_->itemData(index).toString());
    const QSignalBlocker blocker(presetBox_);
    presetBox_->setCurrentIndex(0);
  });
  connect(sizesEdit_, &QLineEdit::textChanged, this, [this] { updateEstimate(); });
  connect(modeBox_, &QComboBox::currentIndexChanged, this, [this] { updateEstimate(); });
  connect(threadsSpin_, &QSpinBox::valueChanged, this, [this] {
    updateThreadsWarning();
    updateEstimate();
  });
  connect(settingFields_, &SettingFields::changed, this, &ExperimentPanel::changed);
  updateThreadsWarning();
  kernelChanged();
  takeWheelOnlyWhenFocused(this);
}

const Kernel* ExperimentPanel::currentKernel() const {
  if (!kernelBox_->currentData(kRunnableRole).toBool()) return nullptr;
  return registry_->find(kernel().toStdString());
}

QString ExperimentPanel::kernel() const { return kernelBox_->currentData(kNameRole).toString(); }

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

QString ExperimentPanel::runBlocker() const {
  if (const QString kernel = kernelBlocker(); !kernel.isEmpty()) return kernel;
  return kernelBox_->count() == 0 ? QString() : error();
}

QString ExperimentPanel::kernelBlocker() const {
  if (kernelBox_->count() == 0 || kernelBox_->currentData(kRunnableRole).toBool()) return {};
  return tr("%1. Choose a kernel of this build to measure.")
      .arg(kernelBox_->currentData(Qt::ToolTipRole).toString());
}

QString ExperimentPanel::threadsWarning() const { return threadsWarning_->text(); }

void ExperimentPanel::updateThreadsWarning() {
  const int threads = threadsSpin_->value();
  threadsWarning_->setText(
      logicalCores_ > 0 && threads > logicalCores_
          ? (logicalCores_ == 1
                 ? tr("%1 threads on 1 logical core: oversubscribed, times will not scale")
                 : tr("%1 threads on %2 logical cores: oversubscribed, times will not scale"))
                .arg(threads)
                .arg(logicalCores_)
          : QString());
  threadsWarning_->setVisible(!threadsWarning_->text().isEmpty());
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
      check->setChecked(check->isEnabled() && ticked->second.contains(check->text()));
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
    check->setChecked(check->isEnabled() && ticked.contains(check->text()));
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
}

std::optional<Experiment> ExperimentPanel::parse(QString& error) const {
  const Kernel* kernel = currentKernel();
  if (!kernel) {
    error = kernelBox_->count() > 0 ? kernelBlocker() : tr("No kernel selected.");
    return std::nullopt;
  }
  Experiment experiment;
  SweepSpec& sweep = experiment.sweep;
  sweep.kernel = kernel->info().name;
  const ProblemKind problem = kernel->info().problem;
  const bool shapes = problem == ProblemKind::array3d;
  const std::string sizes =
      problem == ProblemKind::parameters ? std::string() : sizesEdit_->text().toStdString();
  for (const std::string& item : splitList(sizes)) {
    const QString text = qs(item).trimmed();
    if (text.isEmpty()) continue;
    if (shapes) {
      const auto parsed = parseShape(text.toStdString());
      if (!parsed.value) {
        error = qs(parsed.error);
        return std::nullopt;
      }
      sweep.shapes.push_back(*parsed.value);
    } else {
      const auto parsed = parseCount(text.toStdString());
      if (!parsed.value) {
        error = qs(parsed.error);
        return std::nullopt;
      }
      sweep.samples.push_back(*parsed.value);
    }
  }
  if (problem != ProblemKind::parameters && sweep.shapes.empty() && sweep.samples.empty()) {
    error = tr("Enter at least one problem size.");
    return std::nullopt;
  }
  const std::vector<ParamSpec>& params = kernel->info().parameters;
  for (std::size_t i = 0; i < paramEdits_.size() && i < params.size(); ++i) {
    auto values = parseParamValues(kernel->info(), params[i], paramEdits_[i]->text().toStdString());
    if (!values.value) {
      error = qs(values.error);
      return std::nullopt;
    }
    sweep.parameters[params[i].name] = std::move(*values.value);
  }
  if (!kernel->info().dtypes.empty()) sweep.dtypes = {currentDType()};
  // Available, whether or not the panel is enabled: the window disables it during a run, and
  // the experiment (Run's blocker) must read the same then.
  for (QCheckBox* check : variantChecks_)
    if (check->isEnabledTo(variantsBox_) && check->isChecked())
      sweep.variants.push_back(check->text().toStdString());
  if (sweep.variants.empty()) {
    error = tr("Choose at least one available variant.");
    return std::nullopt;
  }
  const int n = threadsSpin_->value();
  if (modeBox_->currentIndex() == static_cast<int>(SweepMode::threadsOneToN)) {
    for (int t = 1; t <= n; ++t) sweep.threads.push_back(t);
  } else {
    sweep.threads = {n};
  }
  experiment.measure = settingFields_->values().measure;
  try {
    (void)expandSweep(sweep, *registry_);
  } catch (const SweepError& e) {
    error = qs(e.what());
    return std::nullopt;
  }
  return experiment;
}

std::optional<Experiment> ExperimentPanel::experiment() const {
  QString ignored;
  return parse(ignored);
}

QString ExperimentPanel::error() const {
  QString error;
  (void)parse(error);
  return error;
}

QString ExperimentPanel::memoryWarning() const { return warningLabel_->text(); }

std::size_t ExperimentPanel::rerunAttempts() const {
  return settingFields_->values().rerunAttempts;
}

void ExperimentPanel::updateEstimate() {
  QString error;
  const auto parsed = parse(error);
  errorLabel_->setText(error);
  errorLabel_->setVisible(!error.isEmpty());
  warningLabel_->clear();
  estimateLabel_->clear();
  if (parsed) {
    const Kernel* kernel = currentKernel();
    MemoryNeed largest;
    const auto points = expandSweep(parsed->sweep, *registry_);
    std::size_t skipped = 0;  // the points the runner will skip for memory
    for (const Point& point : points) {
      const MemoryNeed need = kernel->memoryNeed(point.params, point.variant);
      largest.hostBytes = std::max(largest.hostBytes, need.hostBytes);
      largest.deviceBytes = std::max(largest.deviceBytes, need.deviceBytes);
      skipped += checkMemory(need, memory_).has_value();
    }
    const auto bytes = [](std::uint64_t value) {
      return qs(formatValue(static_cast<double>(value), ValueKind::bytes));
    };
    const QString count = points.size() == 1 ? tr("1 point") : tr("%1 points").arg(points.size());
    QString estimate;
    if (largest.hostBytes < kLargeBufferBytes && largest.deviceBytes < kLargeBufferBytes) {
      // A computed workload (pi) holds a few counters per thread, not arrays.
      estimate = tr("%1; no large buffers: each needs less than %2 of memory")
                     .arg(count, bytes(kLargeBufferBytes));
    } else {
      estimate = tr("%1; the largest needs %2 of RAM (%3 available)")
                     .arg(count, bytes(largest.hostBytes), bytes(memory_.hostBytes));
      if (largest.deviceBytes > 0)
        estimate += tr(" and %1 of GPU memory").arg(bytes(largest.deviceBytes));
    }
    estimateLabel_->setText(estimate + QLatin1Char('.'));
    if (const auto tooBig = checkMemory(largest, memory_))
      warningLabel_->setText(tr("Warning: %1 of %2 points will be skipped: the largest %3.")
                                 .arg(skipped)
                                 .arg(points.size())
                                 .arg(qs(*tooBig)));
  }
  warningLabel_->setVisible(!warningLabel_->text().isEmpty());
  emit changed();
}

void ExperimentPanel::setExperiment(const QString& kernel, const QString& sizes, SweepMode mode,
                                    int threads, int minReps, double minTimeS) {
  selectKernel(kernel);
  showSizes(sizes);
  for (QCheckBox* check : variantChecks_) check->setChecked(check->isEnabled());
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
    check->setChecked(wanted && check->isEnabled());
    if (wanted && !check->isEnabled())
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

void ExperimentPanel::setGpus(const std::vector<GpuInfo>& gpus, int selected) {
  gpuBox_->clear();
  for (const GpuInfo& gpu : gpus) {
    gpuBox_->addItem(tr("%1: %2").arg(gpu.index).arg(qs(gpu.name)), gpu.index);
    if (!gpu.pciBusId.empty())
      gpuBox_->setItemData(gpuBox_->count() - 1, tr("PCI %1").arg(qs(gpu.pciBusId)),
                           Qt::ToolTipRole);
  }
  const int index = gpuBox_->findData(selected);
  gpuBox_->setCurrentIndex(index >= 0 ? index : 0);
  const bool choice = gpus.size() > 1;
  gpuLabel_->setVisible(choice);
  gpuBox_->setVisible(choice);
}

int ExperimentPanel::gpuDevice() const {
  return gpuBox_->count() > 0 ? gpuBox_->currentData().toInt() : 0;
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
      check->setChecked(check->isEnabled() && checked.contains(check->text()));
  }
  modeBox_->setCurrentIndex(settings.value(kModeKey, modeBox_->currentIndex()).toInt());
  threadsSpin_->setValue(settings.value(kThreadsKey, threadsSpin_->value()).toInt());
  settingFields_->load(settings);
  if (const auto policy = parseOnCrash(settings.value(kOnCrashKey).toString().toStdString()))
    crashBox_->setCurrentIndex(crashBox_->findData(static_cast<int>(*policy)));
}

OnCrash ExperimentPanel::onCrash() const {
  return static_cast<OnCrash>(crashBox_->currentData().toInt());
}

std::optional<double> ExperimentPanel::pointTimeoutS() const {
  const double limit = settingFields_->values().pointTimeoutS;
  return limit > 0 ? std::optional(limit) : std::nullopt;
}

void ExperimentPanel::showSizes(const QString& sizes) {
  sizesEdit_->setText(sizes);
  // From their start: a long list read from its end begins mid-number ("x128x128, ...").
  sizesEdit_->setCursorPosition(0);
}

}  // namespace accellab::gui
