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
      baselineBox_(new QComboBox(this)),
      gpuTimeBox_(new QComboBox(this)),
      tabs_(new QTabWidget(this)) {
  auto* selectors = new QHBoxLayout;
  auto* baselineLabel = new QLabel(tr("Speedup &baseline:"), this);
  baselineLabel->setBuddy(baselineBox_);
  baselineBox_->setObjectName(QStringLiteral("chartBaseline"));
  // Sized to the variants of the kernel shown, not to those of the first one ("Sums.tin").
  baselineBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  baselineBox_->setToolTip(tr("The variant whose 1-thread time the speedups are relative to"));
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
  for (std::size_t i = 0; i < charts_.size(); ++i) {
    connect(charts_[i], &ChartView::pointActivated, this,
            [this](PointId id) { emit pointActivated(id.runId, id.index); });
    // A new theme resets the series' colours: the chart is built again, now if it is shown.
    connect(charts_[i], &ChartView::rebuildNeeded, this, [this, i] {
      stale_[i] = true;
      if (static_cast<int>(i) == currentChart()) ensureBuilt(currentChart());
    });
  }
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
  const std::string kernelName = kernel().toStdString();
  const QString oldBaseline = baselineBox_->currentText();
  replaceItems(baselineBox_, toStringList(variantsIn(*session_, kernelName)),
               QString::fromStdString(defaultBaseline(*session_, kernelName)));
  if (baselineBox_->currentText() != oldBaseline) emit reportOptionsChanged(reportOptions());
  // Unrelated benchmarks (an asv file's, by their axes) have no speedup: no baseline to pick.
  const bool related = std::ranges::any_of(
      drawnRuns(), [&](int id) { return !findRun(*session_, id)->unrelatedVariants; });
  baselineBox_->setEnabled(related);
  baselineBox_->setToolTip(
      related ? tr("The variant whose 1-thread time the speedups are relative to")
              : tr("These benchmarks are not one piece of work done several ways: they have no "
                   "speedup over one another (declare a kernel with the accellab module for "
                   "that)"));
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
  // Tabs are named after what their chart plots for this kernel ("Bandwidth", "Throughput").
  for (std::size_t i = 0; i < charts_.size(); ++i)
    tabs_->setTabText(static_cast<int>(i),
                      session_ ? charts_[i]->tabTitleFor(input()) : charts_[i]->tabTitle());
  ensureBuilt(currentChart());
}

void ChartPanel::ensureBuilt(int index) const {
  const auto i = static_cast<std::size_t>(index);
  if (!session_ || i >= charts_.size() || !stale_[i]) return;
  charts_[i]->setInput(input());
  charts_[i]->highlightPoints(highlighted_);
  stale_[i] = false;
}

ChartView* ChartPanel::chartAt(int index) const {
  ensureBuilt(index);
  return charts_.at(static_cast<std::size_t>(index));
}

void ChartPanel::highlightPoints(const std::vector<PointId>& ids) {
  highlighted_ = ids;
  for (std::size_t i = 0; i < charts_.size(); ++i)
    if (!stale_[i]) charts_[i]->highlightPoints(ids);
}

QString ChartPanel::currentToolTip() const { return chartAt(currentChart())->currentToolTip(); }

QStringList ChartPanel::hiddenEntries(int index) const { return chartAt(index)->hiddenEntries(); }

void ChartPanel::setEntryHidden(int index, const QString& name, bool hidden) {
  chartAt(index)->setEntryHidden(name, hidden);
}

std::optional<QPoint> ChartPanel::elementPosition(int index, PointId id) const {
  return chartAt(index)->elementPosition(id);
}

std::optional<QPoint> ChartPanel::legendEntryPosition(int index, const QString& name) const {
  return chartAt(index)->legendEntryPosition(name);
}

QWidget* ChartPanel::chartViewport(int index) const { return chartAt(index)->viewport(); }

