#include "charts/chartpanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "charts/chartexport.h"
#include "charts/chartset.h"
#include "charts/chartview.h"

namespace accellab::gui {

namespace {

// Re-fills a combo box, keeping the current text when it is still offered.
void replaceItems(QComboBox* box, const QStringList& items, const QString& preferred) {
  const QSignalBlocker blocker(box);
  const QString keep = box->currentText();
  box->clear();
  box->addItems(items);
  if (items.contains(keep))
    box->setCurrentText(keep);
  else if (items.contains(preferred))
    box->setCurrentText(preferred);
}

QStringList toStringList(const std::vector<std::string>& items) {
  QStringList list;
  for (const auto& item : items) list << QString::fromStdString(item);
  return list;
}

}  // namespace

ChartPanel::ChartPanel(QWidget* parent)
    : QWidget(parent),
      kernelBox_(new QComboBox(this)),
      baselineBox_(new QComboBox(this)),
      gpuTimeBox_(new QComboBox(this)),
      tabs_(new QTabWidget(this)) {
  auto* selectors = new QHBoxLayout;
  auto* kernelLabel = new QLabel(tr("&Kernel:"), this);
  kernelLabel->setBuddy(kernelBox_);
  auto* baselineLabel = new QLabel(tr("Speedup &baseline:"), this);
  baselineLabel->setBuddy(baselineBox_);
  kernelBox_->setObjectName(QStringLiteral("chartKernel"));
  baselineBox_->setObjectName(QStringLiteral("chartBaseline"));
  baselineBox_->setToolTip(tr("The variant whose 1-thread time the speedups are relative to"));
  selectors->addWidget(kernelLabel);
  selectors->addWidget(kernelBox_);
  selectors->addSpacing(12);
  selectors->addWidget(baselineLabel);
  selectors->addWidget(baselineBox_);
  selectors->addSpacing(12);
  auto* gpuTimeLabel = new QLabel(tr("&GPU time:"), this);
  gpuTimeLabel->setBuddy(gpuTimeBox_);
  gpuTimeBox_->setObjectName(QStringLiteral("chartGpuTime"));
  gpuTimeBox_->addItem(tr("kernel only"), static_cast<int>(GpuTime::kernel));
  gpuTimeBox_->addItem(tr("end to end (with copies)"), static_cast<int>(GpuTime::endToEnd));
  gpuTimeBox_->setToolTip(
      tr("What the gpu variants' times and speedups are: the kernel alone, or with the copies "
         "to and from the GPU (pinned memory)"));
  selectors->addWidget(gpuTimeLabel);
  selectors->addWidget(gpuTimeBox_);
  selectors->addStretch();

  for (auto& chart : createCharts()) {
    chart->setObjectName(chart->fileStem() + QStringLiteral("Chart"));
    tabs_->addTab(chart.get(), chart->tabTitle());
    charts_.push_back(chart.release());
  }
  tabs_->setObjectName(QStringLiteral("chartTabs"));
  tabs_->setDocumentMode(true);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(selectors);
  layout->addWidget(tabs_);

  stale_.assign(charts_.size(), true);
  connect(tabs_, &QTabWidget::currentChanged, this, [this](int index) { ensureBuilt(index); });
  connect(kernelBox_, &QComboBox::currentTextChanged, this, [this] { refresh(); });
  for (QComboBox* box : {baselineBox_, gpuTimeBox_}) {
    connect(box, &QComboBox::currentIndexChanged, this, [this] {
      rebuildCharts();
      emit reportOptionsChanged(reportOptions());
    });
  }
}

ChartPanel::~ChartPanel() = default;

void ChartPanel::setSession(const Session* session) {
  session_ = session;
  refresh();
}

void ChartPanel::refresh() {
  const std::vector<int> kept = existingRuns(visibleRuns_);
  const bool dropped = kept != visibleRuns_;
  visibleRuns_ = kept;
  fillSelectors();
  rebuildCharts();
  if (dropped) emit visibleRunsChanged(visibleRuns_);
}

std::vector<int> ChartPanel::existingRuns(std::vector<int> runIds) const {
  std::ranges::sort(runIds);
  runIds.erase(std::unique(runIds.begin(), runIds.end()), runIds.end());
  if (session_) std::erase_if(runIds, [this](int id) { return !findRun(*session_, id); });
  return runIds;
}

void ChartPanel::setVisibleRuns(std::vector<int> runIds) {
  runIds = existingRuns(std::move(runIds));
  if (runIds == visibleRuns_) return;
  visibleRuns_ = std::move(runIds);
  fillSelectors();
  rebuildCharts();
  emit visibleRunsChanged(visibleRuns_);
}

std::vector<int> ChartPanel::visibleRuns() const { return visibleRuns_; }

std::vector<int> ChartPanel::drawnRuns() const {
  if (!session_) return {};
  return runsShown(*session_, kernel().toStdString(), visibleRuns_);
}

const ChartInput& ChartPanel::input() const {
  if (!input_)
    input_ = makeChartInput(*session_, kernel().toStdString(), reportOptions(), visibleRuns_);
  return *input_;
}

void ChartPanel::fillSelectors() {
  if (!session_) return;
  QStringList shown;
  for (int i = 0; i < kernelBox_->count(); ++i) shown << kernelBox_->itemText(i);
  const QStringList kernels = toStringList(kernelsIn(*session_));
  replaceItems(kernelBox_, kernels, kernels.isEmpty() ? QString() : kernels.back());
  // A kernel that just got its first point is the one being measured: show it.
  for (const QString& kernel : kernels) {
    if (!shown.isEmpty() && !shown.contains(kernel)) {
      const QSignalBlocker blocker(kernelBox_);
      kernelBox_->setCurrentText(kernel);
    }
  }
  const std::string kernelName = kernelBox_->currentText().toStdString();
  const QString oldBaseline = baselineBox_->currentText();
  replaceItems(baselineBox_, toStringList(variantsIn(*session_, kernelName)),
               QString::fromStdString(defaultBaseline(*session_, kernelName)));
  if (baselineBox_->currentText() != oldBaseline) emit reportOptionsChanged(reportOptions());
  // The choice means something only where a gpu point shown has its timings.
  const bool anyGpu = std::ranges::any_of(drawnRuns(), [&](int id) {
    return std::ranges::any_of(findRun(*session_, id)->points, [&](const PointResult& r) {
      return r.point.kernel == kernelName && r.gpu.has_value();
    });
  });
  gpuTimeBox_->setEnabled(anyGpu);
}

void ChartPanel::rebuildCharts() {
  input_.reset();
  stale_.assign(charts_.size(), true);
  ensureBuilt(currentChart());
}

void ChartPanel::ensureBuilt(int index) const {
  const auto i = static_cast<std::size_t>(index);
  if (!session_ || i >= charts_.size() || !stale_[i]) return;
  charts_[i]->setInput(input());
  stale_[i] = false;
}

int ChartPanel::chartCount() const { return static_cast<int>(charts_.size()); }
int ChartPanel::currentChart() const { return tabs_->currentIndex(); }
void ChartPanel::setCurrentChart(int index) { tabs_->setCurrentIndex(index); }

QString ChartPanel::chartStem(int index) const {
  return charts_.at(static_cast<std::size_t>(index))->fileStem();
}

QSize ChartPanel::chartSize(int index) const {
  const QSize size = charts_.at(static_cast<std::size_t>(index))->size();
  // A chart on a tab never shown has no size yet; the visible one's is the same.
  return size.isValid() && !size.isEmpty() ? size : tabs_->currentWidget()->size();
}

std::vector<SeriesSnapshot> ChartPanel::snapshot(int index) const {
  ensureBuilt(index);
  return charts_.at(static_cast<std::size_t>(index))->snapshot();
}

QString ChartPanel::chartTitle(int index) const {
  ensureBuilt(index);
  return charts_.at(static_cast<std::size_t>(index))->chart()->title();
}

QString ChartPanel::kernel() const { return kernelBox_->currentText(); }

std::string ChartPanel::baseline() const {
  const QString text = baselineBox_->currentText();
  return text.isEmpty() ? std::string("loop") : text.toStdString();
}

void ChartPanel::setKernel(const QString& kernel) { kernelBox_->setCurrentText(kernel); }
void ChartPanel::setBaseline(const QString& variant) { baselineBox_->setCurrentText(variant); }

ReportOptions ChartPanel::reportOptions() const {
  return {baseline(), static_cast<GpuTime>(gpuTimeBox_->currentData().toInt())};
}

void ChartPanel::setGpuTime(GpuTime time) {
  gpuTimeBox_->setCurrentIndex(gpuTimeBox_->findData(static_cast<int>(time)));
}

std::unique_ptr<ChartView> ChartPanel::detachedCopy(int index) const {
  // A separate view, so that the window's chart keeps its size while the copy is laid out.
  auto charts = createCharts();
  auto copy = std::move(charts.at(static_cast<std::size_t>(index)));
  copy->setInput(input());
  return copy;
}

std::optional<QString> ChartPanel::exportPng(int index, const QString& path, QSize logicalSize,
                                             qreal scale) const {
  if (!session_) return tr("Nothing to export.");
  return saveChartPng(*detachedCopy(index), path, logicalSize, scale);
}

std::optional<QString> ChartPanel::exportSvg(int index, const QString& path,
                                             QSize logicalSize) const {
  if (!session_) return tr("Nothing to export.");
  return saveChartSvg(*detachedCopy(index), path, logicalSize);
}

}  // namespace accellab::gui
