#include "system/systemview.h"

#include <QHeaderView>
#include <QStringList>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "accellab/format.h"

namespace accellab::gui {

namespace {

QString text(const std::string& value) { return QString::fromStdString(value); }
QString bytes(std::uint64_t value) {
  return text(formatValue(static_cast<double>(value), ValueKind::bytes));
}

QString join(const std::vector<std::string>& items) {
  QStringList list;
  for (const auto& item : items) list << text(item);
  return list.join(QStringLiteral(", "));
}

}  // namespace

SystemView::SystemView(QWidget* parent) : QWidget(parent), tree_(new QTreeWidget(this)) {
  tree_->setObjectName(QStringLiteral("systemTree"));
  tree_->setColumnCount(2);
  tree_->setHeaderLabels({tr("Property"), tr("Value")});
  tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  tree_->setRootIsDecorated(false);
  tree_->setAlternatingRowColors(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(tree_);
  showProbing();
}

void SystemView::showProbing() {
  tree_->clear();
  tree_->addTopLevelItem(new QTreeWidgetItem(
      QStringList{tr("Probe"), tr("Probing the machine and measuring memory bandwidth\u2026")}));
}

void SystemView::setSystem(const SystemInfo& s) {
  tree_->clear();
  const auto add = [this](const QString& name, const QString& value) {
    tree_->addTopLevelItem(new QTreeWidgetItem(QStringList{name, value}));
  };
  add(tr("CPU"), text(s.cpuModel));
  add(tr("Logical cores"), QString::number(s.logicalCores));
  add(tr("SIMD targets"), join(s.simdAvailable));
  add(tr("SIMD selected"), text(s.simdSelected));
  for (const CacheInfo& cache : s.caches)
    add(tr("L%1 %2 cache").arg(cache.level).arg(text(cache.type)), bytes(cache.sizeBytes));
  add(tr("RAM"),
      tr("%1 total, %2 available").arg(bytes(s.totalRamBytes), bytes(s.availableRamBytes)));
  for (const GpuInfo& gpu : s.gpus) {
    const QString label = s.gpus.size() == 1         ? tr("GPU")
                          : gpu.index == s.gpuDevice ? tr("GPU %1 (used)").arg(gpu.index)
                                                     : tr("GPU %1").arg(gpu.index);
    add(label, tr("%1, %2 SMs, %3, compute capability %4")
                   .arg(text(gpu.name))
                   .arg(gpu.smCount)
                   .arg(bytes(gpu.memoryBytes), text(gpu.computeCapability)));
    add(tr("%1 copy ceiling").arg(label),
        gpu.copyCeilingBytesPerS > 0
            ? text(formatValue(gpu.copyCeilingBytesPerS, ValueKind::byteRate))
            : tr("not measured"));
    add(tr("%1 driver / runtime").arg(label),
        QStringLiteral("%1 / %2").arg(text(gpu.driverVersion), text(gpu.runtimeVersion)));
  }
  if (!selectedGpu(s)) add(tr("GPU"), tr("none: %1").arg(text(s.gpuReason)));
  add(tr("OS"), text(s.os));
  add(tr("Kernel"), text(s.kernel));
  add(tr("Compiler"), text(s.compiler));
  add(tr("Compiler flags"), text(s.compilerFlags));
  add(tr("Build type"), text(s.buildType));
  add(tr("OpenMP"), s.openmpVersion.empty() ? tr("not built") : text(s.openmpVersion));
  add(tr("Bandwidth ceiling"),
      s.bandwidthCeilingBytesPerS > 0
          ? tr("%1 (%2)").arg(text(formatValue(s.bandwidthCeilingBytesPerS, ValueKind::byteRate)),
                              text(s.bandwidthMethod))
          : tr("not measured"));
}

}  // namespace accellab::gui