QMenu* ChartPanel::contextMenu(int index) const { return chartAt(index)->contextMenu(); }

void ChartPanel::addChartActions(const QList<QAction*>& actions) {
  for (int chart = 0; chart < chartCount(); ++chart) chartAt(chart)->addActions(actions);
}

std::pair<double, double> ChartPanel::axisRange(int index, Qt::Orientation orientation) const {
  return chartAt(index)->axisRange(orientation);
}

void ChartPanel::resetZoom(int index) { chartAt(index)->resetZoom(); }

int ChartPanel::chartCount() const { return static_cast<int>(charts_.size()); }
int ChartPanel::currentChart() const { return tabs_->currentIndex(); }
void ChartPanel::setCurrentChart(int index) { tabs_->setCurrentIndex(index); }

QString ChartPanel::chartStem(int index) const {
  return charts_.at(static_cast<std::size_t>(index))->fileStem();
}

QString ChartPanel::exportName(int index) const {
  return QStringLiteral("%1-%2").arg(exportPrefix(),
                                     charts_.at(static_cast<std::size_t>(index))
                                         ->exportStemFor(session_ ? input() : ChartInput{}));
}

QString ChartPanel::exportPrefix() const {
  QString prefix = fileSlug(kernel().toStdString(), {});
  const std::vector<int> runs = drawnRuns();
  if (runs.empty()) return prefix;
  QStringList ids;
  for (const int id : runs) ids << QString::number(id);
  return prefix + (runs.size() == 1 ? QStringLiteral("-run") : QStringLiteral("-runs")) +
         ids.join(QLatin1Char('-'));
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

QString ChartPanel::kernel() const {
  // The kernel selected, with runs or not yet: the window's one selection (the table shows it
  // too). Before any is, the latest run's.
  if (!session_ || !kernel_.isEmpty()) return kernel_;
  for (auto run = session_->runs.rbegin(); run != session_->runs.rend(); ++run)
    if (!run->points.empty()) return QString::fromStdString(run->points.back().point.kernel);
  return kernel_;
}

QStringList ChartPanel::sessionKernels() const {
  return session_ ? toStringList(kernelsIn(*session_)) : QStringList();
}

std::string ChartPanel::baseline() const {
  const QString text = baselineBox_->currentText();
  return text.isEmpty() ? std::string(kDefaultBaseline) : text.toStdString();
}

void ChartPanel::setKernel(const QString& kernel) {
  if (kernel == kernel_) return;
  const QString shown = this->kernel();
  kernel_ = kernel;
  if (this->kernel() != shown) refresh();
}
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
  return exportPng(index, path, logicalSize, scale, {});
}

std::optional<QString> ChartPanel::exportSvg(int index, const QString& path,
                                             QSize logicalSize) const {
  return exportSvg(index, path, logicalSize, {});
}

std::optional<QString> ChartPanel::exportPng(int index, const QString& path, QSize logicalSize,
                                             qreal scale, const QString& caption) const {
  if (!session_) return tr("Nothing to export.");
  return saveChartPng(*detachedCopy(index), path, logicalSize, scale, caption);
}

std::optional<QString> ChartPanel::exportSvg(int index, const QString& path, QSize logicalSize,
                                             const QString& caption) const {
  if (!session_) return tr("Nothing to export.");
  return saveChartSvg(*detachedCopy(index), path, logicalSize, caption);
}

std::optional<QString> ChartPanel::exportAllCharts(const QString& dir, QStringList& written) const {
  if (!session_ || input().empty()) return tr("Nothing to export.");
  const ChartFiles files{chartSize(currentChart()), kExportScale, exportCaption(), true};
  return writeChartFiles(input(), dir, exportPrefix(), files, written);
}

QString ChartPanel::exportCaption() const {
  return session_ ? chartCaption(*session_, drawnRuns()) : QString();
}

}  // namespace accellab::gui
