#include "experiment/experimentpanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

#include "accellab/format.h"
#include "accellab/parse.h"
#include "experiment/panelitems.h"
#include "experiment/presets.h"
#include "experiment/settingfields.h"
#include "experiment/wheelguard.h"

namespace accellab::gui {

using namespace panel;

namespace {

// The most threads the panel takes (more where the machine has over a quarter of that).
constexpr int kMaxPanelThreads = 4096;

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

QString ExperimentPanel::runBlocker() const {
  if (const QString kernel = kernelBlocker(); !kernel.isEmpty()) return kernel;
  return kernelBox_->count() == 0 ? QString() : error();
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
  // Runnable whether or not the panel is enabled: the experiment (Run's blocker) must read the
  // same during a run.
  for (QCheckBox* check : variantChecks_)
    if (runnable(check) && check->isChecked())
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

bool ExperimentPanel::runnable(const QCheckBox* check) const {
  return check->isEnabledTo(variantsBox_);
}

}  // namespace accellab::gui
